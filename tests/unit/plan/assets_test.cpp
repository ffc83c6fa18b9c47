// Asset rules (A9): allocation from pools and products, minimal churn, shortages, exclusive
// pools, ownership, department changes, leavers, the guard and protection.

#include <catch2/catch.hpp>

#include "jobs/center/assets.h"
#include "tests/unit/plan/effects.h"
#include "tests/unit/plan/rules.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// Linked, active people: E1 alice (g1), E2 bob (g2), E3 carol (g3), all in ENG.
Scenario engineers() {
  Scenario s;
  for (const auto& [id, account, gid] :
       {std::tuple{"E1", "alice", "g1"}, {"E2", "bob", "g2"}, {"E3", "carol", "g3"}}) {
    s.add(person(id, account, "Name", "ENG")).link(id, account, gid).add(member(gid, account));
  }
  return s;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("assets: a pool hands out free assets in pool order, people in employee id order",
          "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-9", "AN-1", "AN-5"})};
  s.asset("AN-1").asset("AN-5").asset("AN-9");
  const Plan plan = s.plan();
  REQUIRE(find(plan, "assign:g1"));
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-9"});
  CHECK(find(plan, "assign:g1")->assetRules == Strings{"cad"});
  CHECK(find(plan, "assign:g2")->assetsToAdd == Strings{"AN-1"});
  CHECK(find(plan, "assign:g3")->assetsToAdd == Strings{"AN-5"});
  const Item& a = *find(plan, "assign:g1");
  CHECK(a.kind == ItemKind::Assign);
  CHECK(a.rule == "cad");
  CHECK(a.employeeId == "E1");
  CHECK(a.account == "alice");
  CHECK_FALSE(a.destructive);
  CHECK(a.assetsToWithdraw.empty());
  CHECK(contains(english(a.reason), "rule cad grants AN-9 from its pool"));
  CHECK(a.inputHash.size() == 64);
  CHECK(plan.counts.assign == 3);
  CHECK(plan.hasChanges());
  // The export's row order does not change who gets what.
  Scenario reversed = s;
  std::reverse(reversed.hr.people.begin(), reversed.hr.people.end());
  CHECK(find(reversed.plan(), "assign:g1")->assetsToAdd == Strings{"AN-9"});
  CHECK(find(reversed.plan(), "assign:g1")->inputHash == a.inputHash);
}

TEST_CASE("assets: a member keeps the asset it holds while a rule grants it", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2", "AN-3", "AN-4"})};
  // bob holds AN-3 (membersync's), carol AN-4 (assigned by hand: kept too).
  s.asset("AN-1").asset("AN-2").asset("AN-3", "g2").asset("AN-4", "g3").owned("AN-3", "g2", "cad");
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g2") == nullptr);
  CHECK(find(plan, "assign:g3") == nullptr);
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-1"});
  CHECK(plan.counts.assign == 1);
}

TEST_CASE("assets: an assigned asset is never handed out, nor one asset twice", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2", "AN-3", "AN-4"})};
  s.add(member("g9", "zed"));  // an orphan holding AN-1 by hand
  s.asset("AN-1", "g9").asset("AN-2").asset("AN-3").asset("AN-4");
  const Plan plan = s.plan();
  Strings handedOut;
  for (const Item& i : plan.items)
    for (const auto& a : i.assetsToAdd) handedOut.push_back(a);
  std::sort(handedOut.begin(), handedOut.end());
  CHECK(handedOut == Strings{"AN-2", "AN-3", "AN-4"});
}

TEST_CASE("assets: a pool run dry lists the people left without, nobody loses an asset", "[plan]") {
  Scenario s = engineers();
  s.add(person("E4", "dave", "Dave", "ENG")).link("E4", "dave", "g4").add(member("g4", "dave"));
  s.policy.assets = {poolRule("cad-seat", dept("ENG"), {"AN-1", "AN-2"})};
  s.asset("AN-1", "g3").asset("AN-2").owned("AN-1", "g3", "cad-seat");
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g3") == nullptr);  // carol keeps AN-1
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-2"});
  const Item* dry = find(plan, "problem:assets:cad-seat");
  REQUIRE(dry);
  CHECK(dry->kind == ItemKind::Problem);
  CHECK(english(dry->reason) ==
        "pool cad-seat ran dry: 2 people without: bob, dave (add free asset "
        "numbers to the rule's pool, or free some)");
  CHECK(plan.counts.withdraw == 0);
  for (const Item& i : plan.items) CHECK(i.assetsToWithdraw.empty());
}

