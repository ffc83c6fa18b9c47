// The real membersync binary against the emulator: first sync in chunks with a partial failure,
// an unchanged re-sync, edits, departures across grace runs and grace hours, the safety guard
// and allow-deletes, a stale saved plan, adds whose answers were dropped, and a run killed in
// the middle of its adds.
// Every test also checks that no secret (client secret, admin password, generated password)
// reaches the output of any run or the state database.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <thread>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// `status` with nothing in doubt: no item open, no password unconfirmed.
void checkNothingInDoubt(SyncFixture& f) {
  const auto st = f.status();
  INFO(tail(st.out) << st.err);
  CHECK(st.exitCode == 0);
  CHECK_THAT(st.out, Contains("Nothing needs a person."));
  CHECK_THAT(st.out, !Contains("passwords in doubt"));
}

// The same export again: exit 0 and not one write call.
void checkResyncWritesNothing(const EmulatorProcess& emulator, SyncFixture& f) {
  const int writes = stats(emulator).writes;
  const auto r = f.sync();
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(stats(emulator).writes == writes);
}

}  // namespace

TEST_CASE(
    "sync: 250 new people go out as 3 A1 chunks and the row a chunk refuses (60027) is "
    "listed by status while every other row lands",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  // LEGAL maps to a departmentId the enterprise does not have: A1 fails that item alone.
  o.departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004, "LEGAL": 4711})";
  SyncFixture f(emulator, o);
  auto people = staff(250);
  people[149].department = "LEGAL";  // staff0150, in the second chunk
  f.writeHr(people);

  const auto r = f.sync();
  INFO(r.err);
  CHECK(r.exitCode == 3);
  const auto s = stats(emulator);
  CHECK(s.calls("A1") == 3);
  CHECK(s.outcome("A1", "0") == 2);
  CHECK(s.outcome("A1", "60027") == 1);
  CHECK(s.writes == 3);
  CHECK_THAT(r.out, Contains("249 added") && Contains("1 failed"));
  CHECK_THAT(r.out, Contains("staff0150") && Contains("department 4711 does not exist"));

  const auto live = liveMembersByAccount(emulator);
  CHECK(live.count("staff0150") == 0);
  auto landed = people;
  landed.erase(landed.begin() + 149);
  const auto passwords = f.outbox();
  int wrong = 0;
  for (const auto& p : landed) {
    auto m = live.find(p.account);
    if (m == live.end() || m->second.name != p.name ||
        m->second.departmentId != kDepartmentIds.at(p.department) ||
        !passwords.at(p.account).confirmed ||
        sha256Hex(passwords.at(p.account).password) != m->second.passwordSha256) {
      ++wrong;
      UNSCOPED_INFO(p.account << " did not land as HR has it, with the outbox's password");
    }
  }
  CHECK(wrong == 0);

  const auto st = f.status();
  INFO(tail(st.out));
  CHECK(st.exitCode == 3);
  // Named by account, with the reason and what to do, first.
  CHECK(st.out.rfind("Needs a person: 1 refused", 0) == 0);
  CHECK_THAT(st.out, Contains("refused by the center (1)") && Contains("staff0150") &&
                         Contains("department 4711 does not exist"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "sync: a second sync of the same export makes no write call and a refused row is "
    "re-sent only once it changes",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004, "LEGAL": 4711})";
  SyncFixture f(emulator, o);
  auto people = staff(30);
  people[6].department = "LEGAL";  // staff0007 is refused: department 4711 does not exist
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 3);
  const auto first = stats(emulator);

  // Unchanged export: the refused row waits for its HR row to change; nothing else is due, but
  // the run still says a person is needed (exit 3) until the row is fixed.
  const auto again = f.sync();
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 3);
  CHECK_THAT(again.out, Contains("Needs a person: 1 refused"));
  CHECK(stats(emulator).writes == first.writes);
  CHECK_THAT(again.out, Contains("staff0007") && Contains("refused earlier"));
  const auto st = f.status();
  CHECK(st.exitCode == 3);
  CHECK_THAT(st.out, Contains("staff0007") && Contains("refused"));

  // The row fixed in HR is sent again, alone.
  people[6].department = "ENG";
  f.writeHr(people);
  const auto fixed = f.sync();
  INFO(tail(fixed.out) << fixed.err);
  CHECK(fixed.exitCode == 0);
  const auto after = stats(emulator);
  CHECK(after.calls("A1") == first.calls("A1") + 1);
  CHECK(after.writes == first.writes + 1);
  checkEndState(emulator, f, people);
  checkNothingInDoubt(f);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

