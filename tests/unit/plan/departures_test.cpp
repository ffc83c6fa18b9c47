// Departures: grace counted in distinct exports and in hours since first seen, skipped rows, each
// [sync] departed mode, and the withdraw-then-delete timeline.

#include <catch2/catch.hpp>

#include "tests/unit/plan/effects.h"
#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// Alice (E1) is linked to g1; the export does not list her.
Scenario aliceMissing(Departed mode = Departed::Delete) {
  Scenario s;
  s.settings.departed = mode;
  s.add(person("E2", "bob", "Bob")).link("E2", "bob", "g2").add(member("g2", "bob", "Bob"));
  s.link("E1", "alice", "g1").add(member("g1", "alice", "Alice"));
  return s;
}

const membersync::state::Absence* absenceOf(const Plan& plan, const std::string& id) {
  for (const auto& a : plan.stateChanges.absences)
    if (a.employeeId == id) return &a;
  return nullptr;
}

}  // namespace

TEST_CASE("planner: a missing person is held until grace_runs distinct exports", "[plan]") {
  Scenario s = aliceMissing();
  const Plan first = s.plan();
  const Item* held = find(first, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Delete);
  CHECK(contains(english(held->reason), "missing from the export in 1 of 2 exports"));
  CHECK_FALSE(held->heldByGuard);
  const auto* counted = absenceOf(first, "E1");
  REQUIRE(counted);
  CHECK(counted->distinctExports == 1);
  CHECK(counted->lastExportHash == "export-1");
  CHECK(counted->since == kNow);
  CHECK_FALSE(first.hasChanges());
}

TEST_CASE("planner: the same export twice counts once toward grace", "[plan]") {
  Scenario s = aliceMissing();
  s.absence("E1", 1, "export-1");  // this very export was counted already
  const Plan plan = s.plan();
  CHECK(absenceOf(plan, "E1") == nullptr);  // unchanged: nothing to store
  const Item* held = find(plan, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "1 of 2 exports"));
}

TEST_CASE("planner: an absence counted before the upgrade, by the file's hash, is not counted "
          "again for the same file, another file counts, and stores the rows' hash",
          "[plan]") {
  Scenario s = aliceMissing();
  s.hr.contentHash = "rows-1";
  s.hr.legacyContentHash = "file-1";
  s.absence("E1", 1, "file-1");  // what an earlier version stored for this very file
  const Plan same = s.plan();
  CHECK(absenceOf(same, "E1") == nullptr);
  CHECK(contains(english(find(same, "delete:g1")->reason), "1 of 2 exports"));

  s.hr.contentHash = "rows-2";
  s.hr.legacyContentHash = "file-2";
  const Plan other = s.plan();
  const auto* counted = absenceOf(other, "E1");
  REQUIRE(counted);
  CHECK(counted->distinctExports == 2);
  CHECK(counted->lastExportHash == "rows-2");
}

TEST_CASE("planner: a new export counts and reaching grace_runs acts", "[plan]") {
  Scenario s = aliceMissing();
  s.absence("E1", 1, "export-0");
  s.hr.contentHash = "export-1";
  const Plan plan = s.plan();
  const auto* counted = absenceOf(plan, "E1");
  REQUIRE(counted);
  CHECK(counted->distinctExports == 2);
  CHECK(counted->since == kNow - 10 * kDay);  // kept from the first absence
  const Item* del = find(plan, "delete:g1");
  REQUIRE(del);
  CHECK(del->kind == ItemKind::Delete);
  CHECK(del->destructive);
  CHECK(del->employeeId == "E1");
  CHECK(del->account == "alice");
  CHECK(contains(english(del->reason), "missing from the export in 2 exports"));
  CHECK(plan.hasChanges());
}

TEST_CASE("planner: grace_runs 0 acts on the first missing export", "[plan]") {
  Scenario s = aliceMissing();
  s.settings.graceRuns = 0;   // max(1, grace_runs)
  s.settings.graceHours = 0;  // this test is about the count alone
  CHECK(find(s.plan(), "delete:g1")->kind == ItemKind::Delete);
}

