// Adds, adoptions, edits, protected edits, renames and stale links.

#include <catch2/catch.hpp>

#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

TEST_CASE("planner: an active person with no member is added with the mapped department",
          "[plan]") {
  Scenario s;
  s.policy.departments["ENG"] = "1001";
  auto p = person("E1", "alice", "Alice", "ENG");
  p.remark = "desk 4";
  s.add(p);
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 1);
  const Item& add = plan.items[0];
  CHECK(add.kind == ItemKind::Add);
  CHECK(add.key == "add:E1");
  CHECK(add.account == "alice");
  CHECK(add.name == "Alice");
  CHECK(add.departmentId == std::optional<std::string>("1001"));
  CHECK(add.remark == std::optional<std::string>("desk 4"));
  CHECK_FALSE(add.mobile);  // no column: not sent
  CHECK_FALSE(add.inputHash.empty());
  CHECK(plan.counts.add == 1);
  CHECK(plan.hasChanges());
}

TEST_CASE("planner: an unmapped department adds without departmentId and one problem per value",
          "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice", "QA")).add(person("E2", "bob", "Bob", "QA"));
  s.add(person("E3", "carol", "Carol", ""));  // no department at all: no problem
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Add) == 3);
  CHECK_FALSE(find(plan, "add:E1")->departmentId);
  CHECK(find(plan, "add:E1")->department == "QA");
  REQUIRE(countKind(plan, ItemKind::Problem) == 1);
  const Item* problem = find(plan, "problem:department:QA");
  REQUIRE(problem);
  CHECK(contains(english(problem->reason),
                 "department \"QA\" has no departmentId in the policy's departments"));
  CHECK(contains(english(problem->reason), "2 people"));
}

TEST_CASE("planner: a departed person with no member gets nothing", "[plan]") {
  Scenario s;
  s.add(departed(person("E1", "alice")));
  const Plan plan = s.plan();
  CHECK(plan.items.empty());
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("planner: a member whose account matches is adopted, linked and edited", "[plan]") {
  Scenario s;
  s.policy.departments["ENG"] = "1001";
  s.add(person("E1", "Alice", "Alice Liu", "ENG"));
  s.add(member("g1", "alice", "Alice"));  // account case differs: still the same account
  const Plan plan = s.plan();
  const Item* adopt = find(plan, "adopt:E1");
  REQUIRE(adopt);
  CHECK(adopt->kind == ItemKind::Adopt);
  CHECK(adopt->globalId == "g1");
  CHECK_FALSE(find(plan, "add:E1"));
  REQUIRE(plan.stateChanges.links.size() == 1);
  const auto& link = plan.stateChanges.links[0];
  CHECK(link.employeeId == "E1");
  CHECK(link.account == "alice");
  CHECK(link.globalId == "g1");
  CHECK_FALSE(link.createdByUs);
  const Item* edit = find(plan, "edit:E1");
  REQUIRE(edit);
  CHECK(edit->account == "alice");  // the center's spelling: A2 cannot rename
  REQUIRE(edit->changes.size() == 2);
  CHECK(edit->changes[0].field == "name");
  CHECK(edit->changes[0].before == "Alice");
  CHECK(edit->changes[0].after == "Alice Liu");
  CHECK(edit->changes[1].field == "departmentId");
  CHECK(edit->changes[1].before == "");
  CHECK(edit->changes[1].after == "1001");
  CHECK(plan.counts.adopt == 1);
  CHECK(plan.counts.edit == 1);
}

TEST_CASE("planner: an adoption with equal fields makes no edit and is not a change", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice"));
  s.add(member("g1", "alice", "Alice"));
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 1);
  CHECK(plan.items[0].kind == ItemKind::Adopt);
  CHECK_FALSE(plan.hasChanges());  // only a link is recorded
}

TEST_CASE("planner: each managed field that differs is edited, before and after", "[plan]") {
  Scenario s;
  s.policy.departments["ENG"] = "1001";
  auto p = person("E1", "alice", "Alice Liu", "ENG");
  p.remark = "new remark";
  p.mobile = "13800000001";
  s.add(p).link("E1", "alice", "g1");
  auto m = member("g1", "alice", "Alice");
  m.departmentId = "999";
  m.remark = "old remark";
  m.passwordMobile = "13800000000";
  s.add(m);
  const Plan plan = s.plan();
  const Item* edit = find(plan, "edit:E1");
  REQUIRE(edit);
  REQUIRE(edit->changes.size() == 4);
  CHECK(edit->changes[0].field == "name");
  CHECK(edit->changes[1].field == "departmentId");
  CHECK(edit->changes[1].before == "999");
  CHECK(edit->changes[1].after == "1001");
  CHECK(edit->changes[2].field == "remark");
  CHECK(edit->changes[2].before == "old remark");
  CHECK(edit->changes[3].field == "passwordMobile");
  CHECK(edit->changes[3].after == "13800000001");
  // Every target field travels with the edit.
  CHECK(edit->name == "Alice Liu");
  CHECK(edit->departmentId == std::optional<std::string>("1001"));
  CHECK(edit->remark == std::optional<std::string>("new remark"));
  CHECK(edit->mobile == std::optional<std::string>("13800000001"));
  CHECK(edit->globalId == "g1");
}