TEST_CASE("sync: edits to a name or a department or a remark go out as exactly those A2 calls",
          "[sync]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(20);
  people[2].remark = "小组长";     // staff0003
  people[3].remark = "Team lead";  // staff0004
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const auto before = stats(emulator);

  people[0].name = "欧阳明华";    // staff0001: a new name
  people[1].department = "ENG";   // staff0002: SALES -> ENG
  people[2].remark = "";          // staff0003: "" clears the remark
  people[3].remark = "项目经理";  // staff0004: a new remark
  f.writeHr(people);
  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  const auto after = stats(emulator);
  CHECK(after.calls("A2") == before.calls("A2") + 4);
  CHECK(after.outcome("A2", "0") == before.outcome("A2", "0") + 4);
  CHECK(after.writes == before.writes + 4);

  auto live = liveMembersByAccount(emulator);
  CHECK(live["staff0001"].name == "欧阳明华");
  CHECK(live["staff0002"].departmentId == 1001);
  CHECK_FALSE(live["staff0003"].remark.has_value());
  CHECK(live["staff0004"].remark == std::optional<std::string>("项目经理"));
  CHECK(live["staff0005"].name == people[4].name);  // untouched
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "sync: with departed = delete a missing person is held for grace_runs distinct exports "
    "(the same export counts once) and then deleted",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceRuns = 2;
  o.departed = "delete";
  SyncFixture f(emulator, o);
  auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  people.pop_back();  // staff0020 leaves
  f.writeHr(people);
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  CHECK(held.exitCode == 0);
  CHECK_THAT(held.out, Contains("held delete staff0020") && Contains("in 1 of 2 exports"));
  CHECK(stats(emulator).calls("A4") == 0);

  // The same export again counts nothing.
  const auto same = f.sync();
  INFO(tail(same.out));
  CHECK(same.exitCode == 0);
  CHECK_THAT(same.out, Contains("in 1 of 2 exports"));
  CHECK(stats(emulator).calls("A4") == 0);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 1);

  // A second, distinct export (someone else's name changed): now it is deleted.
  people[0].name = "司马光";
  f.writeHr(people);
  const auto gone = f.sync();
  INFO(tail(gone.out) << gone.err);
  CHECK(gone.exitCode == 0);
  const auto s = stats(emulator);
  CHECK(s.calls("A4") == 1);
  CHECK(s.outcome("A4", "0") == 1);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 0);
  bool deleted = false;
  for (const auto& m : centerMembers(emulator)) deleted |= m.account == "staff0020" && m.deleted;
  CHECK(deleted);
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

