// The real membersync binary against the emulator: what is promised after a write in doubt.
// Writes are put in doubt the way a crash does it: the emulator carries them out and holds their
// answers (hold-writes, acted) while the test kills membersync (SIGKILL), then lets go. Nothing
// waits for a time: every step waits for an event the emulator's statistics or a log show.
// - A refused reset-password never gives up a password the center may hold (after an add in
//   doubt, after a reset in doubt): `passwords` lists the one in force.
// - Edits in doubt are judged by reading: done ones are reverted, one the center moved on from is
//   unresolved, shown by status with both values and skipped by revert with the value seen.
// - A release is spent only by its item: `sync --only` leaves the other reviewed renames
//   released; a delete's release binds to the member reviewed.
// - Settling stops on SIGTERM: no A3 starts after it, and the next run settles the rest.

#include <catch2/catch.hpp>

#include <csignal>
#include <optional>
#include <sstream>
#include <string>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using namespace std::chrono_literals;
using Catch::Contains;

// Runs `args` and kills membersync (SIGKILL) once the emulator has carried out `writes` calls of
// `endpoint` whose answers it holds; then lets the answers go (to a closed connection).
void killWithWritesInDoubt(const EmulatorProcess& emulator, SyncFixture& f,
                           const std::vector<std::string>& args, const std::string& endpoint,
                           int writes) {
  emulator.holdAnswersAfter(0);
  auto child = launchCommand(membersyncExecutable(), f.commandLine(args));
  const bool reached = eventually([&] { return stats(emulator).calls(endpoint) >= writes; }, 60s);
  child->kill(SIGKILL);
  const auto killed = child->wait();
  f.keep(killed);
  emulator.releaseWrites();
  INFO(killed.out << killed.err);
  REQUIRE(reached);
  REQUIRE(killed.signal == SIGKILL);
}

// The password `membersync passwords` lists for an account, if any.
std::optional<std::string> listedPassword(SyncFixture& f, const std::string& account) {
  // Not kept for the secret scan: this output is the one place passwords are meant to be.
  const auto r =
      runCommand(membersyncExecutable(), f.commandLine({"passwords", "--format", "csv"}));
  REQUIRE(r.exitCode == 0);
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    // account,login,name,password,...: the test's names and logins hold no comma.
    if (line.rfind(account + ",", 0) != 0) continue;
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    if (fields.size() >= 4) return fields[3];
  }
  return std::nullopt;
}

// The password `passwords` lists for each account is the one the center holds.
void checkListedInForce(const EmulatorProcess& emulator, SyncFixture& f,
                        const std::vector<std::string>& accounts) {
  const auto live = liveMembersByAccount(emulator);
  for (const auto& account : accounts) {
    INFO(account);
    const auto listed = listedPassword(f, account);
    REQUIRE(listed);
    CHECK(sha256Hex(*listed) == live.at(account).passwordSha256);
  }
}

void renameOnCenter(const EmulatorProcess& emulator, const std::string& account,
                    const std::string& name) {
  const auto member = liveMembersByAccount(emulator).at(account);
  CenterClient center(emulator);
  const auto edit =
      center.call("PUT", "/me/api/v1/enterprise/ENT-ACME-0001/member/" + member.globalId,
                  R"({"userName":")" + account + R"(","name":")" + name + R"("})");
  REQUIRE(edit.status == 200);
}

SyncOptions withExtra(const std::string& extra) {
  SyncOptions o;
  o.extra = extra;
  return o;
}

}  // namespace