TEST_CASE("planner: grace_runs reached but not grace_hours since first seen: held, the reason "
          "names grace_hours",
          "[plan]") {
  Scenario s = aliceMissing();
  CHECK(s.settings.graceHours == 20);  // the default
  s.absence("E1", 1, "export-0");
  s.state.absences["E1"].since = kNow - 3 * kHour;  // first seen missing 3 hours ago
  const Plan plan = s.plan();
  CHECK(absenceOf(plan, "E1")->distinctExports == 2);  // grace_runs (2) is reached
  const Item* held = find(plan, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Delete);
  CHECK_FALSE(held->heldByGuard);
  CHECK(english(held->reason) ==
        "missing from the export in 2 exports since 2025-12-31 21:00:00 +0000 (3 hours); acted on "
        "after 20 hours (grace_hours), at 2026-01-01 17:00:00 +0000");
  CHECK_FALSE(plan.hasChanges());

  SECTION("a departed status says so") {
    s.add(departed(person("E1", "alice", "Alice")));
    const Plan p = s.plan();
    const Item* d = find(p, "delete:g1");
    REQUIRE(d);
    CHECK(d->kind == ItemKind::Held);
    CHECK(contains(english(d->reason),
                   "departed in HR (status \"left\") in 2 exports since "
                   "2025-12-31 21:00:00 +0000 (3 hours)"));
  }
  SECTION("one millisecond short of 20 hours: still held") {
    s.now = kNow + 17 * kHour - 1;
    const Plan p = s.plan();
    const Item* d = find(p, "delete:g1");
    REQUIRE(d);
    CHECK(d->kind == ItemKind::Held);
    CHECK(contains(english(d->reason), "(19 hours); acted on after 20 hours (grace_hours)"));
  }
  SECTION("withdraw-then-delete holds the withdrawal the same way") {
    s.settings.departed = Departed::WithdrawThenDelete;
    const Plan p = s.plan();
    const Item* w = find(p, "withdraw:g1");
    REQUIRE(w);
    CHECK(w->kind == ItemKind::Held);
    CHECK(w->heldKind == ItemKind::Withdraw);
    CHECK(contains(english(w->reason), "(grace_hours)"));
  }
}

TEST_CASE("planner: grace_runs and grace_hours both reached: the departure acts", "[plan]") {
  Scenario s = aliceMissing();
  s.absence("E1", 1, "export-0");
  s.state.absences["E1"].since = kNow - 3 * kHour;
  s.now = kNow + 17 * kHour;  // exactly 20 hours after the first sighting
  const Plan plan = s.plan();
  const Item* del = find(plan, "delete:g1");
  REQUIRE(del);
  CHECK(del->kind == ItemKind::Delete);
  CHECK(english(del->reason) == "missing from the export in 2 exports");
  CHECK(plan.hasChanges());

  SECTION("but the hours alone do not: grace_runs still holds, and says so") {
    s.absence("E1", 0, "");  // known, never counted: this export is 1 of 2
    s.state.absences["E1"].since = kNow - 400 * kDay;
    const Plan p = s.plan();
    const Item* held = find(p, "delete:g1");
    REQUIRE(held);
    CHECK(held->kind == ItemKind::Held);
    CHECK(contains(english(held->reason), "1 of 2 exports (grace_runs)"));
    CHECK_FALSE(contains(english(held->reason), "grace_hours"));
  }
  SECTION("protection still comes first") {
    s.policy.protect = {"alice"};
    const Plan p = s.plan();
    const Item* held = find(p, "delete:g1");
    REQUIRE(held);
    CHECK(held->kind == ItemKind::Held);
    CHECK(english(held->reason) == "protected by the policy's protect list");
  }
}

TEST_CASE("planner: grace_hours 0 leaves only grace_runs to count", "[plan]") {
  Scenario s = aliceMissing();
  s.settings.graceHours = 0;
  SECTION("the first missing export is held by grace_runs") {
    const Plan p = s.plan();
    const Item* held = find(p, "delete:g1");
    REQUIRE(held);
    CHECK(held->kind == ItemKind::Held);
    CHECK(contains(english(held->reason), "1 of 2 exports (grace_runs)"));
  }
  SECTION("the second acts at once, though first seen a minute ago") {
    s.absence("E1", 1, "export-0");
    s.state.absences["E1"].since = kNow - 60000;
    CHECK(find(s.plan(), "delete:g1")->kind == ItemKind::Delete);
  }
  SECTION("with grace_runs 1 the first missing export acts") {
    s.settings.graceRuns = 1;
    CHECK(find(s.plan(), "delete:g1")->kind == ItemKind::Delete);
  }
}