// membersync reads the system clock, so the 30 days of delete_after_days cannot be stepped
// through the binary: the test shows the wait with 30 days, then sets 0 to see the delete (the
// day arithmetic itself is unit-tested in tests/unit/plan/departures_test.cpp).
TEST_CASE(
    "sync: with departed = withdraw-then-delete a person gone for grace_runs exports is "
    "withdrawn and deleted only after delete_after_days",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceRuns = 2;
  o.departed = "withdraw-then-delete";
  o.deleteAfterDays = 30;
  SyncFixture f(emulator, o);
  auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  people.pop_back();  // staff0020 leaves
  f.writeHr(people);
  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 0);
  CHECK_THAT(first.out, Contains("staff0020") && Contains("in 1 of 2 exports"));

  people[0].name = "司马光";  // a second distinct export
  f.writeHr(people);
  const auto withdrawn = f.sync();
  INFO(tail(withdrawn.out) << withdrawn.err);
  CHECK(withdrawn.exitCode == 0);
  // membersync assigned no asset to strip: the withdrawal is only the date it remembers, and says
  // so; it is not counted as one.
  CHECK_THAT(withdrawn.out, Contains("  = departure staff0020 (E0020, ") &&
                                Contains("nothing to withdraw: only the departure is recorded, and "
                                         "the member is deleted after 30 days") &&
                                Contains("0 to withdraw, 0 to delete; 1 departure with nothing to "
                                         "withdraw") &&
                                !Contains("1 withdrawn"));
  CHECK(stats(emulator).calls("A9") == 0);
  CHECK(stats(emulator).calls("A4") == 0);

  const auto waiting = f.sync();
  INFO(tail(waiting.out));
  CHECK(waiting.exitCode == 0);
  CHECK_THAT(waiting.out, Contains("staff0020") && Contains("deleted after 30 days"));
  CHECK(stats(emulator).calls("A4") == 0);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 1);

  o.deleteAfterDays = 0;
  f.configure(o);
  const auto deleted = f.sync();
  INFO(tail(deleted.out) << deleted.err);
  CHECK(deleted.exitCode == 0);
  CHECK(stats(emulator).calls("A4") == 1);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 0);
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