TEST_CASE("planner: an empty remark clears the center's remark", "[plan]") {
  Scenario s;
  auto p = person("E1", "alice", "Alice");
  p.remark = "";
  s.add(p).link("E1", "alice", "g1");
  auto m = member("g1", "alice", "Alice");
  m.remark = "old";
  s.add(m);
  const Plan plan = s.plan();
  const Item* edit = find(plan, "edit:E1");
  REQUIRE(edit);
  REQUIRE(edit->changes.size() == 1);
  CHECK(edit->changes[0].field == "remark");
  CHECK(edit->changes[0].before == "old");
  CHECK(edit->changes[0].after == "");
  CHECK(edit->remark == std::optional<std::string>(""));
}

TEST_CASE("planner: an empty remark and none on the center are no change", "[plan]") {
  Scenario s;
  auto p = person("E1", "alice", "Alice");
  p.remark = "";
  p.mobile = "";
  s.add(p).link("E1", "alice", "g1").add(member("g1", "alice", "Alice"));
  CHECK(s.plan().items.empty());
}

TEST_CASE("planner: an absent optional column or unmapped department means no change", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice", "UNMAPPED")).link("E1", "alice", "g1");
  auto m = member("g1", "alice", "Alice");
  m.remark = "kept";
  m.passwordMobile = "13800000000";
  m.departmentId = "7";
  s.add(m);
  const Plan plan = s.plan();
  CHECK(plan.items.empty());  // no edit, and no department problem without an add
}

TEST_CASE("planner: a protected account's edit is held", "[plan]") {
  Scenario s;
  s.policy.protect = {"admin", "svc*"};
  s.add(person("E1", "SvcBackup", "Backup")).link("E1", "svcbackup", "g1");
  s.add(member("g1", "svcbackup", "Old name"));
  const Plan plan = s.plan();
  const Item* held = find(plan, "edit:E1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Edit);
  CHECK(english(held->reason) == "protected by the policy's protect list");
  CHECK_FALSE(held->heldByGuard);
  CHECK(held->changes.size() == 1);
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("planner: a changed account is a rename: reported, no add, no departure", "[plan]") {
  Scenario s;
  s.add(person("E1", "robert", "Robert")).link("E1", "bob", "g1");
  s.add(member("g1", "bob", "Bob"));
  const Plan plan = s.plan();
  const Item* rename = find(plan, "rename:E1");
  REQUIRE(rename);
  CHECK(rename->kind == ItemKind::Rename);
  CHECK(rename->account == "robert");
  CHECK(rename->centerAccount == "bob");
  CHECK(
      contains(english(rename->reason), "the center cannot rename accounts; restore the account bob in HR"));
  CHECK_FALSE(find(plan, "add:E1"));
  CHECK(countKind(plan, ItemKind::Withdraw) == 0);
  CHECK(countKind(plan, ItemKind::Delete) == 0);
  CHECK(countKind(plan, ItemKind::Held) == 0);
  CHECK(plan.stateChanges.absences.empty());
  // The other fields keep being edited, on the linked member, under the center's account.
  const Item* edit = find(plan, "edit:E1");
  REQUIRE(edit);
  CHECK(edit->account == "bob");
  CHECK(edit->globalId == "g1");
  CHECK(plan.counts.rename == 1);
}

TEST_CASE("planner: a stale link is dropped and the person is adopted by account", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice")).link("E1", "alice", "gone");
  auto deleted = member("g0", "alice", "Alice");
  deleted.deleted = true;  // listed deleted: ignored
  s.add(deleted).add(member("g2", "alice", "Alice"));
  const Plan plan = s.plan();
  CHECK(plan.stateChanges.droppedLinks == std::vector<std::string>{"E1"});
  const Item* adopt = find(plan, "adopt:E1");
  REQUIRE(adopt);
  CHECK(adopt->globalId == "g2");
}

TEST_CASE("planner: a stale link with no member left is dropped and the person added", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice")).link("E1", "alice", "gone");
  const Plan plan = s.plan();
  CHECK(plan.stateChanges.droppedLinks == std::vector<std::string>{"E1"});
  CHECK(find(plan, "add:E1"));
}

TEST_CASE("planner: an account still held by another employee's member is not added", "[plan]") {
  Scenario s;
  s.add(person("E2", "bob", "New Bob")).link("E1", "bob", "g1");
  s.add(member("g1", "bob", "Old Bob"));
  s.absence("E1", 0, "");
  const Plan plan = s.plan();
  const Item* held = find(plan, "add:E2");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Add);
  CHECK(contains(english(held->reason), "employee E1"));
  CHECK_FALSE(find(plan, "adopt:E2"));
  CHECK(plan.stateChanges.links.empty());
  // The old employee's departure goes on.
  CHECK(find(plan, "withdraw:g1"));
}

TEST_CASE("planner: a person back and active clears the absence", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice")).link("E1", "alice", "g1");
  s.add(member("g1", "alice", "Alice")).absence("E1", 1, "export-0");
  const Plan plan = s.plan();
  CHECK(plan.stateChanges.clearedAbsences == std::vector<std::string>{"E1"});
  CHECK(plan.items.empty());
}

TEST_CASE("planner: a departed HR row's unmanaged member is reported, not touched", "[plan]") {
  Scenario s;
  s.add(departed(person("E1", "alice")));
  s.add(member("g1", "alice"));
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 1);
  CHECK(plan.items[0].kind == ItemKind::Problem);
  CHECK(plan.items[0].key == "problem:unmanaged:E1");
  CHECK_FALSE(plan.hasChanges());

  SECTION("but not from an export a guard distrusts: no advice to delete it by hand") {
    s.state.lastGoodExport = membersync::state::ExportRecord{"export-0", 10, kNow - kDay};
    const Plan shortExport = s.plan();
    CHECK(shortExport.guard.shortExport);
    CHECK(find(shortExport, "problem:unmanaged:E1") == nullptr);
  }
}
