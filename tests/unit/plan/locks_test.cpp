// Lock rules (A10): lending once, locks already lent, lent to someone else, unknown locks,
// nothing to lend, and lendings that should end (the spec has no return call).

#include <catch2/catch.hpp>

#include "tests/unit/plan/effects.h"
#include "tests/unit/plan/rules.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

using Strings = std::vector<std::string>;

// alice (E1, g1) holds AN-1, which membersync assigned; her HR column "lock" says LK-1.
Scenario aliceWithLock(const std::string& lock = "LK-1") {
  Scenario s;
  directory::Person alice = person("E1", "alice", "Alice", "ENG");
  alice.attributes["lock"] = lock;
  s.add(alice).link("E1", "alice", "g1").add(member("g1", "alice", "Alice"));
  s.add(person("E2", "bob", "Bob", "ENG")).link("E2", "bob", "g2").add(member("g2", "bob", "Bob"));
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"})};
  s.policy.locks = {lockRule("offline", {{"lock", {"*"}}}, "lock")};
  s.asset("AN-1", "g1").asset("AN-2", "g2").owned("AN-1", "g1", "cad").owned("AN-2", "g2", "cad");
  s.lock("LK-1").lock("LK-2");
  return s;
}

}  // namespace

TEST_CASE("locks: a person's managed assets are lent to the lock its HR column names", "[plan]") {
  const Plan plan = aliceWithLock().plan();
  const Item* lend = find(plan, "lend:g1:LK-1");
  REQUIRE(lend);
  CHECK(lend->kind == ItemKind::Lend);
  CHECK(lend->lockNumber == "LK-1");
  CHECK(lend->assetIds == Strings{"ID-AN-1"});
  CHECK(lend->rule == "offline");
  CHECK(lend->employeeId == "E1");
  CHECK(lend->globalId == "g1");
  CHECK(contains(english(lend->reason), "HR column lock holds lock LK-1"));
  CHECK(lend->inputHash.size() == 64);
  CHECK(plan.counts.lend == 1);
  CHECK(countKind(plan, ItemKind::Lend) == 1);  // bob has no lock column
  CHECK(plan.hasChanges());
}

TEST_CASE("locks: a lending includes the assets assigned in the same plan", "[plan]") {
  Scenario s = aliceWithLock();
  s.state.ownedAssets.erase("AN-1");
  (*s.assets)[0].cloudAccountGlobalId.reset();  // AN-1 is free now
  s.members[0].assetNums.clear();
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-1"});
  CHECK(find(plan, "lend:g1:LK-1")->assetIds == Strings{"ID-AN-1"});
  Scenario next = s;
  applyEffects(next, plan);
  CHECK(changesIn(next.plan()) == 0);
}

TEST_CASE("locks: a lock already lent to the member is left alone", "[plan]") {
  SECTION("A8 shows it") {
    Scenario s = aliceWithLock();
    (*s.locks)[0].cloudAccountGlobalId = "g1";
    (*s.locks)[0].borrowedFlag = true;
    const Plan plan = s.plan();
    CHECK(countKind(plan, ItemKind::Lend) == 0);
    CHECK(countKind(plan, ItemKind::Problem) == 0);
  }
  SECTION("state remembers lending it") {
    Scenario s = aliceWithLock();
    s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
    const Plan plan = s.plan();
    CHECK(countKind(plan, ItemKind::Lend) == 0);
    CHECK(countKind(plan, ItemKind::Problem) == 0);
    CHECK(plan.stateChanges.endedLendings.empty());  // still wanted: kept
  }
}

TEST_CASE("locks: a lock lent to someone else is a problem saying what to do", "[plan]") {
  Scenario s = aliceWithLock();
  (*s.locks)[0].cloudAccountGlobalId = "g2";
  (*s.locks)[0].borrowedFlag = true;
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Lend) == 0);
  const Item* p = find(plan, "problem:lock:E1");
  REQUIRE(p);
  CHECK(p->account == "alice");
  CHECK(english(p->reason) ==
        "lock LK-1 (HR column lock, rule offline) is already lent to the member bob "
        "(g2); have it returned in the member center, or correct the lock number in "
        "HR");
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("locks: an unknown lock number is a problem", "[plan]") {
  const Plan plan = aliceWithLock("LK-404").plan();
  CHECK(countKind(plan, ItemKind::Lend) == 0);
  const Item* p = find(plan, "problem:lock:E1");
  REQUIRE(p);
  CHECK(english(p->reason) ==
        "lock LK-404 (HR column lock, rule offline) is not among the enterprise's "
        "borrowed locks; correct the lock number in HR");
}