// Like delete_after_days, the 20 hours of grace_hours cannot pass within a test (membersync
// reads the system clock): the test shows the hold, and that the first sighting is kept across
// runs by the state database, then sets 0 to see the delete. The hour arithmetic is unit-tested
// in tests/unit/plan/departures_test.cpp.
TEST_CASE(
    "sync: a departure past grace_runs still waits grace_hours since it was first seen, and the "
    "first sighting is kept across runs",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceRuns = 1;
  o.graceHours = 20;
  o.departed = "delete";
  SyncFixture f(emulator, o);
  auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  people.pop_back();  // staff0020 leaves
  f.writeHr(people);
  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 0);
  CHECK_THAT(first.out, Contains("held delete staff0020") &&
                            Contains("acted on after 20 hours (grace_hours)"));
  CHECK(stats(emulator).calls("A4") == 0);
  // Local time with the zone's offset, as every verb writes times.
  const std::regex sinceRe("in 1 export since ([0-9-]+ [0-9:]+ [+-][0-9]{4})");
  std::smatch firstSince;
  REQUIRE(std::regex_search(first.out, firstSince, sinceRe));

  // A second, distinct export: counted, still held, and still since the first sighting.
  people[0].name = "司马光";
  f.writeHr(people);
  const auto second = f.sync();
  INFO(tail(second.out) << second.err);
  CHECK(second.exitCode == 0);
  CHECK_THAT(second.out, Contains("in 2 exports since " + firstSince[1].str()) &&
                             Contains("(grace_hours)"));
  CHECK(stats(emulator).calls("A4") == 0);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 1);

  o.graceHours = 0;
  f.configure(o);
  const auto deleted = f.sync();
  INFO(tail(deleted.out) << deleted.err);
  CHECK(deleted.exitCode == 0);
  CHECK(stats(emulator).calls("A4") == 1);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 0);
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "sync: too many departures trip the guard (exit 4: nothing deleted but adds and edits "
    "done) and allow-deletes RUN lets the next sync delete them",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceRuns = 1;
  o.departed = "delete";
  o.maxDeletes = 5;
  o.deleteFloor = 5;  // allowed: max(5, min(5, 5% of 80 = 4)) = 5
  SyncFixture f(emulator, o);
  auto people = staff(80);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const auto before = stats(emulator);

  people.resize(72);                  // staff0073..0080 leave: 8 deletes
  people.push_back(staffMember(81));  // two join
  people.push_back(staffMember(82));
  people[0].name = "诸葛亮";  // one edit
  f.writeHr(people);
  const auto guarded = f.sync();
  INFO(tail(guarded.out) << guarded.err);
  CHECK(guarded.exitCode == 4);
  CHECK_THAT(guarded.out + guarded.err, Contains("8 destructive items exceed the limit of 5"));
  auto s = stats(emulator);
  CHECK(s.calls("A4") == 0);
  CHECK(s.calls("A1") == before.calls("A1") + 1);
  CHECK(s.calls("A2") == before.calls("A2") + 1);
  auto live = liveMembersByAccount(emulator);
  for (int n = 73; n <= 80; ++n) CHECK(live.count(staffMember(n).account) == 1);
  CHECK(live.count("staff0081") == 1);
  CHECK(live["staff0001"].name == "诸葛亮");

  const long long run = appliedRun(guarded.out);
  REQUIRE(run > 0);
  const auto st = f.status();
  CHECK(st.exitCode == 4);
  CHECK_THAT(st.out, Contains("held by a safety guard (8)") &&
                         Contains(f.configPath().string() + " allow " + std::to_string(run)) &&
                         Contains("delete  staff0073"));
  const auto allow = f.run({"allow-deletes", std::to_string(run)});
  INFO(tail(allow.out) << allow.err);
  CHECK(allow.exitCode == 0);
  CHECK_THAT(allow.out, Contains("released 8"));

  const auto released = f.sync();
  INFO(tail(released.out) << released.err);
  CHECK(released.exitCode == 0);
  s = stats(emulator);
  CHECK(s.calls("A4") == 8);
  CHECK(s.outcome("A4", "0") == 8);
  live = liveMembersByAccount(emulator);
  for (int n = 73; n <= 80; ++n) CHECK(live.count(staffMember(n).account) == 0);
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "apply: a saved plan is refused as stale (exit 5 and nothing sent) once the HR export or "
    "a member changed but a fresh one is carried out",
    "[sync]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(10);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const std::string planFile = (f.dir() / "p.json").string();

  SECTION("the HR export changed") {
    people[1].name = "上官婉儿";
    f.writeHr(people);
    REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
    people[2].name = "慕容复";
    f.writeHr(people);
    const int writes = stats(emulator).writes;
    const auto r = f.run({"apply", planFile});
    INFO(tail(r.out) << r.err);
    CHECK(r.exitCode == 5);
    CHECK_THAT(r.err, Contains("stale") && Contains("the HR export"));
    CHECK(stats(emulator).writes == writes);
  }
  SECTION("a member changed on the center") {
    people[1].name = "上官婉儿";
    f.writeHr(people);
    REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
    const auto target = liveMembersByAccount(emulator).at("staff0005");
    CenterClient center(emulator);
    const auto edit =
        center.call("PUT", "/me/api/v1/enterprise/ENT-ACME-0001/member/" + target.globalId,
                    R"({"userName":"staff0005","name":"改名者"})");
    REQUIRE(edit.status == 200);
    const int writes = stats(emulator).writes;
    const auto r = f.run({"apply", planFile});
    INFO(tail(r.out) << r.err);
    CHECK(r.exitCode == 5);
    CHECK_THAT(r.err, Contains("stale") && Contains("the member list"));
    CHECK(stats(emulator).writes == writes);
  }
  // Either way, a fresh plan of what is there now is carried out exactly.
  REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
  const auto before = stats(emulator);
  const auto r = f.run({"apply", planFile});
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  const auto after = stats(emulator);
  CHECK(after.writes > before.writes);
  CHECK(after.writes - before.writes == after.calls("A2") - before.calls("A2"));  // only edits
  checkEndState(emulator, f, people);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

