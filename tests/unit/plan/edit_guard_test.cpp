// The edit guard: a mass rename (a wrong column mapping) or a column that arrives blank is held
// as a whole, adds still go out, adoptions count as managed, and a release covers the values
// that were reviewed, not later ones.

#include <catch2/catch.hpp>

#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// `managed` linked members; the first `renamed` of them get a new name in HR; plus one new person.
Scenario renames(int managed, int renamed, const std::string& newName = "Renamed") {
  Scenario s;
  for (int i = 0; i < managed; ++i) {
    const std::string n = std::to_string(i);
    s.link("E" + n, "u" + n, "g" + n).add(member("g" + n, "u" + n, "U"));
    s.add(person("E" + n, "u" + n, i < renamed ? newName : "U"));
  }
  s.add(person("NEW", "newbie", "Newbie"));
  return s;
}

std::size_t heldEdits(const Plan& plan) {
  std::size_t n = 0;
  for (const Item& i : plan.items)
    n += i.kind == ItemKind::Held && i.heldByGuard && i.heldKind == ItemKind::Edit ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("edit guard: edits within the floor go ahead", "[plan][guard]") {
  const Plan plan = renames(100, 20).plan();  // 10% of 100 = 10, floor 20
  CHECK_FALSE(plan.editGuard.tripped);
  CHECK(plan.editGuard.edits == 20);
  CHECK(plan.editGuard.allowed == 20);
  CHECK(plan.counts.edit == 20);
  CHECK_FALSE(plan.guarded());
}

TEST_CASE("edit guard: a mass rename holds every edit while the add goes out", "[plan][guard]") {
  const Plan plan = renames(300, 300).plan();  // 10% of 300 = 30
  REQUIRE(plan.editGuard.tripped);
  CHECK(plan.guarded());
  CHECK(plan.editGuard.edits == 300);
  CHECK(plan.editGuard.allowed == 30);
  CHECK(contains(english(plan.editGuard.reason), "300 edits exceed the limit of 30"));
  CHECK(contains(english(plan.editGuard.reason), "raise [sync] max_edit_percent"));
  CHECK(contains(english(plan.editGuard.reason), "membersync allow RUN"));
  CHECK(plan.counts.edit == 0);
  CHECK(heldEdits(plan) == 300);
  const Item* held = find(plan, "edit:E0");
  REQUIRE(held);
  CHECK(held->name == "Renamed");  // the held item keeps what would have been sent, for review
  CHECK(contains(english(held->reason), "held by the edit guard"));
  CHECK(find(plan, "add:NEW")->kind == ItemKind::Add);
  CHECK_FALSE(plan.guard.tripped);  // the delete guard is another guard
}

TEST_CASE("edit guard: max_edits caps the percentage, edit_floor is always allowed",
          "[plan][guard]") {
  Scenario s = renames(3000, 250);  // 10% of 3000 = 300, capped at max_edits 200
  CHECK(s.plan().editGuard.allowed == 200);
  CHECK(contains(english(s.plan().editGuard.reason), "raise [sync] max_edits"));
  s.settings.maxEdits = 250;
  CHECK_FALSE(s.plan().editGuard.tripped);
  Scenario few = renames(10, 10);
  CHECK(few.plan().editGuard.allowed == 20);
  CHECK_FALSE(few.plan().editGuard.tripped);
  few.settings.editFloor = 5;
  CHECK(contains(english(few.plan().editGuard.reason), "raise [sync] edit_floor"));
}

TEST_CASE("edit guard: members adopted in the run count as managed", "[plan][guard]") {
  Scenario s;
  for (int i = 0; i < 300; ++i) {  // nothing linked yet: a first sync adopting 300 members
    const std::string n = std::to_string(i);
    s.add(member("g" + n, "u" + n, "Old"));
    s.add(person("E" + n, "u" + n, i < 30 ? "New" : "Old"));
  }
  const Plan plan = s.plan();
  CHECK(plan.counts.adopt == 300);
  CHECK(plan.editGuard.allowed == 30);  // 10% of the 300 adopted, not the floor of 0 managed
  CHECK_FALSE(plan.editGuard.tripped);
  CHECK(plan.counts.edit == 30);
}

TEST_CASE("edit guard: a release covers the reviewed values only", "[plan][guard]") {
  Scenario s = renames(300, 300);
  const Plan held = s.plan();
  for (const Item& i : held.items)
    if (i.heldByGuard) s.state.releasedItems.insert(releaseKey(i));
  const Plan released = s.plan();
  CHECK_FALSE(released.editGuard.tripped);
  CHECK(released.counts.edit == 300);

  SECTION("an edit to other values than those reviewed is guarded again") {
    Scenario other = renames(300, 300, "Other");
    other.state.releasedItems = s.state.releasedItems;
    const Plan again = other.plan();
    CHECK(again.editGuard.tripped);
    CHECK(heldEdits(again) == 300);
  }
  SECTION("released edits do not make room for others") {
    Scenario more = renames(300, 300);
    more.state.releasedItems = s.state.releasedItems;
    for (int i = 0; i < 31; ++i)
      more.state.releasedItems.erase(releaseKey(*find(held, "edit:E" + std::to_string(i))));
    const Plan partly = more.plan();
    CHECK(partly.editGuard.edits == 31);  // the 269 released are not counted ...
    CHECK(partly.editGuard.tripped);      // ... and 31 > 30 trips the guard
    CHECK(heldEdits(partly) == 31);       // holding only those not released
    CHECK(partly.counts.edit == 269);
  }
}

TEST_CASE(
    "release keys bind every guarded kind to the content reviewed: an edit's values, the assets "
    "moved, a lending's lock, a delete's member, an enrolment by its key",
    "[plan][guard]") {
  Item edit;
  edit.kind = ItemKind::Edit;
  edit.key = "edit:E1";
  edit.name = "A";
  Item other = edit;
  other.name = "B";
  CHECK(releaseKey(edit) != releaseKey(other));
  CHECK(releaseKey(edit).rfind("edit:E1@", 0) == 0);
  Item heldEdit = edit;
  heldEdit.kind = ItemKind::Held;
  heldEdit.heldKind = ItemKind::Edit;
  CHECK(releaseKey(heldEdit) == releaseKey(edit));
  Item del;
  del.kind = ItemKind::Delete;
  del.key = "delete:g1";
  del.employeeId = "E1";
  del.account = "alice";
  Item otherDel = del;
  otherDel.employeeId = "E2";
  CHECK(releaseKey(del).rfind("delete:g1@", 0) == 0);
  CHECK(releaseKey(del) != releaseKey(otherDel));

  Item withdraw;
  withdraw.kind = ItemKind::Withdraw;
  withdraw.key = "withdraw:g1";
  withdraw.assetsToWithdraw = {"AN-1"};
  Item more = withdraw;
  more.assetsToWithdraw = {"AN-1", "AN-2", "AN-3"};
  Item reordered = more;
  reordered.assetsToWithdraw = {"AN-3", "AN-1", "AN-2"};
  CHECK(releaseKey(withdraw) != releaseKey(more));  // a later, larger withdrawal is held again
  CHECK(releaseKey(more) == releaseKey(reordered));  // the order is no content
  Item heldWithdraw = withdraw;
  heldWithdraw.kind = ItemKind::Held;
  heldWithdraw.heldKind = ItemKind::Withdraw;
  CHECK(releaseKey(heldWithdraw) == releaseKey(withdraw));

  Item assign;
  assign.kind = ItemKind::Assign;
  assign.key = "assign:g1";
  assign.assetsToWithdraw = {"AN-1"};
  Item assignMore = assign;
  assignMore.assetsToAdd = {"AN-9"};
  CHECK(releaseKey(assign) != releaseKey(assignMore));

  Item lend;
  lend.kind = ItemKind::Lend;
  lend.key = "lend:g1:LK-1";
  lend.lockNumber = "LK-1";
  lend.assetIds = {"A1"};
  Item lendMore = lend;
  lendMore.assetIds = {"A1", "A2"};
  CHECK(releaseKey(lend) != releaseKey(lendMore));

  Item revert = assign;
  revert.key = "revert:7:assign:g1";
  CHECK(releaseKey(revert).rfind("revert:7:assign:g1@", 0) == 0);

  CHECK(releaseSubject(releaseKey(del)) == "g1");
  CHECK(releaseSubject(releaseKey(revert)) == "g1");
  CHECK(releaseSubject(releaseKey(lend)) == "g1");
  CHECK(releaseSubject(releaseKey(edit)) == "E1");

  Item enrol;
  enrol.kind = ItemKind::Enrol;
  enrol.key = "enrol:E1:welcome";
  CHECK(releaseKey(enrol) == "enrol:E1:welcome");
  CHECK(namingRun("release with `membersync allow RUN`", 42) == "release with `membersync allow 42`");
}