TEST_CASE("assets: --only keeps a shortage that names the account", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad-seat", dept("ENG"), {"AN-1"})};
  s.asset("AN-1");
  s.settings.onlyAccount = "carol";
  const Plan plan = s.plan();
  CHECK(find(plan, "problem:assets:cad-seat"));
  CHECK(find(plan, "assign:g1") == nullptr);
  s.settings.onlyAccount = "alice";
  CHECK(find(s.plan(), "problem:assets:cad-seat") == nullptr);
  CHECK(find(s.plan(), "assign:g1"));
}

TEST_CASE("assets: an exclusive pool strips a hand-assigned pool asset, a shared one does not",
          "[plan]") {
  Scenario s = engineers();
  s.hr.people[2].department = "SALES";  // carol no longer matches
  s.asset("AN-1", "g3").asset("AN-2");
  SECTION("exclusive") {
    s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}, true)};
    const Plan plan = s.plan();
    const Item* strip = find(plan, "assign:g3");
    REQUIRE(strip);
    CHECK(strip->kind == ItemKind::Assign);
    CHECK(strip->assetsToWithdraw == Strings{"AN-1"});
    CHECK(strip->assetsToAdd.empty());
    CHECK(strip->destructive);
    CHECK(strip->rule == "cad");
    CHECK(contains(english(strip->reason), "AN-1: pool cad is exclusive and no rule grants it"));
    // Freed assets are handed out on the next run, not in this one.
    CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-2"});
    CHECK(find(plan, "problem:assets:cad"));
  }
  SECTION("shared") {
    s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}, false)};
    const Plan plan = s.plan();
    CHECK(find(plan, "assign:g3") == nullptr);
  }
}

TEST_CASE("assets: an exclusive pool's asset is taken back from a member no HR row manages",
          "[plan]") {
  Scenario s = engineers();
  s.add(member("g9", "zed"));
  s.asset("AN-1", "g9").asset("AN-7", "g9");
  s.policy.assets = {poolRule("cad", dept("NOBODY"), {"AN-1"}, true)};
  const Plan plan = s.plan();
  const Item* strip = find(plan, "assign:g9");
  REQUIRE(strip);
  CHECK(strip->assetsToWithdraw == Strings{"AN-1"});  // AN-7 is in no pool: untouched
  CHECK(strip->employeeId.empty());
  CHECK(strip->account == "zed");
}

TEST_CASE("assets: an asset membersync did not assign is never withdrawn", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  // alice holds AN-8 (by hand, in no pool) and AN-9 (which state says membersync gave bob).
  s.asset("AN-1", "g1").asset("AN-8", "g1").asset("AN-9", "g1").owned("AN-9", "g2", "cad");
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1") == nullptr);
  // The ownership record A6 contradicts is forgotten.
  CHECK(plan.stateChanges.droppedOwnedAssets == Strings{"AN-9"});
}

TEST_CASE("assets: membersync's asset no rule grants any more is withdrawn", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"})};
  s.asset("AN-1", "g1").asset("AN-2", "g1").owned("AN-2", "g1", "old-rule");
  const Plan plan = s.plan();
  const Item* a = find(plan, "assign:g1");
  REQUIRE(a);
  CHECK(a->assetsToWithdraw == Strings{"AN-2"});  // AN-1 was assigned by hand: left alone
  CHECK(a->rule == "old-rule");
  CHECK(contains(english(a->reason), "AN-2: membersync assigned it (rule old-rule) and no rule grants"));
}