// --drop-after-commit can only be set when the emulator starts, and its state lives in that one
// process. With P = 1 every write is dropped, the resets that settle the adds too, so nothing
// could ever be confirmed. With P = 0.2, one call at a time (so the sequence of calls, and of
// drops, repeats) and seed 11, the emulator answers the first A1 (100 rows), drops the second
// (10 rows), and of the resets that settle those ten drops one four times over, so that one is
// only confirmed by a third run.
TEST_CASE(
    "sync: adds whose answers were dropped after commit are settled by reading the member "
    "list without a duplicate and with a valid password for each",
    "[sync]") {
  EmulatorProcess emulator({"", {"--drop-after-commit", "0.2", "--seed", "11"}});
  SyncOptions o;
  o.centerExtra = "max_concurrency = 1\n";
  SyncFixture f(emulator, o);
  const auto people = staff(110);
  f.writeHr(people);

  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 3);
  const auto s = stats(emulator);
  // If the emulator's random stream changes, pick another seed giving one A1 answered and one
  // dropped: without a dropped add this test would prove nothing.
  REQUIRE(s.calls("A1") == 2);
  REQUIRE(s.outcome("A1", "dropped") == 1);
  CHECK_THAT(first.out, Contains("100 added") && Contains("10 in doubt"));
  const auto st = f.status();
  CHECK(st.exitCode == 3);
  CHECK_THAT(st.out, Contains("Needs a person: 10 in doubt") && Contains("never answered"));

  // Re-run until nothing is left in doubt (a reset whose answers were all dropped needs another
  // run); bounded.
  int runs = 0;
  for (; runs < 6; ++runs) {
    const auto r = f.sync();
    INFO(tail(r.out) << r.err);
    REQUIRE((r.exitCode == 0 || r.exitCode == 3));
    CHECK(stats(emulator).calls("A1") == 2);  // an add in doubt is settled, never re-sent
    if (r.exitCode == 0) break;
  }
  CHECK(runs < 6);
  checkEndState(emulator, f, people);
  checkNothingInDoubt(f);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

// The emulator answers the first write, and carries out every later one but holds its answer
// until released; with one call at a time, the moment /_emulator/stats counts the second A1 the
// first chunk is answered and recorded, the second is carried out but unanswered, and the third
// cannot have been sent. Killing membersync then leaves all three kinds of add behind, however
// late the kill comes. The test polls for that event (bounded), it never sleeps for a time.
// Before the re-run, ten of the people whose add never took effect leave HR: their passwords,
// written to the outbox but never set, must end cancelled.
TEST_CASE(
    "sync: a run killed (SIGKILL) in the middle of its adds then re-run ends as if never "
    "interrupted with no duplicate and no password lost or left pending",
    "[sync]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.centerExtra = "max_concurrency = 1\n";
  SyncFixture f(emulator, o);
  auto people = staff(250);
  f.writeHr(people);
  emulator.holdAnswersAfter(1);

  auto child = launchCommand(membersyncExecutable(), f.commandLine({"sync"}));
  bool reached = false;
  for (int polls = 0; polls < 200000 && child->running(); ++polls) {
    if (stats(emulator).calls("A1") >= 2) {
      reached = true;
      break;
    }
  }
  child->kill(SIGKILL);
  const auto killed = child->wait();
  f.keep(killed);
  INFO(killed.err);
  REQUIRE(reached);
  REQUIRE(killed.signal == SIGKILL);  // it was still running: cut off mid-run
  emulator.releaseWrites();           // the held answer goes nowhere; the re-run's go out as usual

  // Up to ten people whose add never took effect leave before the re-run.
  const auto created = liveMembersByAccount(emulator);
  std::vector<Person> stayed, left;
  for (auto it = people.rbegin(); it != people.rend(); ++it) {
    (left.size() < 10 && !created.count(it->account) ? left : stayed).push_back(*it);
  }
  std::reverse(stayed.begin(), stayed.end());
  CHECK(left.size() == 10);  // the third chunk (50 people) was never sent
  f.writeHr(stayed);

  const auto rerun = f.sync();
  INFO(tail(rerun.out) << rerun.err);
  CHECK(rerun.exitCode == 0);
  CHECK_THAT(rerun.out, Contains("was in doubt: the member exists; linked"));
  // Only what had not been carried out is added: the rest of the third chunk, once.
  CHECK(stats(emulator).calls("A1") == 3);
  checkEndState(emulator, f, stayed);
  const auto outbox = f.outbox();
  for (const auto& p : left) {
    INFO(p.account << " left HR before its add was ever sent");
    CHECK(outbox.at(p.account).password.empty());  // cancelled by a `void` line
    CHECK(created.count(p.account) == 0);
  }
  checkNothingInDoubt(f);
  checkResyncWritesNothing(emulator, f);
  f.checkNoSecretLeaked();
}