TEST_CASE(
    "trust: reset-password refused after adds in doubt settles the add first, and the password the "
    "center holds stays listed",
    "[sync][trust]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  killWithWritesInDoubt(emulator, f, {"sync"}, "A1", 1);
  REQUIRE(liveMembersByAccount(emulator).count("staff0001") == 1);  // created, answer lost

  f.configure(withExtra("password_length = 25\n"));  // a length the center refuses (8 to 20)
  const auto refused = f.run({"reset-password", "staff0001"});
  INFO(refused.out << refused.err);
  CHECK(refused.exitCode == 78);
  CHECK_THAT(refused.out,
             Contains("settled first: add of staff0001 was in doubt: the member exists; linked") &&
                 Contains("the pending one was sent again and is set"));
  CHECK_THAT(refused.err,
             Contains("between 8 and 20") && Contains("the password in force is unchanged"));
  checkListedInForce(emulator, f, {"staff0001"});

  // The others are settled by the next sync, with the passwords their adds carried.
  f.configure(SyncOptions());
  const auto settled = f.sync();
  INFO(tail(settled.out) << settled.err);
  CHECK(settled.exitCode == 0);
  checkListedInForce(emulator, f, {"staff0001", "staff0002", "staff0003"});
  CHECK_THAT(f.status().out, !Contains("passwords in doubt"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "trust: a reset refused while an earlier reset is in doubt lists the earlier one, which the "
    "center holds, not the password before it",
    "[sync][trust]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(1));
  REQUIRE(f.sync().exitCode == 0);
  const std::string first = *listedPassword(f, "staff0001");
  killWithWritesInDoubt(emulator, f, {"reset-password", "staff0001"}, "A3", 1);
  const auto center = liveMembersByAccount(emulator).at("staff0001");
  REQUIRE(center.passwordSha256 != sha256Hex(first));  // the reset took effect, unanswered

  f.configure(withExtra("password_length = 25\n"));
  const auto refused = f.run({"reset-password", "staff0001"});
  INFO(refused.out << refused.err);
  CHECK(refused.exitCode == 78);
  CHECK_THAT(refused.out, Contains("the pending one was sent again and is set"));
  checkListedInForce(emulator, f, {"staff0001"});
  const auto st = f.status();
  CHECK_THAT(st.out, !Contains("passwords in doubt") && !Contains("steps in doubt"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "trust: renames whose answers were lost are judged by reading: done ones are reverted, and "
    "one the center moved on from is unresolved, shown with both values and skipped by revert",
    "[sync][trust][revert]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(10);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  auto renamed = people;
  for (int i = 0; i < 5; ++i) renamed[i].name = "新名" + std::to_string(i + 1);
  f.writeHr(renamed);
  killWithWritesInDoubt(emulator, f, {"sync"}, "A2", 5);
  const long long killedRun = 2;                    // the first sync was run 1
  renameOnCenter(emulator, "staff0005", "第三者");  // someone else, meanwhile

  // The revert settles first: four renames took effect, the fifth is neither.
  const auto reverted = f.run({"revert", std::to_string(killedRun), "--apply"});
  INFO(tail(reverted.out, 4000) << reverted.err);
  CHECK(reverted.exitCode == 3);  // the fifth needs a person
  CHECK_THAT(reverted.out,
             Contains("edit of staff0001 was in doubt: it took effect") &&
                 Contains("edit of staff0005 was in doubt: the center has neither") &&
                 Contains("skipped name of staff0005: the center now has \"第三者\""));
  const auto live = liveMembersByAccount(emulator);
  for (int i = 0; i < 4; ++i) CHECK(live.at(people[i].account).name == people[i].name);
  CHECK(live.at("staff0005").name == "第三者");

  const auto st = f.status();
  INFO(st.out);
  CHECK(st.exitCode == 3);
  CHECK_THAT(st.out, Contains("in doubt (1)") && Contains("edit  staff0005") &&
                         Contains("name is \"第三者\"") && Contains("the edit set \"新名5\"") &&
                         Contains("revert 2 judges each field again"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "trust: a sync killed in the middle of a group of renames settles the group by reading: each "
    "rename is carried out once, none twice and none lost",
    "[sync][trust]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator, withExtra("max_edits = 100\nedit_floor = 100\n"));
  const auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const int before = stats(emulator).calls("A2");
  f.writeHr(renamedAll(people, "Latin "));
  // The 20 renames are one group: journaled as sent together, killed after 3 were carried out.
  killWithWritesInDoubt(emulator, f, {"sync"}, "A2", 3);
  REQUIRE(stats(emulator).calls("A2") - before < 20);

  const auto next = f.sync();
  INFO(tail(next.out) << next.err);
  CHECK(next.exitCode == 0);
  // Journaled as sent before any was carried out: the next run finds them in doubt and reads.
  CHECK_THAT(next.out, Contains("was in doubt: it took effect"));
  CHECK(stats(emulator).calls("A2") - before == 20);  // the carried-out ones not sent again
  const auto live = liveMembersByAccount(emulator);
  for (const auto& p : people) CHECK(live.at(p.account).name == "Latin " + p.account);
  CHECK_THAT(f.status().out, !Contains("in doubt"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "trust: sync --only spends only its account's release, the other reviewed renames go out on "
    "the next sync",
    "[sync][trust][guard]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator, withExtra("max_edits = 5\nedit_floor = 5\n"));
  const auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  f.writeHr(renamedAll(people, "Latin "));
  const auto held = f.sync();
  REQUIRE(held.exitCode == 4);
  REQUIRE(f.run({"allow", std::to_string(appliedRun(held.out))}).exitCode == 0);
  const int edits = stats(emulator).calls("A2");

  const auto one = f.run({"sync", "--only", "staff0001"});
  INFO(tail(one.out) << one.err);
  CHECK(one.exitCode == 0);
  CHECK(stats(emulator).calls("A2") == edits + 1);

  const auto rest = f.sync();
  INFO(tail(rest.out) << rest.err);
  CHECK(rest.exitCode == 0);  // not held again: their releases were not spent
  CHECK(stats(emulator).calls("A2") == edits + 20);
  CHECK(liveMembersByAccount(emulator).at("staff0020").name == "Latin staff0020");
}

TEST_CASE(
    "trust: a released delete binds to the member reviewed: members renamed on the center since "
    "are held again, the others deleted",
    "[sync][trust][guard]") {
  EmulatorProcess emulator;
  SyncOptions o;  // 60 managed: 5% is 3, so the floor of 10 binds
  SyncFixture f(emulator, o);
  const auto people = staff(60);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  f.writeHr(std::vector<Person>(people.begin(), people.begin() + 45));  // 15 leave
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  REQUIRE(held.exitCode == 4);
  REQUIRE(f.run({"allow", std::to_string(appliedRun(held.out))}).exitCode == 0);
  // Eleven of the fifteen are renamed on the center after the review: not what was released.
  for (int i = 45; i < 56; ++i)
    renameOnCenter(emulator, people[i].account, "改名" + std::to_string(i));

  const auto again = f.sync();
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 4);
  CHECK_THAT(again.out + again.err, Contains("11 destructive items exceed the limit of 10"));
  const auto live = liveMembersByAccount(emulator);
  for (int i = 45; i < 60; ++i) {
    INFO(people[i].account);
    CHECK(live.count(people[i].account) == (i < 56 ? 1u : 0u));
  }
}

TEST_CASE(
    "trust: SIGTERM while the daemon settles passwords in doubt starts no A3 after it, and the "
    "next sync settles the rest with the passwords the adds carried",
    "[sync][trust][daemon]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.centerExtra = "max_concurrency = 1\n";  // one A3 at a time: the first is the only one out
  o.extra = "[daemon]\nschedule = every 1h\nlisten =\n";
  SyncFixture f(emulator, o);
  const auto people = staff(30);
  f.writeHr(people);
  killWithWritesInDoubt(emulator, f, {"sync"}, "A1", 1);
  REQUIRE(liveMembersByAccount(emulator).size() == 36);  // the demo's six and the 30

  emulator.holdAnswersAfter(0);  // the first A3 of settling is carried out, its answer held
  BackgroundProcess daemon(membersyncExecutable(), f.commandLine({"daemon"}), {},
                           (f.dir() / "daemon.out").string());
  if (!eventually([&] { return stats(emulator).calls("A3") >= 1; }, 60s)) FAIL(daemon.output());
  daemon.signal(SIGTERM);
  REQUIRE(
      eventually([&] { return daemon.output().find("SIGTERM: stopping") != std::string::npos; }));
  emulator.releaseWrites();
  const auto code = daemon.waitForExit(60s);
  f.keepText("the daemon's output", daemon.output());
  INFO(daemon.output());
  CHECK(code == 0);
  CHECK(stats(emulator).calls("A3") == 1);  // none started after the stop
  CHECK_THAT(daemon.output(), Contains("settling stopped"));

  const auto rest = f.sync();
  INFO(tail(rest.out) << rest.err);
  CHECK(rest.exitCode == 0);
  CHECK(stats(emulator).calls("A1") == 1);  // the adds were settled, never sent again
  std::vector<std::string> accounts;
  for (const auto& p : people) accounts.push_back(p.account);
  checkListedInForce(emulator, f, accounts);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "trust: a refused edit is remembered: the next sync of the same row sends no A2 and status "
    "names it",
    "[sync][trust]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004, "LEGAL": 4711})";
  SyncFixture f(emulator, o);
  auto people = staff(5);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  people[2].department = "LEGAL";  // department 4711 does not exist: the edit is refused
  f.writeHr(people);
  const auto refused = f.sync();
  INFO(tail(refused.out) << refused.err);
  CHECK(refused.exitCode == 3);
  const int edits = stats(emulator).calls("A2");
  REQUIRE(edits >= 1);

  const auto again = f.sync();
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 3);
  CHECK(stats(emulator).calls("A2") == edits);  // held as refused, not sent again
  CHECK_THAT(again.out, Contains("refused earlier"));
  CHECK_THAT(f.status().out, Contains("refused by the center (1)") && Contains("staff0003"));
}
