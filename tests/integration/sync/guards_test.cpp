// The real membersync binary against the emulator: the edit guard. A mass rename (every name
// exported in another script) is held whole while adds go out, `status` and `plan` show it,
// `allow RUN` releases exactly the reviewed values, and the same export synced again writes
// nothing.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>

#include <string>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;


SyncOptions editGuardOf5() {
  SyncOptions o;
  o.extra = "max_edits = 5\nedit_floor = 5\n";  // allowed: max(5, min(5, 10% of 60 = 6)) = 5
  return o;
}

}  // namespace

TEST_CASE(
    "guards: a mass rename is held whole (exit 4, adds still go out), shown by status and plan, "
    "released by allow RUN and applied, and the same export then syncs without a write",
    "[sync][guard]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator, editGuardOf5());
  auto people = staff(60);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const auto before = stats(emulator);

  auto renamed = renamedAll(people, "Latin ");
  renamed.push_back(staffMember(61));
  f.writeHr(renamed);
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  CHECK(held.exitCode == 4);
  const long long run = appliedRun(held.out);
  REQUIRE(run > 0);
  CHECK_THAT(held.out + held.err, Contains("60 edits exceed the limit of 5") &&
                                      Contains("membersync allow " + std::to_string(run)));
  auto s = stats(emulator);
  CHECK(s.calls("A2") == before.calls("A2"));
  CHECK(s.calls("A1") == before.calls("A1") + 1);
  auto live = liveMembersByAccount(emulator);
  CHECK(live.count("staff0061") == 1);
  CHECK(live["staff0001"].name == people[0].name);

  const auto st = f.status();
  CHECK(st.exitCode == 4);
  CHECK_THAT(st.out, Contains("held by a safety guard (60)") &&
                         Contains(" allow " + std::to_string(run) + "`") &&
                         Contains("held by the edit guard") && Contains("edit  staff0001"));
  // The same for monitoring: status --format json names the run, its outcome and what it held.
  const auto stJson = f.run({"status", "--format", "json"});
  INFO(stJson.err);
  auto status = Poco::JSON::Parser().parse(stJson.out).extract<Poco::JSON::Object::Ptr>();
  CHECK(status->getValue<std::string>("format") == "membersync-status");
  auto newest = status->getArray("runs")->getObject(0);
  CHECK(newest->getValue<long long>("id") == run);
  CHECK(newest->getValue<std::string>("outcome") == "held");
  CHECK(newest->getObject("counts")->getValue<int>("added") == 1);
  CHECK(status->getArray("held")->size() == 60);
  CHECK(status->getArray("held")->getObject(0)->getValue<long long>("runId") == run);
  CHECK(stJson.exitCode == st.exitCode);
  const auto plan = f.run({"plan"});
  INFO(tail(plan.out));
  CHECK(plan.exitCode == 4);
  CHECK_THAT(plan.out, Contains("Edit guard: 60 edits held back"));

  const auto allow = f.run({"allow", std::to_string(run)});
  INFO(allow.out << allow.err);
  CHECK(allow.exitCode == 0);
  CHECK_THAT(allow.out, Contains("released 60"));

  SECTION("the reviewed values go out, and the same export then writes nothing") {
    const auto applied = f.sync();
    INFO(tail(applied.out) << applied.err);
    CHECK(applied.exitCode == 0);
    CHECK(stats(emulator).calls("A2") == before.calls("A2") + 60);
    live = liveMembersByAccount(emulator);
    CHECK(live["staff0001"].name == "Latin staff0001");
    // The journal keeps the name before and after; explain shows it with the run.
    const auto explain = f.run({"explain", "staff0001"});
    INFO(explain.out << explain.err);
    CHECK(explain.exitCode == 0);
    CHECK_THAT(explain.out, Contains("recent changes") &&
                                Contains("run " + std::to_string(appliedRun(applied.out))) &&
                                Contains("edit  succeeded: name \"" + people[0].name +
                                         "\" -> \"Latin staff0001\""));
    const int writes = stats(emulator).writes;
    CHECK(f.sync().exitCode == 0);
    CHECK(stats(emulator).writes == writes);
  }
  SECTION("names that changed again after the review are held again, not released") {
    f.writeHr(renamedAll(renamed, "Other "));
    const auto again = f.sync();
    INFO(tail(again.out) << again.err);
    CHECK(again.exitCode == 4);
    CHECK_THAT(again.out + again.err, Contains("61 edits exceed the limit of 5"));
    CHECK(stats(emulator).calls("A2") == before.calls("A2"));
  }
  f.checkNoSecretLeaked();
}
