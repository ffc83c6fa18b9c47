// `revert RUN` planned from the run's journaled writes: fields go back where the center still
// holds the run's value, assets are withdrawn or assigned again where A6 allows, what cannot be
// undone is listed, and the delete guard (not the edit guard) counts the withdrawals. Then a
// reverted field stays reverted while HR gives the reverted value.

#include <catch2/catch.hpp>

#include "jobs/plan/revert.h"
#include "tests/unit/plan/scenario.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

constexpr long long kRun = 7;

JournaledWrite renamed(const std::string& n, const std::string& before, const std::string& after) {
  JournaledWrite w;
  w.kind = "edit";
  w.key = "edit:E" + n;
  w.employeeId = "E" + n;
  w.account = "u" + n;
  w.globalId = "g" + n;
  w.changes.push_back({"name", before, after});
  return w;
}

// A write of assets (`kind` "assign" or "withdraw") for person n, with nothing in it yet.
JournaledWrite assetWrite(const std::string& n, const std::string& kind = "assign") {
  JournaledWrite w;
  w.kind = kind;
  w.key = kind + ":g" + n;
  w.employeeId = "E" + n;
  w.account = "u" + n;
  w.globalId = "g" + n;
  return w;
}

Plan revertOf(const Scenario& s, std::vector<JournaledWrite> writes) {
  PlanInputs in{s.hr, s.members, s.policy, s.state, s.settings, s.now, &s.managedAssets};
  if (s.assets) in.assets = &*s.assets;
  return planRevert(RevertInputs{kRun, std::move(writes), in});
}

// `n` linked members named `name` on the center, listed in HR as `hrName`.
Scenario people(int n, const std::string& name, const std::string& hrName) {
  Scenario s;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    s.link("E" + k, "u" + k, "g" + k).add(member("g" + k, "u" + k, name));
    s.add(person("E" + k, "u" + k, hrName));
  }
  return s;
}

}  // namespace

TEST_CASE("a revert sets each renamed field back where the center still holds the run's value",
          "[plan][revert]") {
  Scenario s = people(2, "New", "New");
  s.members[1].name = "Changed by hand";
  const Plan p = revertOf(s, {renamed("0", "Old", "New"), renamed("1", "Old", "New")});
  const Item* edit = find(p, "revert:7:edit:E0");
  REQUIRE(edit);
  CHECK(edit->kind == ItemKind::Edit);
  CHECK(edit->name == "Old");
  CHECK(edit->revertsRun == kRun);
  REQUIRE(edit->changes.size() == 1);
  CHECK(edit->changes[0].before == "New");
  CHECK(edit->changes[0].after == "Old");
  CHECK_FALSE(find(p, "revert:7:edit:E1"));
  const Item* skipped = find(p, "revert:7:skipped:name:edit:E1");
  REQUIRE(skipped);
  CHECK(contains(english(skipped->reason), "the center now has \"Changed by hand\""));
  CHECK(p.hasChanges());
  CHECK(p.revertsRun == kRun);
}

TEST_CASE("a revert of a mass rename is not held by the edit guard", "[plan][revert]") {
  Scenario s = people(300, "New", "New");
  std::vector<JournaledWrite> writes;
  for (int i = 0; i < 300; ++i) writes.push_back(renamed(std::to_string(i), "Old", "New"));
  const Plan p = revertOf(s, writes);
  CHECK(p.counts.edit == 300);
  CHECK_FALSE(p.guarded());
}

TEST_CASE("a revert leaves an optional field it does not revert unsent", "[plan][revert]") {
  Scenario s = people(1, "New", "New");
  s.members[0].remark = "kept";
  JournaledWrite w = renamed("0", "Old", "New");
  w.changes.push_back({"passwordMobile", "", "13800000000"});
  s.members[0].passwordMobile = "13800000000";
  const Plan p = revertOf(s, {w});
  const Item* edit = find(p, "revert:7:edit:E0");
  REQUIRE(edit);
  CHECK(edit->name == "Old");
  CHECK_FALSE(edit->remark);
  REQUIRE(edit->mobile);
  CHECK(*edit->mobile == "");
}

TEST_CASE("a revert cannot clear a department the member had none of", "[plan][revert]") {
  Scenario s = people(1, "N", "N");
  s.members[0].departmentId = "1001";
  JournaledWrite w = renamed("0", "N", "N");
  w.changes = {{"departmentId", "", "1001"}};
  const Plan p = revertOf(s, {w});
  CHECK(p.counts.edit == 0);
  const Item* skipped = find(p, "revert:7:skipped:departmentId:edit:E0");
  REQUIRE(skipped);
  CHECK(contains(english(skipped->reason), "cannot clear"));
}