TEST_CASE("assets: a department change moves the asset from the old pool to the new", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("eng-seat", dept("ENG"), {"AN-1", "AN-2", "AN-3"}),
                     poolRule("design-seat", dept("DESIGN"), {"DN-1"})};
  s.asset("AN-1", "g1").asset("AN-2", "g2").asset("AN-3", "g3").asset("DN-1");
  s.owned("AN-1", "g1", "eng-seat").owned("AN-2", "g2", "eng-seat").owned("AN-3", "g3", "eng-seat");
  s.hr.people[1].department = "DESIGN";  // bob moves
  const Plan plan = s.plan();
  const Item* move = find(plan, "assign:g2");
  REQUIRE(move);
  CHECK(move->assetsToAdd == Strings{"DN-1"});
  CHECK(move->assetRules == Strings{"design-seat"});
  CHECK(move->assetsToWithdraw == Strings{"AN-2"});
  CHECK(move->destructive);
  CHECK(move->rule == "design-seat");
  CHECK(plan.counts.assign == 1);  // nobody else moves
}

TEST_CASE("assets: a product rule finds a product nested in merchandise", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {productRule("viewer", {{"name", {"*"}}}, "uri:viewer")};
  center::ProductTree tree;
  center::MerchandiseNode suite, addon;
  center::ProductInstance cad, viewer;
  cad.productUri = "uri:cad";
  viewer.productUri = "uri:viewer";
  tree.productInstanceList = {cad};
  addon.productInstanceList = {viewer};
  suite.children = {addon};
  tree.children = {suite};
  s.asset("AN-3").asset("AN-2").asset("AN-1").asset("AN-4");
  s.products["ID-AN-2"] = center::productUris(tree);  // viewer two levels down
  s.products["ID-AN-3"] = center::productUris(tree);
  s.products["ID-AN-1"] = {"uri:cad"};
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-2"});  // assetNum order
  CHECK(find(plan, "assign:g2")->assetsToAdd == Strings{"AN-3"});
  CHECK(contains(english(find(plan, "assign:g1")->reason), "AN-2, which holds uri:viewer"));
  const Item* dry = find(plan, "problem:assets:viewer");
  REQUIRE(dry);
  CHECK(english(dry->reason) ==
        "no free asset holds uri:viewer (rule viewer): 1 person without: carol "
        "(buy more, or free some)");
}

TEST_CASE("assets: a product rule does not take a pool's free assets", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"}),
                     productRule("viewer", dept("ENG"), "uri:viewer")};
  s.asset("AN-1").asset("AN-2");
  s.products["ID-AN-1"] = {"uri:viewer"};
  s.products["ID-AN-2"] = {"uri:viewer"};
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-2"});
  CHECK(find(plan, "assign:g2") == nullptr);
  CHECK(find(plan, "problem:assets:viewer"));
}

TEST_CASE("assets: each rule a person matches grants its own asset", "[plan]") {
  Scenario s = engineers();
  s.hr.people.resize(1);
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"}),
                     productRule("viewer", dept("ENG"), "uri:viewer")};
  s.asset("AN-1").asset("AN-2");
  s.products["ID-AN-1"] = {"uri:viewer"};
  s.products["ID-AN-2"] = {"uri:viewer"};
  const Plan plan = s.plan();
  const Item* a = find(plan, "assign:g1");
  REQUIRE(a);
  CHECK(a->assetsToAdd == Strings{"AN-1", "AN-2"});
  CHECK(a->assetRules == Strings{"cad", "viewer"});
  CHECK(a->rule == "cad, viewer");
}

TEST_CASE("assets: a leaver's owned assets are withdrawn at departure", "[plan]") {
  Scenario s = engineers();
  s.settings.departed = Departed::WithdrawThenDelete;
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}),
                     poolRule("lab", dept("LAB"), {"LB-1"}, true)};
  s.asset("AN-1", "g1").asset("AN-2", "g2").asset("AN-8", "g1").asset("LB-1", "g1");
  s.owned("AN-1", "g1", "cad").owned("AN-2", "g2", "cad");
  s.hr.people[0] = departed(s.hr.people[0]);
  s.absence("E1", 1, "export-0");
  const Plan plan = s.plan();
  const Item* w = find(plan, "withdraw:g1");
  REQUIRE(w);
  CHECK(w->kind == ItemKind::Withdraw);
  // Membersync's own and the exclusive pool's; AN-8 was assigned by hand.
  CHECK(w->assetsToWithdraw == Strings{"AN-1", "LB-1"});
  CHECK(find(plan, "assign:g1") == nullptr);  // departures own the leaver's assets
}