TEST_CASE("planner: grace_hours count from the first sighting, which later runs keep", "[plan]") {
  Scenario s = aliceMissing();
  s.settings.graceRuns = 1;
  // Run 1: first seen missing now.
  const Plan first = s.plan();
  REQUIRE(absenceOf(first, "E1"));
  CHECK(absenceOf(first, "E1")->since == kNow);
  CHECK(find(first, "delete:g1")->kind == ItemKind::Held);
  CHECK(contains(english(find(first, "delete:g1")->reason), "(0 hours); acted on after 20 hours"));
  stateEffects(s, first.stateChanges);

  // Run 2, 15 minutes later, a new export: counted, but `since` stays the first sighting.
  s.now = kNow + 15 * 60000;
  s.hr.contentHash = "export-2";
  const Plan second = s.plan();
  REQUIRE(absenceOf(second, "E1"));
  CHECK(absenceOf(second, "E1")->distinctExports == 2);
  CHECK(absenceOf(second, "E1")->since == kNow);
  CHECK(contains(english(find(second, "delete:g1")->reason), "since 2026-01-01 00:00:00 +0000 (0 hours)"));
  stateEffects(s, second.stateChanges);

  // Run 3, 19 hours on, yet another export: still held, counted from the first sighting.
  s.now = kNow + 19 * kHour;
  s.hr.contentHash = "export-3";
  const Plan third = s.plan();
  CHECK(absenceOf(third, "E1")->since == kNow);
  CHECK(
      contains(english(find(third, "delete:g1")->reason),
               "(19 hours); acted on after 20 hours (grace_hours), at 2026-01-01 20:00:00 +0000"));
  stateEffects(s, third.stateChanges);

  // Run 4, 20 hours after the first sighting, the same export as run 3: acts.
  s.now = kNow + 20 * kHour;
  const Plan fourth = s.plan();
  CHECK(absenceOf(fourth, "E1") == nullptr);  // nothing new counted
  CHECK(find(fourth, "delete:g1")->kind == ItemKind::Delete);

  // Alice comes back: the absence ends, so a later absence starts its own clock.
  s.add(person("E1", "alice", "Alice"));
  const Plan back = s.plan();
  CHECK(back.stateChanges.clearedAbsences == std::vector<std::string>{"E1"});
  stateEffects(s, back.stateChanges);
  s.hr.people.pop_back();
  s.hr.rowCount = s.hr.people.size();
  s.hr.contentHash = "export-4";
  s.now = kNow + 30 * kHour;
  const Plan again = s.plan();
  REQUIRE(absenceOf(again, "E1"));
  CHECK(absenceOf(again, "E1")->since == kNow + 30 * kHour);
  CHECK(absenceOf(again, "E1")->distinctExports == 1);
  CHECK(find(again, "delete:g1")->kind == ItemKind::Held);
}

TEST_CASE("planner: a departed status counts like missing", "[plan]") {
  Scenario s = aliceMissing();
  s.add(departed(person("E1", "alice", "Alice")));
  s.absence("E1", 1, "export-0");
  const Plan plan = s.plan();
  const Item* del = find(plan, "delete:g1");
  REQUIRE(del);
  CHECK(del->kind == ItemKind::Delete);
  CHECK(contains(english(del->reason), "departed in HR (status \"left\") in 2 exports"));
  CHECK(absenceOf(plan, "E1")->distinctExports == 2);
  CHECK(plan.stateChanges.clearedAbsences.empty());
}