// A gateway that fails after the backend acted: half of all writes are carried out and then
// answered code 500. Adds so answered are in doubt, never re-sent: the next runs settle them by
// listing the members and send the add's own pending password again (A3, retried within the run
// with that same password), never a new one. Runs repeat until nothing is in doubt.
TEST_CASE(
    "sync: writes carried out then answered code 500 are settled by reading, with no "
    "duplicate and no password lost",
    "[sync][faults]") {
  EmulatorProcess emulator({"", {"--act-then-fail-rate", "0.5", "--seed", "7"}});
  SyncFixture f(emulator);
  const auto people = staff(150);
  f.writeHr(people);
  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 3);  // some adds are in doubt
  CHECK(stats(emulator).outcome("A1", "acted-then-failed") > 0);
  int runs = 1;
  for (CommandResult r = f.sync(); r.exitCode != 0 && runs < 12; r = f.sync()) {
    INFO(tail(r.out) << r.err);
    REQUIRE(r.exitCode == 3);  // resets still in doubt; nothing else goes wrong
    ++runs;
  }
  CHECK(runs < 12);
  CHECK(stats(emulator).calls("A1") == 2);  // every chunk sent once: in doubt is not re-sent
  checkEndState(emulator, f, people);       // every in-force password is the center's
  for (const auto& [account, pw] : f.outbox()) {
    INFO(account);
    CHECK(pw.lines <= 2);  // the add's password, then `set`: never a second password
  }
  checkNothingInDoubt(f);
  f.checkNoSecretLeaked();
}

// Every answer to a write is lost. A reset-password in doubt keeps its password pending (the
// center may hold it), and so does the add's password that settling sends again.
TEST_CASE("sync: a password reset whose answers are all lost keeps its password, never voided",
          "[sync][faults]") {
  EmulatorProcess emulator({"", {"--drop-after-commit", "1"}});
  SyncFixture f(emulator);
  f.writeHr(staff(1));
  f.sync();  // the add is carried out, its answer lost: in doubt
  const auto settled = f.sync();
  INFO(tail(settled.out) << settled.err);
  CHECK_THAT(settled.out, Contains("was in doubt: the member exists; linked"));
  auto center = liveMembersByAccount(emulator).at("staff0001");
  auto outbox = f.outbox().at("staff0001");
  CHECK(outbox.lines == 1);  // the add's password, sent again, never replaced
  CHECK(sha256Hex(outbox.password) == center.passwordSha256);

  const auto reset = f.run({"reset-password", "staff0001"});
  INFO(reset.err);
  CHECK(reset.exitCode == 1);
  CHECK_THAT(reset.err, Contains("the next sync settles it"));
  center = liveMembersByAccount(emulator).at("staff0001");
  outbox = f.outbox().at("staff0001");
  CHECK_FALSE(outbox.password.empty());  // pending, not voided
  CHECK(sha256Hex(outbox.password) == center.passwordSha256);
  CHECK(stats(emulator).outcome("A3", "dropped") > 1);  // retried with the same password
  f.checkNoSecretLeaked();
}

// A password length the center refuses (50003, 8 to 20 in the emulator) stops the run naming
// the setting; nobody is held as refused, so the run after the fix adds everyone at once.
TEST_CASE(
    "sync: a password length the center refuses stops the run naming the key, and the "
    "run after the fix adds everyone",
    "[sync][faults]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.extra = "password_length = 25\n";
  SyncFixture f(emulator, o);
  const auto people = staff(150);
  f.writeHr(people);
  const auto refused = f.sync();
  INFO(refused.out << refused.err);
  CHECK(refused.exitCode == 78);  // the configuration's to fix
  CHECK_THAT(refused.out + refused.err,
             Contains("[sync] password_length") && Contains("between 8 and 20"));
  CHECK(stats(emulator).calls("A1") <= 2);  // the chunks under way, nothing after the stop
  CHECK(liveMembersByAccount(emulator).size() == 6);

  o.extra = "";
  f.configure(o);
  const auto fixed = f.sync();
  INFO(tail(fixed.out) << fixed.err);
  CHECK(fixed.exitCode == 0);
  checkEndState(emulator, f, people);
  f.checkNoSecretLeaked();
}