TEST_CASE("assets: a leaver within grace keeps its assets", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"}, true)};
  s.asset("AN-1", "g1").owned("AN-1", "g1", "cad");
  s.hr.people[0] = departed(s.hr.people[0]);
  const Plan plan = s.plan();
  CHECK(find(plan, "withdraw:g1")->kind == ItemKind::Held);
  CHECK(find(plan, "assign:g1") == nullptr);
  for (const Item& i : plan.items) CHECK(i.assetsToAdd.empty());  // nobody gets AN-1 meanwhile
}

TEST_CASE("assets: withdrawals count against the deletion guard", "[plan]") {
  Scenario s;
  s.settings.deleteFloor = 2;
  s.settings.maxDeletes = 2;
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-0", "AN-1", "AN-2", "AN-3"})};
  for (int n = 0; n < 4; ++n) {
    const std::string id = "E" + std::to_string(n), gid = "g" + std::to_string(n),
                      account = "user" + std::to_string(n);
    s.add(person(id, account, "Name", n == 0 ? "ENG" : "SALES")).link(id, account, gid);
    s.add(member(gid, account));
    s.asset("AN-" + std::to_string(n), gid).owned("AN-" + std::to_string(n), gid, "cad");
  }
  const Plan plan = s.plan();
  CHECK(plan.guard.tripped);
  CHECK(plan.guard.destructive == 3);
  for (const char* key : {"assign:g1", "assign:g2", "assign:g3"}) {
    CAPTURE(key);
    REQUIRE(find(plan, key));
    CHECK(find(plan, key)->kind == ItemKind::Held);
    CHECK(find(plan, key)->heldKind == ItemKind::Assign);
    CHECK(find(plan, key)->heldByGuard);
  }
  // Released by allow-deletes: carried out.
  for (const auto& item : plan.items)
    if (item.heldByGuard) s.state.releasedItems.insert(releaseKey(item));
  const Plan released = s.plan();
  CHECK_FALSE(released.guard.tripped);
  CHECK(released.counts.assign == 3);
  // The release is for the reviewed asset numbers: the same key withdrawing others is new.
  CHECK(releaseKey(*find(plan, "assign:g1")).rfind("assign:g1@", 0) == 0);
}

TEST_CASE("assets: a protected member's assets are never withdrawn", "[plan]") {
  Scenario s = engineers();
  s.policy.protect = {"alice"};
  s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"}, true)};
  s.asset("AN-1", "g1");
  const Plan plan = s.plan();
  const Item* held = find(plan, "assign:g1");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Assign);
  CHECK(held->assetsToWithdraw == Strings{"AN-1"});
  CHECK(english(held->reason) == "protected by the policy's protect list");
}

TEST_CASE("assets: a person added in this plan gets its asset keyed by employee id", "[plan]") {
  Scenario s;
  s.add(person("E7", "gina", "Gina", "ENG"));  // no member yet
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  s.asset("AN-1");
  const Plan plan = s.plan();
  const Item* a = find(plan, "assign:E7");
  REQUIRE(a);
  CHECK(a->kind == ItemKind::Assign);
  CHECK(a->globalId.empty());
  CHECK(a->account == "gina");
  CHECK(a->assetsToAdd == Strings{"AN-1"});
  // After the add (ordered first), the next run finds it done.
  REQUIRE(find(plan, "add:E7"));
  Scenario next = s;
  applyEffects(next, plan);
  CHECK(changesIn(next.plan()) == 0);
}

TEST_CASE("assets: an Assign waits when its member's add is held", "[plan]") {
  Scenario s;
  s.add(person("E7", "gina", "Gina", "ENG"));
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  s.asset("AN-1");
  s.state.items["add:E7"] = {
      "add:E7", state::ItemStatus::RetryLater, 1, kNow + kDay, "", "500", "network", 0};
  const Plan plan = s.plan();
  CHECK(find(plan, "add:E7")->kind == ItemKind::Held);
  const Item* a = find(plan, "assign:E7");
  REQUIRE(a);
  CHECK(a->kind == ItemKind::Held);
  CHECK(a->heldKind == ItemKind::Assign);
  CHECK(contains(english(a->reason), "waits for the add of gina"));
  CHECK_FALSE(plan.hasChanges());
}