TEST_CASE("planner: a row that fails validation never makes its member departed", "[plan]") {
  SECTION("named by employee id") {
    Scenario s = aliceMissing();
    s.badRow(7, "E1", "", "name is 31 characters; at most 30");
    s.absence("E1", 5, "export-0");
    const Plan plan = s.plan();
    CHECK_FALSE(find(plan, "delete:g1"));
    CHECK(absenceOf(plan, "E1") == nullptr);  // not counted either
    const Item* problem = find(plan, "problem:line:7");
    REQUIRE(problem);
    CHECK(english(problem->reason) == "name is 31 characters; at most 30");
    CHECK(problem->line == 7);
    CHECK(plan.items.size() == 1);
  }
  SECTION("named by account only") {
    Scenario s = aliceMissing();
    s.badRow(7, "", "alice", "mobile is not a phone number");
    const Plan plan = s.plan();
    CHECK_FALSE(find(plan, "delete:g1"));
    CHECK(absenceOf(plan, "E1") == nullptr);
  }
}

TEST_CASE("planner: a person who comes back clears the absence and the withdrawal", "[plan]") {
  Scenario s = aliceMissing(Departed::WithdrawThenDelete);
  s.add(person("E1", "alice", "Alice"));
  s.absence("E1", 3, "export-0", kNow - 2 * kDay);
  const Plan plan = s.plan();
  CHECK(plan.stateChanges.clearedAbsences == std::vector<std::string>{"E1"});
  CHECK(plan.items.empty());
}

TEST_CASE("planner: departed = delete deletes after grace", "[plan]") {
  Scenario s = aliceMissing(Departed::Delete);
  s.absence("E1", 2, "export-0");
  const Plan plan = s.plan();
  CHECK(find(plan, "delete:g1")->kind == ItemKind::Delete);
  CHECK_FALSE(find(plan, "withdraw:g1"));
}

TEST_CASE("planner: departed = withdraw strips membersync's assets and never deletes", "[plan]") {
  Scenario s = aliceMissing(Departed::Withdraw);
  s.members[1].assetNums = {"AN-9", "AN-2", "AN-1"};
  s.managedAssets = {"AN-1", "AN-2"};
  s.absence("E1", 2, "export-0");
  const Plan plan = s.plan();
  const Item* withdraw = find(plan, "withdraw:g1");
  REQUIRE(withdraw);
  CHECK(withdraw->kind == ItemKind::Withdraw);
  CHECK(withdraw->destructive);
  CHECK(withdraw->assetsToWithdraw == std::vector<std::string>{"AN-1", "AN-2"});
  CHECK_FALSE(find(plan, "delete:g1"));

  SECTION("once withdrawn, with nothing of membersync's left, nothing more is planned") {
    s.absence("E1", 5, "export-0", kNow - 400 * kDay);
    s.managedAssets.clear();
    const Plan later = s.plan();
    CHECK_FALSE(find(later, "withdraw:g1"));
    CHECK_FALSE(find(later, "delete:g1"));
  }
}

TEST_CASE("planner: withdraw-then-delete withdraws, waits delete_after_days, then deletes",
          "[plan]") {
  Scenario s = aliceMissing(Departed::WithdrawThenDelete);
  s.settings.deleteAfterDays = 30;

  SECTION("past grace, not yet withdrawn: withdraw, with no asset ownership yet") {
    s.absence("E1", 2, "export-0");
    const Plan plan = s.plan();
    const Item* withdraw = find(plan, "withdraw:g1");
    REQUIRE(withdraw);
    CHECK(withdraw->kind == ItemKind::Withdraw);
    CHECK(withdraw->assetsToWithdraw.empty());
  }
  SECTION("withdrawn 10 days ago: the delete is held, with the dates") {
    s.absence("E1", 3, "export-0", kNow - 10 * kDay);
    const Plan plan = s.plan();
    const Item* held = find(plan, "delete:g1");
    REQUIRE(held);
    CHECK(held->kind == ItemKind::Held);
    CHECK(held->heldKind == ItemKind::Delete);
    CHECK(contains(english(held->reason), "withdrawn on 2025-12-22; deleted after 30 days"));
    CHECK(contains(english(held->reason), "on 2026-01-21"));
    CHECK_FALSE(find(plan, "withdraw:g1"));
  }
  SECTION("withdrawn exactly 30 days ago: deleted") {
    s.absence("E1", 3, "export-0", kNow - 30 * kDay);
    CHECK(find(s.plan(), "delete:g1")->kind == ItemKind::Delete);
  }
  SECTION("one millisecond short of 30 days: still held") {
    s.absence("E1", 3, "export-0", kNow - 30 * kDay + 1);
    CHECK(find(s.plan(), "delete:g1")->kind == ItemKind::Held);
  }
}

