// Messages a person reads (issue 28, point 4), through the real binary against the emulator: the
// plan's field names and columns, an account on two HR rows, `explain` by account, name or
// employee id, local times with the zone in every verb, `reset-password` of a protected account,
// a possible duplicate, and a long plan listed in part.

#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// How many lines of `text` start with `start`.
std::size_t linesStarting(const std::string& text, const std::string& start) {
  std::size_t n = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (text.compare(at, start.size(), start) == 0) ++n;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return n;
}

// membersync with TZ set, its output kept for the secret scan but for `passwords`, whose listing
// shows the passwords to hand out by design.
CommandResult runInZone(SyncFixture& f, const std::string& zone,
                        const std::vector<std::string>& args) {
  CommandResult r = runCommand(membersyncExecutable(), f.commandLine(args), {{"TZ", zone}});
  if (args.front() != "passwords") f.keep(r);
  return r;
}

}  // namespace

TEST_CASE(
    "messages: the plan names fields as the HR export does, mobile not passwordMobile, and "
    "their values line up",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(3);
  people[0].mobile = "13800138001";
  f.writeHr(people);

  const auto plan = f.run({"plan"});
  INFO(plan.out << plan.err);
  CHECK(plan.exitCode == 2);
  CHECK_THAT(plan.out, Contains("  + add staff0001 (E0001)\n"
                                "      name:         \"" +
                                people[0].name +
                                "\"\n"
                                "      departmentId: \"1002\"  (department \"DESIGN\")\n"
                                "      remark:       \"\"\n"
                                "      mobile:       \"13800138001\"\n"));
  CHECK_THAT(plan.out, !Contains("passwordMobile"));
  REQUIRE(f.sync().exitCode == 0);

  people[0].mobile = "13800138009";
  people[0].department = "SALES";
  f.writeHr(people);
  const auto edit = f.run({"plan"});
  INFO(edit.out << edit.err);
  CHECK_THAT(edit.out, Contains("  ~ edit staff0001 (E0001, ") &&
                           Contains("      departmentId: \"1002\" -> \"1003\"  (department "
                                    "\"SALES\")\n"
                                    "      mobile:       \"13800138001\" -> \"13800138009\"\n"));
  CHECK_THAT(edit.out, !Contains("passwordMobile"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: an account on two HR rows refuses only the newcomer's row, the linked "
    "employee's own changes go on",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(3);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const int adds = stats(emulator).calls("A1");

  people[0].name = "新名字";  // staff0001 is renamed ...
  Person newcomer = staffMember(100);
  newcomer.account = "STAFF0001";  // ... and a newcomer is given the same account
  people.push_back(newcomer);
  f.writeHr(people);
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode != 1);  // the refused row is a problem, never a failure of the run
  CHECK_THAT(r.out, Contains("  ~ edit staff0001 (E0001, ") &&
                        Contains("  # problem line 5 (STAFF0001): account \"STAFF0001\" is "
                                 "employee E0001's (line 2), to whom membersync links it; each "
                                 "person must appear once: give employee E0100 an account of its "
                                 "own"));
  CHECK_THAT(r.out, !Contains("problem line 2"));
  CHECK(liveMembersByAccount(emulator).at("staff0001").name == "新名字");
  CHECK(stats(emulator).calls("A1") == adds);  // the newcomer is not added

  const auto explain = f.run({"explain", "staff0001"});
  INFO(explain.out << explain.err);
  CHECK(explain.exitCode == 0);
  CHECK_THAT(explain.out, Contains("employee_id E0001, name \"新名字\""));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: explain finds a person by account, name (Chinese too) or employee id, "
    "someone unknown exits 1 with close matches",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  const auto people = staff(3);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  for (const std::string& query :
       {std::string("STAFF0002"), std::string("E0002"), people[1].name}) {
    const auto r = f.run({"explain", query});
    INFO(query << "\n" << r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK_THAT(r.out, Contains("employee_id E0002, name \"" + people[1].name + "\""));
  }
  const auto orphan = f.run({"explain", "陈杰"});  // a member no HR row matches
  INFO(orphan.out << orphan.err);
  CHECK(orphan.exitCode == 0);
  CHECK_THAT(orphan.out, Contains("member chenjie@acme"));

  const auto unknown = f.run({"explain", "staf0002"});
  INFO(unknown.out << unknown.err);
  CHECK(unknown.exitCode == 1);
  CHECK(unknown.out.empty());
  CHECK_THAT(unknown.err,
             Contains("nobody has the account, name or employee id \"staf0002\"") &&
                 Contains("close matches: staff0002 (" + people[1].name + ", E0002)") &&
                 Contains("membersync explain staff0002"));
  const auto nothingClose = f.run({"explain", "nobody-at-all"});
  CHECK(nothingClose.exitCode == 1);
  CHECK_THAT(nothingClose.err, Contains("check the spelling"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: times a person reads are local with the zone, the same in status, passwords "
    "and the plan's holds",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceHours = 20;
  SyncFixture f(emulator, o);
  auto people = staff(12);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  people.pop_back();  // staff0012 leaves: held for grace_hours, since a time
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  const std::regex time("[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} ([+-][0-9]{4})");
  for (const auto& [zone, offset] :
       std::map<std::string, std::string>{{"CST-8", "+0800"}, {"UTC", "+0000"}}) {
    INFO(zone);
    const auto plan = runInZone(f, zone, {"plan"});
    INFO(plan.out << plan.err);
    CHECK_THAT(plan.out, Contains("held delete staff0012") &&
                             Contains(offset + " (0 hours); acted on after 20 hours"));
    const auto status = runInZone(f, zone, {"status"});
    INFO(status.out);
    std::smatch started;
    REQUIRE(std::regex_search(status.out, started, time));
    CHECK(started[1].str() == offset);
    const auto passwords = runInZone(f, zone, {"passwords"});
    INFO(passwords.out);
    std::smatch created;
    REQUIRE(std::regex_search(passwords.out, created, time));
    CHECK(created[1].str() == offset);
  }
  // Programs keep UTC: the CSV form has the outbox's own timestamp.
  const auto csv = runInZone(f, "CST-8", {"passwords", "--format", "csv"});
  CHECK(std::regex_search(csv.out, std::regex(",[0-9-]{10}T[0-9:]{8}Z,")));
  f.checkNoSecretLeaked();
}

TEST_CASE("messages: reset-password of an account the policy protects asks for --force",
          "[sync][messages]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.policyExtra = R"(, "protect": ["svc*"])";
  SyncFixture f(emulator, o);
  f.writeHr(staff(2));

  const auto refused = f.run({"reset-password", "svcbackup"});
  INFO(refused.out << refused.err);
  CHECK(refused.exitCode == 1);
  CHECK_THAT(refused.err, Contains("svcbackup is protected by the policy's protect list") &&
                              Contains("membersync reset-password svcbackup --force"));
  CHECK(stats(emulator).calls("A3") == 0);
  CHECK(f.outbox().count("svcbackup") == 0);

  const auto forced = f.run({"reset-password", "svcbackup", "--force"});
  INFO(forced.out << forced.err);
  CHECK(forced.exitCode == 0);
  CHECK(stats(emulator).calls("A3") == 1);
  CHECK(f.outbox().at("svcbackup").confirmed);

  // An account the policy does not protect needs no --force.
  REQUIRE(f.sync().exitCode == 0);
  CHECK(f.run({"reset-password", "staff0001"}).exitCode == 0);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: a new HR row named as an orphan member is pointed out as a possible "
    "duplicate",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(2);
  people.push_back({"E0500", "jiechen", "陈杰", "ENG", "", "active", "", ""});
  f.writeHr(people);
  const auto plan = f.run({"plan"});
  INFO(plan.out << plan.err);
  CHECK(plan.exitCode == 2);
  CHECK_THAT(plan.out,
             Contains("  + add jiechen (E0500)") &&
                 Contains("  # problem line 4 (jiechen): the new jiechen may be the same "
                          "person as the member chenjie (") &&
                 Contains("also named \"陈杰\", which no HR row matches: if so, give this "
                          "row the account chenjie so that the member is adopted"));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "messages: a plan of more than 200 items lists the first 20 of each kind and says how "
    "to see all, --full and the JSON form give every item",
    "[sync][messages]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(250));

  const auto plan = f.run({"plan"});
  INFO(tail(plan.out) << plan.err);
  CHECK(plan.exitCode == 2);
  CHECK(linesStarting(plan.out, "  + add ") == 20);
  CHECK_THAT(plan.out, Contains("  ... and 230 more to add\n") &&
                           Contains("Listed: the first 20 of each kind, ") &&
                           Contains("(`--full` lists every item; `--format json` gives the whole "
                                    "plan)") &&
                           Contains("Plan: 250 to add, "));
  const auto full = f.run({"plan", "--full"});
  CHECK(full.exitCode == 2);
  CHECK(linesStarting(full.out, "  + add ") == 250);
  CHECK_THAT(full.out, !Contains("more to add") && !Contains("Listed:"));
  const auto json = f.run({"plan", "--format", "json"});
  CHECK(json.exitCode == 2);
  CHECK(linesStarting(json.out, "      \"kind\": \"add\"") == 250);

  const auto sync = f.sync();
  INFO(tail(sync.out) << sync.err);
  CHECK(sync.exitCode == 0);
  CHECK(linesStarting(sync.out, "  + add ") == 20);
  CHECK_THAT(sync.out, Contains("  ... and 230 more to add\n") && Contains("250 added"));
  CHECK(f.run({"sync", "--full"}).exitCode == 0);  // the option is taken
  f.checkNoSecretLeaked();
}