TEST_CASE("assets: a refused assignment is not re-sent until its inputs change", "[plan]") {
  Scenario s = engineers();
  s.hr.people.resize(1);
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  s.asset("AN-1");
  const std::string hash = find(s.plan(), "assign:g1")->inputHash;
  s.state.items["assign:g1"] = {"assign:g1",
                                state::ItemStatus::Refused,
                                1,
                                0,
                                hash,
                                "60025",
                                "asset number belongs to a wrong customer",
                                0};
  const Plan again = s.plan();
  const Item* held = find(again, "assign:g1");
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "refused earlier: 60025"));
  s.policy.assets[0].hash = "changed";  // the rule changed: try again
  CHECK(find(s.plan(), "assign:g1")->kind == ItemKind::Assign);
}

TEST_CASE("assets: without A6 no asset step is planned", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  CHECK(s.plan().counts.assign == 0);
}

TEST_CASE("assets: a pool asset the enterprise does not have is reported", "[plan]") {
  Scenario s = engineers();
  s.hr.people.resize(1);
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-404", "AN-1"})};
  s.asset("AN-1");
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g1")->assetsToAdd == Strings{"AN-1"});
  const Item* p = find(plan, "problem:pool-assets:cad");
  REQUIRE(p);
  CHECK(contains(english(p->reason),
                 "pool cad lists AN-404, which are not among the enterprise's "
                 "assets"));
}

TEST_CASE("assets: the entitlements fingerprint changes with what a plan reads, not its order",
          "[plan]") {
  Scenario s = engineers();
  s.asset("AN-1", "g1").asset("AN-2").lock("LK-1");
  s.products["ID-AN-1"] = {"uri:b", "uri:a"};
  const std::string base = s.plan().entitlementsFingerprint;
  CHECK(base.size() == 64);

  Scenario reordered = s;
  std::reverse(reordered.assets->begin(), reordered.assets->end());
  reordered.products["ID-AN-1"] = {"uri:a", "uri:b"};
  (*reordered.assets)[0].onlineFlag = true;  // changes on its own: not counted
  CHECK(reordered.plan().entitlementsFingerprint == base);

  Scenario moved = s;
  (*moved.assets)[1].cloudAccountGlobalId = "g2";
  CHECK(moved.plan().entitlementsFingerprint != base);
  Scenario lent = s;
  (*lent.locks)[0].cloudAccountGlobalId = "g1";
  CHECK(lent.plan().entitlementsFingerprint != base);
  Scenario product = s;
  product.products["ID-AN-2"] = {"uri:c"};
  CHECK(product.plan().entitlementsFingerprint != base);

  Scenario unread = engineers();
  CHECK(unread.plan().entitlementsFingerprint.empty());
}

TEST_CASE("assets: a leaver keeps an asset membersync assigned to someone else", "[plan]") {
  Scenario s = engineers();
  s.settings.departed = Departed::Withdraw;
  s.asset("AN-1", "g1").owned("AN-1", "g2", "cad");  // given to bob, moved to alice by hand
  s.managedAssets = {"AN-1"};
  s.hr.people[0] = departed(s.hr.people[0]);
  s.absence("E1", 1, "export-0");
  const Plan plan = s.plan();
  REQUIRE(find(plan, "withdraw:g1"));
  CHECK(find(plan, "withdraw:g1")->assetsToWithdraw.empty());
}

TEST_CASE("assets: a product rule keeps a shared pool's asset, never an exclusive pool's",
          "[plan]") {
  Scenario s = engineers();
  s.hr.people.resize(1);  // alice, ENG, holds AN-1 of a DESIGN pool
  s.asset("AN-1", "g1").asset("VW-1");
  s.products["ID-AN-1"] = {"uri:viewer"};
  s.products["ID-VW-1"] = {"uri:viewer"};
  SECTION("shared: kept, no churn") {
    s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"}),
                       productRule("viewer", dept("ENG"), "uri:viewer")};
    CHECK(find(s.plan(), "assign:g1") == nullptr);
  }
  SECTION("exclusive: given back, and the product comes from elsewhere") {
    s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"}, true),
                       productRule("viewer", dept("ENG"), "uri:viewer")};
    const Plan plan = s.plan();
    const Item* a = find(plan, "assign:g1");
    REQUIRE(a);
    CHECK(a->assetsToAdd == Strings{"VW-1"});
    CHECK(a->assetsToWithdraw == Strings{"AN-1"});
  }
}