// The center requires a department and the policy maps none (40009): a configuration problem
// naming the policy's departments; once they are mapped, the next run adds everyone.
TEST_CASE(
    "sync: departments required while the policy maps none stops the run, and mapping "
    "them lets the next run add everyone",
    "[sync][faults]") {
  EmulatorProcess::Options options;
  options.fixture = membersync::testing::sourceDir() + "/tests/emulator/fixtures/strict.json";
  EmulatorProcess emulator(options);
  SyncOptions o;
  o.departments = "{}";
  SyncFixture f(emulator, o);
  const auto people = staff(3);  // the strict fixture allows 8 trial members and has 5
  f.writeHr(people);
  const auto refused = f.sync();
  INFO(refused.out << refused.err);
  CHECK(refused.exitCode == 78);  // the policy's to fix
  CHECK_THAT(refused.out + refused.err, Contains("\"departments\""));

  o.departments = SyncOptions().departments;
  f.configure(o);
  const auto fixed = f.sync();
  INFO(tail(fixed.out) << fixed.err);
  CHECK(fixed.exitCode == 0);
  const auto live = liveMembersByAccount(emulator);
  for (const auto& p : people) CHECK(live.count(p.account) == 1);
}

TEST_CASE(
    "sync: a state database belongs to the enterprise that first wrote to it, and a configuration "
    "for another enterprise is refused (exit 78) before anything is read or sent",
    "[sync]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  // A copy of the configuration for another enterprise, pointing at the same state database.
  std::ifstream in(f.configPath());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string ours = "enterprise_global_id = ENT-ACME-0001";
  REQUIRE(text.find(ours) != std::string::npos);
  text.replace(text.find(ours), ours.size(), "enterprise_global_id = ENT-OTHER-0002");
  f.writeFile("other.ini", text);
  auto withOther = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--config", (f.dir() / "other.ini").string()});
    auto r = runCommand(membersyncExecutable(), args);
    f.keep(r);
    return r;
  };

  // A look with the wrong configuration claims nothing: the right one then writes.
  CHECK(withOther({"status"}).exitCode == 0);
  REQUIRE(f.sync().exitCode == 0);

  const auto before = stats(emulator);
  // Verbs that read the member list first, too: explain and reset-password.
  const std::vector<std::vector<std::string>> verbs{
      {"sync"}, {"status"}, {"explain", "staff0001"}, {"reset-password", "staff0001"}};
  for (const auto& verb : verbs) {
    INFO(verb.front());
    const auto refused = withOther(verb);
    CHECK(refused.exitCode == 78);
    CHECK_THAT(refused.err, Contains("belongs to enterprise ENT-ACME-0001, not to ENT-OTHER-0002") &&
                                Contains("[state] database"));
  }
  CHECK(stats(emulator).writes == before.writes);
  CHECK(stats(emulator).calls("A5") == before.calls("A5"));  // refused before the member list
  CHECK(stats(emulator).calls("token") == before.calls("token"));  // and before the grants
  CHECK(f.sync().exitCode == 0);  // its own configuration still works
}

TEST_CASE(
    "sync: an HR export that cannot be used is reported (exit 1) with nothing written, only "
    "the token grants and page 1 of the member list, read ahead while the export was read, "
    "went out",
    "[sync]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeFile("hr.csv", "employee_id,name\nE0001,Only A Name\n");  // no account column

  const auto r = f.sync();
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Contains("the HR export cannot be used") && Contains("hr.csv"));
  const auto s = stats(emulator);
  CHECK(s.writes == 0);
  CHECK(s.calls("A5") == 1);
  CHECK(s.calls("token") == 2);
  f.checkNoSecretLeaked();

  // Mended, the next sync adds everyone, with no grant asked twice.
  f.writeHr(staff(4));
  REQUIRE(f.sync().exitCode == 0);
  CHECK(stats(emulator).calls("A1") == 1);
  CHECK(stats(emulator).calls("token") == 4);
  CHECK(stats(emulator).calls("A5") == 2);  // page 1 read ahead, and taken by the list
}
