// plan::heldAssets: which rule grants each asset a member holds, and why, as the planner decides
// it (what `explain` prints). Each case checks it against the plan made from the same inputs.

#include "jobs/plan/held_assets.h"

#include <catch2/catch.hpp>

#include "tests/unit/plan/rules.h"
#include "tests/unit/plan/scenario.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

// Linked, active people: E1 alice (g1), E2 bob (g2), both in ENG.
Scenario engineers() {
  Scenario s;
  s.add(person("E1", "alice", "Name", "ENG")).link("E1", "alice", "g1").add(member("g1", "alice"));
  s.add(person("E2", "bob", "Name", "ENG")).link("E2", "bob", "g2").add(member("g2", "bob"));
  return s;
}

std::vector<HeldAsset> held(const Scenario& s, const std::string& globalId) {
  PlanInputs in{s.hr, s.members, s.policy, s.state, s.settings, s.now, &s.managedAssets};
  if (s.assets) in.assets = &*s.assets;
  if (s.locks) in.locks = &*s.locks;
  in.productsByAssetId = &s.products;
  return heldAssets(in, globalId);
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("held assets: membersync's asset is granted by the rule it was assigned for", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"})};
  s.asset("AN-1", "g1", true).asset("AN-2", "g2").owned("AN-1", "g1", "cad");
  const auto assets = held(s, "g1");
  REQUIRE(assets.size() == 1);
  CHECK(assets[0].assetNum == "AN-1");
  CHECK(assets[0].assetId == "ID-AN-1");
  CHECK(assets[0].lent);
  CHECK(assets[0].assignedFor == "cad");
  CHECK(assets[0].assignedAt == kNow - kDay);
  CHECK(assets[0].grantedBy == "cad");
  CHECK(assets[0].grant == "rule cad grants AN-1 from its pool");
  CHECK(assets[0].exclusivePool.empty());
  CHECK(held(s, "g2")[0].assignedFor.empty());  // by hand, yet the rule counts it
  CHECK(held(s, "g2")[0].grantedBy == "cad");
}

TEST_CASE("held assets: a rule counts one held asset as its grant, as the planner keeps one",
          "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}, true)};
  // alice holds both pool assets by hand; the second is not hers to keep.
  s.asset("AN-1", "g1").asset("AN-2", "g1");
  const auto assets = held(s, "g1");
  REQUIRE(assets.size() == 2);
  CHECK(assets[0].grantedBy == "cad");
  CHECK(assets[1].grantedBy.empty());
  CHECK(assets[1].exclusivePool == "cad");
  const Plan plan = s.plan();
  const Item* a = find(plan, "assign:g1");
  REQUIRE(a);
  CHECK(a->assetsToWithdraw == Strings{"AN-2"});  // what is not granted is what goes
}

TEST_CASE("held assets: a product rule grants an asset holding its product", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {productRule("viewer", dept("ENG"), "uri:viewer")};
  s.asset("AN-7", "g1").asset("AN-8", "g1");
  s.products["ID-AN-8"] = {"uri:cad", "uri:viewer"};
  const auto assets = held(s, "g1");
  REQUIRE(assets.size() == 2);
  CHECK(assets[0].grantedBy.empty());  // AN-7 holds nothing a rule asks for
  CHECK(assets[1].grantedBy == "viewer");
  CHECK(assets[1].grant == "rule viewer grants AN-8, which holds uri:viewer");
  CHECK(find(s.plan(), "assign:g1") == nullptr);
}

TEST_CASE("held assets: no rule grants to a person who no longer matches, or a member nobody "
          "manages",
          "[plan]") {
  Scenario s = engineers();
  s.hr.people[1].department = "SALES";
  s.add(member("g9", "zed"));
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}, true)};
  s.asset("AN-1", "g2").asset("AN-2", "g9");
  const auto bob = held(s, "g2");
  REQUIRE(bob.size() == 1);
  CHECK(bob[0].grantedBy.empty());
  CHECK(bob[0].exclusivePool == "cad");
  const auto zed = held(s, "g9");
  REQUIRE(zed.size() == 1);
  CHECK(zed[0].grantedBy.empty());
  const Plan plan = s.plan();
  CHECK(find(plan, "assign:g2")->assetsToWithdraw == Strings{"AN-1"});
  CHECK(find(plan, "assign:g9")->assetsToWithdraw == Strings{"AN-2"});
}

TEST_CASE("held assets: none without A6 or without the member", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  CHECK(held(s, "g1").empty());  // A6 not read
  s.asset("AN-1", "g1");
  CHECK(held(s, "g1").size() == 1);
  CHECK(held(s, "nobody").empty());
  CHECK(held(s, "g2").empty());
}
