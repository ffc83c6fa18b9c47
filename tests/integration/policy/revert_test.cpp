// The real membersync binary against the emulator's demo fixture: `revert` of a leaver's
// withdrawal assigns the seat again, owned again under its rule, and resets the departure; of a
// first sync, it withdraws the assets it assigned and lists what cannot be undone.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/policy/policy_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const char* const kPolicy = R"({
  "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
  "assets": [
    { "rule": "cad-seat", "when": { "department": ["ENG", "DESIGN"] },
      "pool": ["AN-0003", "AN-0004", "AN-0005", "AN-0006", "AN-0007"] }
  ]
})";

std::vector<HrRow> people() {
  return {
      {"E1", "zhangwei", "张伟", "ENG", "active", "Engineer", ""},
      {"E2", "lina", "李娜", "DESIGN", "active", "Designer", ""},
      {"E4", "jsmith", "John Smith", "ENG", "active", "Engineer", ""},
  };
}

// The seat of the cad-seat pool `account` holds ("" for none).
std::string seatOf(const CenterView& v, const std::string& account) {
  for (const auto& a : v.assetsOf(account))
    if (a >= "AN-0003" && a <= "AN-0007") return a;
  return "";
}

}  // namespace

TEST_CASE("revert: a leaver's withdrawal taken back assigns the seat again under its rule and "
          "resets the departure",
          "[policy][revert]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "departed = withdraw\n");
  f.writeHr(people());
  REQUIRE(f.sync().exitCode == 0);
  const std::string seat = seatOf(centerView(emulator), "zhangwei");
  REQUIRE(!seat.empty());

  auto rows = people();
  rows[0].status = "left";
  f.writeHr(rows);
  const auto left = f.sync();
  INFO(left.out << left.err);
  REQUIRE(left.exitCode == 0);
  REQUIRE(centerView(emulator).holderByAsset.at(seat).empty());
  const std::string run = std::to_string(appliedRun(left.out));

  const auto shown = f.run({"revert", run});
  INFO(shown.out << shown.err);
  CHECK(shown.exitCode == 2);
  CHECK_THAT(shown.out, Contains("~ assets zhangwei") && Contains("assign:       " + seat) &&
                            Contains("departure:    taken back"));

  const auto reverted = f.run({"revert", run, "--apply"});
  INFO(reverted.out << reverted.err);
  CHECK(reverted.exitCode == 0);
  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at(seat) == v.gid("zhangwei"));
  const auto explain = f.run({"explain", "zhangwei"});
  INFO(explain.out);
  CHECK_THAT(explain.out, Contains(seat) && Contains("granted by rule cad-seat"));
  CHECK_THAT(explain.out, !Contains("absent from"));

  // HR corrected: the person is back, and nothing is left to do.
  f.writeHr(people());
  const int writes = callCounts(emulator).writes;
  const auto again = f.sync();
  INFO(again.out << again.err);
  CHECK(again.exitCode == 0);
  CHECK(callCounts(emulator).writes == writes);
}

TEST_CASE("revert: a first sync's assignments are withdrawn, its adds listed as what cannot be "
          "undone",
          "[policy][revert]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  auto rows = people();
  rows.push_back({"E5", "newguy", "New Guy", "ENG", "active", "Engineer", ""});
  f.writeHr(rows);
  const auto first = f.sync();
  REQUIRE(first.exitCode == 0);
  const std::string run = std::to_string(appliedRun(first.out));
  const auto before = centerView(emulator);
  const std::string seat = seatOf(before, "lina");
  REQUIRE(!seat.empty());

  const auto reverted = f.run({"revert", run, "--apply"});
  INFO(reverted.out << reverted.err);
  CHECK(reverted.exitCode == 0);
  CHECK_THAT(reverted.out, Contains("cannot undo the add") && Contains("newguy"));
  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at(seat).empty());
  CHECK(seatOf(v, "zhangwei").empty());
  CHECK(v.globalIdByAccount.count("newguy") == 1);  // the add stays
}

TEST_CASE("revert: its withdrawals count against the delete guard, released by allow on the "
          "revert's run and a second revert --apply",
          "[policy][revert]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "max_deletes = 1\ndelete_floor = 1\n");
  f.writeHr(people());
  const auto first = f.sync();
  REQUIRE(first.exitCode == 0);
  const std::string run = std::to_string(appliedRun(first.out));
  const std::string seat = seatOf(centerView(emulator), "zhangwei");
  REQUIRE(!seat.empty());

  const auto held = f.run({"revert", run, "--apply"});
  INFO(held.out << held.err);
  CHECK(held.exitCode == 4);
  const long long revertRun = appliedRun(held.out);
  REQUIRE(revertRun > 0);
  CHECK_THAT(held.out + held.err, Contains("membersync allow " + std::to_string(revertRun)));
  CHECK(centerView(emulator).holderByAsset.at(seat) == centerView(emulator).gid("zhangwei"));

  const auto allow = f.run({"allow", std::to_string(revertRun)});
  REQUIRE(allow.exitCode == 0);
  CHECK_THAT(allow.out, Contains("`membersync revert " + run + " --apply` carries out"));
  // A sync in between (the daemon's next tick) leaves the revert's releases alone.
  REQUIRE(f.sync().exitCode == 0);
  const auto released = f.run({"revert", run, "--apply"});
  INFO(released.out << released.err);
  CHECK(released.exitCode == 0);
  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at(seat).empty());
  CHECK(seatOf(v, "lina").empty());
}