TEST_CASE("a revert skips members gone from the center and protected accounts", "[plan][revert]") {
  Scenario s = people(2, "New", "New");
  s.policy.protect = {"u1"};
  JournaledWrite gone = renamed("9", "Old", "New");
  const Plan p = revertOf(s, {gone, renamed("1", "Old", "New")});
  CHECK(p.counts.edit == 0);
  REQUIRE(find(p, "revert:7:skipped:edit:E9"));
  CHECK(contains(english(find(p, "revert:7:skipped:edit:E9")->reason), "no longer on the center"));
  REQUIRE(find(p, "revert:7:skipped:edit:E1"));
  CHECK(contains(english(find(p, "revert:7:skipped:edit:E1")->reason), "protect"));
}

TEST_CASE("adds, deletes, lendings and enrolments are listed as what a revert cannot undo",
          "[plan][revert]") {
  Scenario s = people(1, "N", "N");
  std::vector<JournaledWrite> writes;
  for (const char* kind : {"add", "delete", "lend", "enrol", "reset-password"}) {
    JournaledWrite w;
    w.kind = kind;
    w.key = std::string(kind) + ":E0";
    w.account = "u0";
    writes.push_back(w);
  }
  const Plan p = revertOf(s, writes);
  CHECK(p.counts.problem == 5);
  CHECK_FALSE(p.hasChanges());
  for (const char* kind : {"add", "delete", "lend", "enrol", "reset-password"}) {
    const Item* item = find(p, std::string("revert:7:cannot-undo:") + kind + ":E0");
    REQUIRE(item);
    CHECK(contains(english(item->reason), "cannot"));
  }
}

TEST_CASE("a revert withdraws the assets the run assigned and assigns again those it withdrew",
          "[plan][revert]") {
  Scenario s = people(1, "N", "N");
  s.asset("AN-1", "g0").owned("AN-1", "g0", "cad");
  s.asset("AN-2");             // free again
  s.asset("AN-3", "g-other");  // taken by someone else since
  JournaledWrite w = assetWrite("0", "assign");
  w.assigned = {"AN-1"};
  w.withdrawn = {"AN-2", "AN-3"};
  w.withdrawnRules = {"viewer", "viewer"};
  const Plan p = revertOf(s, {w});
  const Item* assign = find(p, "revert:7:assign:g0");
  REQUIRE(assign);
  CHECK(assign->assetsToWithdraw == std::vector<std::string>{"AN-1"});
  CHECK(assign->assetsToAdd == std::vector<std::string>{"AN-2"});
  CHECK(assign->assetRules == std::vector<std::string>{"viewer"});
  CHECK(assign->destructive);
  CHECK(find(p, "revert:7:skipped:AN-3:assign:g0"));
}

TEST_CASE("a reverted departure assigns the assets again and resets the absence",
          "[plan][revert]") {
  Scenario s = people(1, "N", "N");
  s.asset("AN-1");
  s.absence("E0", 3, "x", kNow);
  JournaledWrite w = assetWrite("0", "withdraw");
  w.withdrawn = {"AN-1"};
  w.withdrawnRules = {"cad"};
  Plan p = revertOf(s, {w});
  const Item* assign = find(p, "revert:7:assign:g0");
  REQUIRE(assign);
  CHECK(assign->assetsToAdd == std::vector<std::string>{"AN-1"});
  CHECK(assign->assetRules == std::vector<std::string>{"cad"});
  // The absence goes once the seat is back, not before.
  CHECK(assign->endsDeparture);
  CHECK(p.stateChanges.clearedAbsences.empty());

  // Nothing to put back (the seat is taken now): the departure ends with the revert itself.
  s.assets->front().cloudAccountGlobalId = "g-other";
  p = revertOf(s, {w});
  CHECK_FALSE(find(p, "revert:7:assign:g0"));
  CHECK(p.stateChanges.clearedAbsences == std::vector<std::string>{"E0"});
}