TEST_CASE("locks: a member with no managed asset has nothing to lend", "[plan]") {
  Scenario s = aliceWithLock();
  s.policy.assets.clear();
  s.state.ownedAssets.clear();  // AN-1 was assigned by hand: not membersync's to lend
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Lend) == 0);
  CHECK(contains(english(find(plan, "problem:lock:E1")->reason),
                 "nothing to lend, the member holds no asset membersync manages"));
}

TEST_CASE("locks: assets already lent into another lock are a problem", "[plan]") {
  Scenario s = aliceWithLock();
  (*s.assets)[0].borrowedFlag = true;
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Lend) == 0);
  CHECK(contains(english(find(plan, "problem:lock:E1")->reason),
                 "the member's assets AN-1 are already lent to another lock"));
}

TEST_CASE("locks: a lending that should end is reported, never dropped silently", "[plan]") {
  Scenario s = aliceWithLock();
  s.hr.people[0].attributes["lock"] = "";  // the column was emptied
  (*s.locks)[0].cloudAccountGlobalId = "g1";
  (*s.locks)[0].borrowedFlag = true;
  s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
  const Plan plan = s.plan();
  const Item* p = find(plan, "problem:lending:g1");
  REQUIRE(p);
  CHECK(p->kind == ItemKind::Problem);
  CHECK(p->account == "alice");
  CHECK(p->lockNumber == "LK-1");
  CHECK(contains(english(p->reason), "no lock rule gives the member a lock any more"));
  CHECK(contains(english(p->reason), "the spec has no return call: return lock LK-1 by hand"));
  CHECK(plan.stateChanges.endedLendings.empty());
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("locks: a changed lock column reports the old lending and waits for its return",
          "[plan]") {
  Scenario s = aliceWithLock("LK-2");
  (*s.locks)[0].cloudAccountGlobalId = "g1";
  (*s.locks)[0].borrowedFlag = true;
  s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Lend) == 0);
  const Item* p = find(plan, "problem:lending:g1");
  REQUIRE(p);
  CHECK(contains(english(p->reason), "HR column lock now holds lock LK-2"));
  CHECK(contains(english(p->reason), "lock LK-2 is lent on the run after that"));

  SECTION("once returned by hand, the lending is forgotten and the new lock lent") {
    (*s.locks)[0].cloudAccountGlobalId.reset();
    (*s.locks)[0].borrowedFlag = false;
    const Plan after = s.plan();
    CHECK(after.stateChanges.endedLendings == Strings{"g1"});
    CHECK(find(after, "lend:g1:LK-2"));
    CHECK(find(after, "problem:lending:g1") == nullptr);
  }
}

TEST_CASE("locks: a leaver's lending is reported until the lock is returned", "[plan]") {
  Scenario s = aliceWithLock();
  s.hr.people[0] = departed(s.hr.people[0]);
  (*s.locks)[0].cloudAccountGlobalId = "g1";
  s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
  const Plan plan = s.plan();
  CHECK(contains(english(find(plan, "problem:lending:g1")->reason),
                 "the person left or is missing from the export"));
}

namespace {

// aliceWithLock() with LK-1 lent to alice by membersync, and alice gone from the export.
Scenario aliceGoneWithLock() {
  Scenario s = aliceWithLock();
  s.hr.people.erase(s.hr.people.begin());
  s.hr.rowCount = 1;
  (*s.locks)[0].cloudAccountGlobalId = "g1";
  (*s.locks)[0].borrowedFlag = true;
  s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
  s.settings.graceRuns = 1;
  s.settings.graceHours = 0;
  return s;
}

}  // namespace