TEST_CASE("planner: departed = report only holds, never destructive", "[plan]") {
  Scenario s = aliceMissing(Departed::Report);
  s.absence("E1", 7, "export-0");
  const Plan plan = s.plan();
  const Item* held = find(plan, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "departed = report"));
  CHECK(countKind(plan, ItemKind::Delete) == 0);
  CHECK(countKind(plan, ItemKind::Withdraw) == 0);
  CHECK_FALSE(plan.hasChanges());
  CHECK_FALSE(plan.guard.tripped);
}

TEST_CASE("planner: a protected account is never withdrawn or deleted", "[plan]") {
  Scenario s = aliceMissing(Departed::Delete);
  s.policy.protect = {"ALICE"};
  s.absence("E1", 9, "export-0");
  const Plan plan = s.plan();
  const Item* held = find(plan, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(english(held->reason) == "protected by the policy's protect list");
  CHECK(held->destructive);
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("planner: a link whose member is gone is dropped, and its absence forgotten", "[plan]") {
  Scenario s;
  s.link("E1", "alice", "g1").absence("E1", 1, "export-0");
  const Plan plan = s.plan();
  CHECK(plan.items.empty());
  CHECK(plan.stateChanges.droppedLinks == std::vector<std::string>{"E1"});
  CHECK(plan.stateChanges.clearedAbsences == std::vector<std::string>{"E1"});
}

TEST_CASE("planner: a member whose account an active row carries under a new employee id is "
          "held, never deleted",
          "[plan]") {
  // HR re-keyed Alice from E1 to A-001: the old link's employee id is gone, her account is not.
  Scenario s = aliceMissing();
  s.settings.graceRuns = 0;
  s.settings.graceHours = 0;  // no grace at all: only the re-key check holds it
  s.add(person("A-001", "alice", "Alice"));
  const Plan plan = s.plan();
  const Item* held = find(plan, "delete:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "re-keyed"));
  CHECK(absenceOf(plan, "E1") == nullptr);  // nothing counted towards a departure
  for (const auto& item : plan.items) {
    CHECK_FALSE((item.kind == ItemKind::Delete || item.kind == ItemKind::Withdraw));
    CHECK(item.kind != ItemKind::Add);  // the account is not added a second time
  }
}

TEST_CASE(
    "planner: a withdrawal with nothing of membersync's to take says so, names what the "
    "member keeps, and is not counted as a withdrawal",
    "[plan]") {
  Scenario s = aliceMissing(Departed::WithdrawThenDelete);
  s.absence("E1", 1, "export-0");  // this export is the second: grace_runs is reached
  s.members.back().assetNums = {"AN-9", "AN-3"};  // assigned by hand, never membersync's
  const Plan plan = s.plan();
  const Item* w = find(plan, "withdraw:g1");
  REQUIRE(w);
  CHECK(w->kind == ItemKind::Withdraw);
  CHECK(w->assetsToWithdraw.empty());
  CHECK(withdrawsNothing(*w));
  CHECK(english(w->reason) ==
        "missing from the export in 2 exports; nothing to withdraw (AN-3, AN-9 were assigned "
        "outside membersync and stay): only the departure is recorded, and the member is "
        "deleted after 30 days (delete_after_days)");
  CHECK(plan.counts.withdraw == 1);  // the kind, as a saved plan keeps it
  CHECK(plan.counts.departuresOnly == 1);
  CHECK(plan.counts.withdrawals() == 0);

  SECTION("with [sync] departed = withdraw, and nothing at all on the member") {
    s.settings.departed = Departed::Withdraw;
    s.members.back().assetNums.clear();
    const Plan again = s.plan();
    const Item* only = find(again, "withdraw:g1");
    REQUIRE(only);
    CHECK(english(only->reason) ==
          "missing from the export in 2 exports; nothing to withdraw: only the departure is "
          "recorded");
  }
}