TEST_CASE("an asset membersync did not own is assigned again without taking ownership",
          "[plan][revert]") {
  Scenario s = people(1, "N", "N");
  s.asset("AN-1").asset("AN-2");
  JournaledWrite w = assetWrite("0", "assign");
  w.withdrawn = {"AN-1", "AN-2"};
  w.withdrawnRules = {"cad", kNotOwnedRule};
  const Plan p = revertOf(s, {w});
  const Item* assign = find(p, "revert:7:assign:g0");
  REQUIRE(assign);
  CHECK(assign->assetRules == std::vector<std::string>{"cad", kNotOwnedRule});
}

TEST_CASE("a write still in doubt is skipped and said, not reverted", "[plan][revert]") {
  Scenario s = people(1, "New", "New");
  JournaledWrite w = renamed("0", "Old", "New");
  w.inDoubt = true;
  const Plan p = revertOf(s, {w});
  CHECK(p.counts.edit == 0);
  const Item* skipped = find(p, "revert:7:in-doubt:edit:E0");
  REQUIRE(skipped);
  CHECK(contains(english(skipped->reason), "the next sync settles it"));
}

TEST_CASE("a revert's withdrawals count against the delete guard until released",
          "[plan][revert]") {
  Scenario s = people(20, "N", "N");
  std::vector<JournaledWrite> writes;
  for (int i = 0; i < 20; ++i) {
    const std::string k = std::to_string(i);
    s.asset("AN-" + k, "g" + k).owned("AN-" + k, "g" + k, "cad");
    JournaledWrite w = assetWrite(k);
    w.assigned = {"AN-" + k};
    writes.push_back(w);
  }
  s.settings.deleteFloor = 10;
  s.settings.maxDeletes = 10;
  Plan p = revertOf(s, writes);
  CHECK(p.guard.tripped);
  CHECK(p.counts.held == 20);
  for (const Item& i : p.items) s.state.releasedItems.insert(releaseKey(i));
  p = revertOf(s, writes);
  CHECK_FALSE(p.guard.tripped);
  CHECK(p.counts.assign == 20);
}

TEST_CASE("a revert's keys name the run they revert, and no sync key does", "[plan][revert]") {
  CHECK(revertKeyPrefix(12) == "revert:12:");
  CHECK(revertedRunOf("revert:12:assign:g1") == 12);
  CHECK(revertedRunOf("assign:g1") == 0);
  CHECK(revertedRunOf("reverted:E1") == 0);
}

TEST_CASE("a run journaled without the values before is refused", "[plan][revert]") {
  JournaledWrite old = renamed("0", "", "");
  old.changes.clear();
  old.hasBeforeValues = false;
  const auto why = revertRefusal(kRun, {renamed("1", "A", "B"), old});
  REQUIRE(why);
  CHECK(contains(i18n::english(*why), "run 7 cannot be reverted"));
  CHECK_FALSE(revertRefusal(kRun, {renamed("1", "A", "B")}));
}

TEST_CASE("a reverted field is held while HR gives the reverted value, and lifts once it differs",
          "[plan][revert]") {
  Scenario s = people(2, "Old", "New");
  s.state.revertedFields[state::revertedFieldKey("E0", "name")] =
      state::RevertedField{"E0", "name", "New", kRun, kNow};
  Plan p = s.plan();
  const Item* held = find(p, "reverted:E0");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "reverted in run 7"));
  CHECK_FALSE(find(p, "edit:E0"));
  CHECK(find(p, "edit:E1"));  // an unrelated person is edited as usual
  CHECK(p.stateChanges.liftedReverts.empty());

  s.hr.people[0].name = "Newer";
  p = s.plan();
  CHECK_FALSE(find(p, "reverted:E0"));
  REQUIRE(find(p, "edit:E0"));
  CHECK(find(p, "edit:E0")->name == "Newer");
  CHECK(p.stateChanges.liftedReverts == std::vector<std::string>{"E0|name"});
}

TEST_CASE("an unrelated change does not lift a reverted field, and leaves it unsent",
          "[plan][revert]") {
  Scenario s = people(1, "Old", "New");
  s.hr.people[0].mobile = "13800000000";
  s.state.revertedFields[state::revertedFieldKey("E0", "name")] =
      state::RevertedField{"E0", "name", "New", kRun, kNow};
  const Plan p = s.plan();
  REQUIRE(find(p, "reverted:E0"));
  const Item* edit = find(p, "edit:E0");
  REQUIRE(edit);
  CHECK(edit->name == "Old");  // the center's: the reverted name is not sent again
  REQUIRE(edit->changes.size() == 1);
  CHECK(edit->changes[0].field == "passwordMobile");
  CHECK(p.stateChanges.liftedReverts.empty());
}