TEST_CASE("locks: no advice to return a lock by hand comes from an export a guard distrusts",
          "[plan]") {
  Scenario s = aliceGoneWithLock();
  SECTION("a short export") {
    s.state.lastGoodExport = state::ExportRecord{"export-0", 9, kNow - kDay};  // 1 of 9 rows
    const Plan plan = s.plan();
    CHECK(plan.guard.shortExport);
    CHECK(find(plan, "problem:lending:g1") == nullptr);
    CHECK(plan.stateChanges.endedLendings.empty());  // the lending is kept, as it stands
  }
  SECTION("the delete guard tripped") {
    s.settings.maxDeletes = 0;
    s.settings.deleteFloor = 0;
    const Plan plan = s.plan();
    CHECK(plan.guard.tripped);
    CHECK_FALSE(plan.guard.shortExport);
    CHECK(find(plan, "problem:lending:g1") == nullptr);
  }
  SECTION("an export the guards trust gives it") {
    const Plan plan = s.plan();
    CHECK_FALSE(plan.guard.tripped);
    const Item* p = find(plan, "problem:lending:g1");
    REQUIRE(p);
    CHECK(contains(english(p->reason), "the person left or is missing from the export"));
    CHECK(contains(english(p->reason), "return lock LK-1 by hand"));
  }
}

TEST_CASE(
    "locks: a person whose row was skipped as invalid is not told to return a lock: they "
    "are not known to have left",
    "[plan]") {
  Scenario s = aliceGoneWithLock();
  s.badRow(2, "E1", "alice", "name is 31 characters; the center allows at most 30");
  const Plan plan = s.plan();
  CHECK(find(plan, "problem:lending:g1") == nullptr);
  CHECK(find(plan, "delete:g1") == nullptr);
  CHECK(plan.stateChanges.endedLendings.empty());
  CHECK(find(plan, "problem:line:2"));
}

TEST_CASE("locks: a lending whose lock A8 no longer lists is forgotten, though still wanted",
          "[plan]") {
  Scenario s = aliceWithLock();
  s.state.lendings["g1"] = state::Lending{"g1", "LK-1", "offline", kNow - kDay};
  s.locks->clear();  // deleted on the center, or an empty A8 that `allow` released
  const Plan plan = s.plan();
  CHECK(plan.stateChanges.endedLendings == Strings{"g1"});
  const Item* p = find(plan, "problem:lock:E1");  // the HR column still names it
  REQUIRE(p);
  CHECK(contains(english(p->reason), "is not among the enterprise's borrowed locks"));
}

TEST_CASE("locks: a lending whose member is gone is forgotten", "[plan]") {
  Scenario s = aliceWithLock();
  s.state.lendings["g9"] = state::Lending{"g9", "LK-2", "offline", kNow - kDay};
  CHECK(s.plan().stateChanges.endedLendings == Strings{"g9"});
}

TEST_CASE("locks: a Lend waits while its member's asset assignment is held", "[plan]") {
  Scenario s = aliceWithLock();
  s.state.ownedAssets.erase("AN-1");
  (*s.assets)[0].cloudAccountGlobalId.reset();
  s.members[0].assetNums.clear();
  s.state.items["assign:g1"] = {
      "assign:g1", state::ItemStatus::RetryLater, 1, kNow + kDay, "", "500", "network", 0};
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1")->kind == ItemKind::Held);
  const Item* lend = find(plan, "lend:g1:LK-1");
  REQUIRE(lend);
  CHECK(lend->kind == ItemKind::Held);
  CHECK(lend->heldKind == ItemKind::Lend);
  CHECK(contains(english(lend->reason), "waits for the assignment of the member's assets"));
}

TEST_CASE("locks: two people naming one lock: the first by employee id gets it", "[plan]") {
  Scenario s = aliceWithLock();
  s.hr.people[1].attributes["lock"] = "LK-1";  // bob names alice's lock too
  const Plan plan = s.plan();
  CHECK(find(plan, "lend:g1:LK-1"));
  CHECK(find(plan, "lend:g2:LK-1") == nullptr);
  const Item* p = find(plan, "problem:lock:E2");
  REQUIRE(p);
  CHECK(contains(english(p->reason), "is also the lock of alice, who gets it in this run"));
}
