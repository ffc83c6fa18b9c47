// Messages a person reads about assets and locks (issue 28, point 4), through the real binary
// against the emulator's demo fixture: a withdrawal that withdrew nothing says so and is not
// counted; a revert's withdrawals are listed and counted as withdrawals; no advice to return a
// lock by hand comes from an export a guard distrusts, or for a person whose row was skipped.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/policy/policy_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// A seat from a pool for ENG and DESIGN, and a lock rule reading the HR column `lock`. SALES
// gets nothing: wangfang's AN-0013 and AN-0014 were assigned by hand (the demo fixture).
const char* const kPolicy = R"({
  "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
  "assets": [
    { "rule": "cad-seat", "when": { "department": ["ENG", "DESIGN"] },
      "pool": ["AN-0003", "AN-0004", "AN-0005", "AN-0006", "AN-0007"] }
  ],
  "locks": [ { "rule": "offline", "when": { "lock": "LK-*" }, "lock_from": "lock" } ]
})";

std::vector<HrRow> people() {
  return {
      {"E1", "zhangwei", "张伟", "ENG", "active", "Engineer", ""},
      {"E2", "lina", "李娜", "DESIGN", "active", "Designer", ""},
      {"E3", "wangfang", "王芳", "SALES", "active", "Sales", ""},
      {"E4", "jsmith", "John Smith", "ENG", "active", "Engineer", ""},
      {"E5", "newguy", "New Guy", "ENG", "active", "Engineer", "LK-0001"},
  };
}

const std::string kReturnAdvice = "return lock LK-0001 by hand";

}  // namespace

TEST_CASE(
    "messages: a leaver's withdrawal with nothing of membersync's to take says what stays "
    "and is not counted as withdrawn",
    "[policy][messages]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "departed = withdraw\n");
  f.writeHr(people());
  REQUIRE(f.sync().exitCode == 0);
  const int a9 = callCounts(emulator).of("A9");

  auto rows = people();
  rows[2].status = "left";  // wangfang leaves: she holds only what was assigned by hand
  f.writeHr(rows);
  const auto plan = f.run({"plan"});
  INFO(plan.out << plan.err);
  CHECK_THAT(plan.out, Contains("  = departure wangfang (E3, ") &&
                           Contains("departed in HR (status \"left\") in 1 export; nothing to "
                                    "withdraw (AN-0013, AN-0014 were assigned outside membersync "
                                    "and stay): only the departure is recorded\n") &&
                           Contains("0 to withdraw, 0 to delete; 1 departure with nothing to "
                                    "withdraw"));
  const auto sync = f.sync();
  INFO(sync.out << sync.err);
  CHECK(sync.exitCode == 0);
  CHECK_THAT(sync.out, !Contains("withdrawn"));
  CHECK(callCounts(emulator).of("A9") == a9);
  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at("AN-0013") == v.gid("wangfang"));
  CHECK(v.holderByAsset.at("AN-0014") == v.gid("wangfang"));
  const auto status = f.run({"status"});
  INFO(status.out);
  CHECK_THAT(status.out, !Contains("withdrawn"));
}

TEST_CASE("messages: a revert's withdrawals are listed and counted as withdrawals",
          "[policy][messages]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  auto rows = people();
  rows[4].lock = "";  // a seat lent to a lock is not taken back: four plain seats here
  f.writeHr(rows);
  const auto first = f.sync();
  REQUIRE(first.exitCode == 0);
  const std::string run = std::to_string(appliedRun(first.out));

  const auto shown = f.run({"revert", run});
  INFO(shown.out << shown.err);
  CHECK(shown.exitCode == 2);
  CHECK_THAT(shown.out,
             Contains("  - withdraw lina (E2, ") &&
                 Contains(") (rule revert of run " + run + ")\n      assets:       AN-"));
  CHECK_THAT(shown.out, !Contains("~ assets"));
  CHECK_THAT(shown.out, Contains("Plan: 0 to add, 0 to change, 4 to withdraw, 0 to delete;"));

  const auto reverted = f.run({"revert", run, "--apply"});
  INFO(reverted.out << reverted.err);
  CHECK(reverted.exitCode == 0);
  CHECK_THAT(reverted.out, Contains("4 withdrawn") && !Contains("asset changes"));
}

TEST_CASE(
    "messages: no advice to return a lock by hand from an export a guard distrusts, nor "
    "for a person whose row was skipped, a trusted export gives it",
    "[policy][messages]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  f.writeHr(people());
  REQUIRE(f.sync().exitCode == 0);
  REQUIRE(centerView(emulator).lockHolder.at("LK-0001") == centerView(emulator).gid("newguy"));

  SECTION("a short export: 1 of 5 rows") {
    f.writeHr({people()[0]});
    const auto plan = f.run({"plan"});
    INFO(plan.out << plan.err);
    CHECK_THAT(plan.out, Contains("Safety guard:") && Contains("min_export_ratio"));
    CHECK_THAT(plan.out, !Contains(kReturnAdvice) && !Contains("problem:lending"));
  }
  SECTION("newguy's row skipped as invalid") {
    auto rows = people();
    rows[4].name = std::string(31, 'n');
    f.writeHr(rows);
    const auto plan = f.run({"plan"});
    INFO(plan.out << plan.err);
    CHECK_THAT(plan.out, Contains("(newguy): name is 31 characters"));
    CHECK_THAT(plan.out, !Contains(kReturnAdvice));
  }
  SECTION("newguy left, in an export the guards trust") {
    auto rows = people();
    rows[4].status = "left";
    f.writeHr(rows);
    const auto plan = f.run({"plan"});
    INFO(plan.out << plan.err);
    CHECK_THAT(plan.out, !Contains("Safety guard:"));
    CHECK_THAT(plan.out, Contains("the person left or is missing from the export") &&
                             Contains(kReturnAdvice));
  }
}
