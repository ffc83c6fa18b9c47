// Orphans, and the item history: refused items and retry back-off.

#include <catch2/catch.hpp>

#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;
using membersync::state::ItemRecord;
using membersync::state::ItemStatus;

TEST_CASE("planner: an orphan is reported by default", "[plan]") {
  Scenario s;
  s.add(member("g9", "ghost", "Ghost"));
  const Plan plan = s.plan();
  REQUIRE(plan.items.size() == 1);
  const Item& orphan = plan.items[0];
  CHECK(orphan.kind == ItemKind::Orphan);
  CHECK(orphan.key == "orphan:g9");
  CHECK(orphan.account == "ghost");
  CHECK_FALSE(orphan.destructive);
  CHECK(plan.counts.orphan == 1);
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE(
    "planner: a new HR row named as an orphan member is pointed out as a possible "
    "duplicate, and still added",
    "[plan]") {
  Scenario s;
  s.add(member("g9", "jsmith", "John Smith")).add(member("g8", "chenjie", "陈杰"));
  s.add(person("E6", "johnsmith", " john  SMITH")).add(person("E7", "jiechen", "陈杰"));
  s.add(person("E8", "newguy", "New Guy"));
  const Plan plan = s.plan();
  CHECK(find(plan, "add:E6"));
  CHECK(find(plan, "orphan:g9"));
  const Item* note = find(plan, "problem:possible-duplicate:E6");
  REQUIRE(note);
  CHECK(note->account == "johnsmith");
  CHECK(note->employeeId == "E6");
  CHECK(english(note->reason) ==
        "the new johnsmith may be the same person as the member jsmith (g9), also named \" john  "
        "SMITH\", which no HR row matches: if so, give this row the account jsmith so that the "
        "member is adopted, not added a second time; if not, nothing to do");
  CHECK(find(plan, "problem:possible-duplicate:E7"));  // Chinese names alike
  CHECK_FALSE(find(plan, "problem:possible-duplicate:E8"));
  CHECK(plan.counts.problem == 2);

  SECTION("--only keeps it for either account") {
    s.settings.onlyAccount = "jsmith";
    const Plan only = s.plan();
    CHECK(find(only, "problem:possible-duplicate:E6"));
    CHECK_FALSE(find(only, "problem:possible-duplicate:E7"));
  }
  SECTION("with orphans = delete it says the member goes") {
    s.settings.orphans = Orphans::Delete;
    const Plan deleting = s.plan();
    CHECK(contains(english(find(deleting, "problem:possible-duplicate:E6")->reason),
                   "which no HR row matches ([sync] orphans = delete deletes it): if so"));
  }
}

TEST_CASE("planner: with orphans = delete an orphan is deleted, unless protected", "[plan]") {
  Scenario s;
  s.settings.orphans = Orphans::Delete;
  s.policy.protect = {"adm*"};
  s.add(member("g9", "ghost")).add(member("g8", "admin"));
  const Plan plan = s.plan();
  const Item* del = find(plan, "delete:g9");
  REQUIRE(del);
  CHECK(del->kind == ItemKind::Delete);
  CHECK(del->destructive);
  CHECK(english(del->reason) == "orphan");
  const Item* held = find(plan, "delete:g8");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(english(held->reason) == "protected by the policy's protect list");
}

TEST_CASE("planner: members that HR rows name, or state links, are no orphans", "[plan]") {
  Scenario s;
  s.settings.orphans = Orphans::Delete;
  s.add(departed(person("E1", "gone")));                        // named by a departed row
  s.badRow(9, "E2", "broken", "bad mobile");                    // named by a skipped row
  s.link("E3", "ours", "g3").badRow(10, "E3", "", "bad name");  // linked (and skipped)
  s.add(member("g1", "gone")).add(member("g2", "Broken")).add(member("g3", "ours"));
  auto deleted = member("g4", "old");
  deleted.deleted = true;
  s.add(deleted);
  const Plan plan = s.plan();
  CHECK(countKind(plan, ItemKind::Delete) == 0);
  CHECK(countKind(plan, ItemKind::Orphan) == 0);
}

TEST_CASE("planner: a refused item is held until its inputHash changes", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice"));
  const std::string hash = find(s.plan(), "add:E1")->inputHash;
  ItemRecord refused;
  refused.key = "add:E1";
  refused.status = ItemStatus::Refused;
  refused.inputHash = hash;
  refused.code = "10003";
  refused.message = "account already exists";
  s.state.items["add:E1"] = refused;

  const Plan held = s.plan();
  const Item* item = find(held, "add:E1");
  REQUIRE(item);
  CHECK(item->kind == ItemKind::Held);
  CHECK(item->heldKind == ItemKind::Add);
  CHECK(english(item->reason) ==
        "refused earlier: 10003 account already exists; not re-sent until the HR row, the "
        "policy, [sync] password_length or [center] account_suffix changes");
  CHECK_FALSE(held.hasChanges());

  SECTION("a changed HR row is tried again") {
    s.hr.people[0].name = "Alice Liu";
    CHECK(find(s.plan(), "add:E1")->kind == ItemKind::Add);
  }
  SECTION("a changed policy is tried again") {
    s.policy.contentHash = "policy-2";
    CHECK(find(s.plan(), "add:E1")->kind == ItemKind::Add);
  }
  SECTION("a changed password length is tried again") {
    s.settings.passwordLength = 20;
    CHECK(find(s.plan(), "add:E1")->kind == ItemKind::Add);
  }
  SECTION("a changed account suffix (or enterprise code) is tried again") {
    s.settings.accountSuffix = "@acme2";
    CHECK(find(s.plan(), "add:E1")->kind == ItemKind::Add);
  }
  SECTION("settings that shape no add (the departure rules) keep it held") {
    s.settings.graceRuns = 5;
    s.settings.maxDeletes = 1;
    CHECK(find(s.plan(), "add:E1")->kind == ItemKind::Held);
  }
}

TEST_CASE("planner: an item in retry back-off is held until nextAttemptAt", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice")).link("E1", "alice", "g1");
  s.add(member("g1", "alice", "Old"));
  ItemRecord retry;
  retry.key = "edit:E1";
  retry.status = ItemStatus::RetryLater;
  retry.attempts = 2;
  retry.code = "500";
  retry.message = "server error";
  retry.nextAttemptAt = kNow + 3600 * 1000;
  s.state.items["edit:E1"] = retry;
  const Plan plan = s.plan();
  const Item* held = find(plan, "edit:E1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "retrying after 2026-01-01 01:00:00 +0000"));

  SECTION("once due, it is planned again") {
    s.state.items["edit:E1"].nextAttemptAt = kNow;
    CHECK(find(s.plan(), "edit:E1")->kind == ItemKind::Edit);
  }
}

TEST_CASE("planner: an earlier add whose answer was lost is adopted as membersync's", "[plan]") {
  Scenario s;
  s.add(person("E1", "alice", "Alice")).add(member("g1", "alice", "Alice"));
  ItemRecord unknown;
  unknown.key = "add:E1";
  unknown.status = ItemStatus::Unknown;
  s.state.items["add:E1"] = unknown;
  const Plan plan = s.plan();
  REQUIRE(plan.stateChanges.links.size() == 1);
  CHECK(plan.stateChanges.links[0].createdByUs);
  CHECK_FALSE(find(plan, "add:E1"));
}

TEST_CASE(
    "planner: an add whose earlier add is still in doubt is held, never sent a second time",
    "[plan]") {
  Scenario s;
  s.add(person("E1", "Alice", "Alice Li", "ENG")).add(person("E2", "bob", "Bob Wu", "ENG"));
  s.addsInDoubt = {"alice"};
  const Plan plan = s.plan();
  const Item* held = find(plan, "add:E1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Add);
  CHECK_THAT(english(held->reason), Catch::Contains("still in doubt"));
  REQUIRE(find(plan, "add:E2"));
  CHECK(find(plan, "add:E2")->kind == ItemKind::Add);
}
