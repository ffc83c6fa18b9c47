// The safety guards: by count, by percent, the floor, the export ratio, and releases.

#include <catch2/catch.hpp>

#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// `managed` linked members; the first `gone` of them are missing past grace (delete mode);
// plus one new person to add.
Scenario departures(int managed, int gone) {
  Scenario s;
  s.settings.departed = Departed::Delete;
  s.settings.graceRuns = 1;
  s.settings.graceHours = 0;  // about other behaviour: departures act on the first missing export
  for (int i = 0; i < managed; ++i) {
    const std::string n = std::to_string(i);
    s.link("E" + n, "u" + n, "g" + n).add(member("g" + n, "u" + n, "U"));
    if (i >= gone) s.add(person("E" + n, "u" + n, "U"));
  }
  s.add(person("NEW", "newbie", "Newbie"));
  s.hr.rowCount = static_cast<std::size_t>(managed);  // the ratio guard stays out of the way
  return s;
}

std::size_t guardHeld(const Plan& plan) {
  std::size_t n = 0;
  for (const Item& i : plan.items) n += i.kind == ItemKind::Held && i.heldByGuard ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("planner: deletes within the floor go ahead", "[plan]") {
  const Plan plan = departures(100, 10).plan();  // 5% of 100 = 5, floor 10
  CHECK_FALSE(plan.guard.tripped);
  CHECK(plan.guard.allowed == 10);
  CHECK(plan.guard.destructive == 10);
  CHECK(plan.counts.del == 10);
}

TEST_CASE("planner: more deletes than the floor and the percentage trip the guard", "[plan]") {
  const Plan plan = departures(100, 11).plan();
  CHECK(plan.guard.tripped);
  CHECK(plan.guard.destructive == 11);
  CHECK(plan.guard.allowed == 10);
  CHECK(contains(english(plan.guard.reason), "11 destructive items exceed the limit of 10"));
  CHECK(contains(english(plan.guard.reason), "delete_floor"));
  CHECK(contains(english(plan.guard.reason), "membersync allow RUN"));
  CHECK(plan.counts.del == 0);
  CHECK(guardHeld(plan) == 11);
  const Item* held = find(plan, "delete:g0");
  CHECK(held->heldKind == ItemKind::Delete);
  CHECK(held->destructive);
  // Adds still go ahead.
  CHECK(find(plan, "add:NEW")->kind == ItemKind::Add);
  CHECK(plan.hasChanges());
}

TEST_CASE("planner: max_delete_percent of managed members bounds the deletes", "[plan]") {
  Scenario s = departures(400, 21);  // 5% of 400 = 20 > floor 10
  CHECK(s.plan().guard.tripped);
  CHECK(s.plan().guard.allowed == 20);
  CHECK(contains(english(s.plan().guard.reason), "raise [sync] max_delete_percent"));
  s.settings.maxDeletePercent = 5.25;  // 21
  CHECK_FALSE(s.plan().guard.tripped);
}

TEST_CASE("planner: max_deletes caps the percentage", "[plan]") {
  Scenario s = departures(400, 16);
  s.settings.maxDeletes = 15;  // min(15, 20) = 15 > floor 10
  const Plan plan = s.plan();
  CHECK(plan.guard.tripped);
  CHECK(plan.guard.allowed == 15);
  CHECK(contains(english(plan.guard.reason), "raise [sync] max_deletes"));
}

TEST_CASE("planner: a short export holds every destructive item", "[plan]") {
  Scenario s = departures(100, 2);
  s.state.lastGoodExport = membersync::state::ExportRecord{"old", 200, 0};
  s.hr.rowCount = 179;  // < 0.9 * 200
  const Plan plan = s.plan();
  CHECK(plan.guard.tripped);
  CHECK(plan.guard.shortExport);
  CHECK(contains(english(plan.guard.reason), "the export has 179 rows, fewer than min_export_ratio 0.9"));
  CHECK(contains(english(plan.guard.reason), "200 rows"));
  CHECK(guardHeld(plan) == 2);
  s.hr.rowCount = 180;
  CHECK_FALSE(s.plan().guard.tripped);
}

TEST_CASE("planner: a short export with nothing destructive is a problem, not a trip", "[plan]") {
  Scenario s = departures(10, 0);
  s.state.lastGoodExport = membersync::state::ExportRecord{"old", 100, 0};
  const Plan plan = s.plan();
  CHECK_FALSE(plan.guard.tripped);
  CHECK(plan.guard.shortExport);
  CHECK(find(plan, "problem:export-ratio"));
}

TEST_CASE("planner: items released by allow-deletes are exempt from the guard", "[plan]") {
  Scenario s = departures(100, 11);
  // What `allow` releases: the keys the tripped run held its items under.
  for (const auto& item : s.plan().items)
    if (item.heldByGuard) s.state.releasedItems.insert(releaseKey(item));
  REQUIRE(s.state.releasedItems.size() == 11);
  const Plan plan = s.plan();
  CHECK_FALSE(plan.guard.tripped);
  CHECK(plan.guard.destructive == 0);
  CHECK(plan.counts.del == 11);

  SECTION("released items do not make room for others") {
    s.state.releasedItems.erase(s.state.releasedItems.begin());
    s.state.releasedItems.erase(s.state.releasedItems.begin());
    const Plan partly = s.plan();
    CHECK_FALSE(partly.guard.tripped);  // 2 unreleased is within the floor
    CHECK(partly.counts.del == 11);
  }
}

TEST_CASE("planner: the guard holds withdrawals too", "[plan]") {
  Scenario s = departures(100, 12);
  s.settings.departed = Departed::Withdraw;
  const Plan plan = s.plan();
  CHECK(plan.guard.tripped);
  CHECK(find(plan, "withdraw:g3")->heldKind == ItemKind::Withdraw);
  CHECK(plan.counts.withdraw == 0);
}
