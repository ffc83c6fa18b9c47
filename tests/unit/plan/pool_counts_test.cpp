// Pool counts (Plan::poolCounts): each asset rule's capacity, assigned, free, owned and wanted,
// as the plan read the assets; what an applying run records for the console's pool pages.

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

struct Expected {
  std::int64_t capacity, assigned, free, owned, wanted;
};

void check(const state::PoolCount& c, const std::string& rule, bool product, Expected e) {
  INFO("rule " << c.rule);
  CHECK(c.rule == rule);
  CHECK(c.product == product);
  CHECK(c.capacity == e.capacity);
  CHECK(c.assigned == e.assigned);
  CHECK(c.free == e.free);
  CHECK(c.owned == e.owned);
  CHECK(c.wanted == e.wanted);
}

}  // namespace

TEST_CASE("pool counts: a pool counts the assets A6 has, those held, membersync's and who wants",
          "[plan]") {
  Scenario s = engineers();
  s.add(member("g9", "zed"));  // an orphan holding AN-2 by hand
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2", "AN-3", "AN-4", "AN-GONE"})};
  s.asset("AN-1", "g1").asset("AN-2", "g9").asset("AN-3").asset("AN-4").asset("AN-5");
  s.owned("AN-1", "g1", "cad");
  const Plan plan = s.plan();
  REQUIRE(plan.poolCounts.size() == 1);
  // Counted as read, before this plan's assignments (bob and carol get AN-3 and AN-4).
  check(plan.poolCounts[0], "cad", false, {4, 2, 2, 1, 3});
  CHECK(find(plan, "assign:g2"));
}

TEST_CASE("pool counts: a product rule counts the assets holding its product outside pools",
          "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("DESIGN"), {"AN-1"}),
                     productRule("viewer", dept("ENG"), "uri:viewer")};
  s.asset("AN-1").asset("AN-2", "g2").asset("AN-3").asset("AN-4");
  s.products["ID-AN-1"] = {"uri:viewer"};  // in cad's pool: not the product rule's
  s.products["ID-AN-2"] = {"uri:viewer"};
  s.products["ID-AN-3"] = {"uri:suite", "uri:viewer"};
  s.products["ID-AN-4"] = {"uri:cad"};
  s.owned("AN-2", "g2", "viewer");
  const Plan plan = s.plan();
  REQUIRE(plan.poolCounts.size() == 2);
  check(plan.poolCounts[0], "cad", false, {1, 0, 1, 0, 0});
  check(plan.poolCounts[1], "viewer", true, {2, 1, 1, 1, 3});
}

TEST_CASE("pool counts: an asset held by someone else than state says is assigned, not owned",
          "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2"}, true)};
  // membersync gave AN-1 to bob; someone moved it to carol by hand. AN-2 is held by a member
  // no HR row manages (the exclusive pool takes it back, but today it is held).
  s.add(member("g9", "zed"));
  s.asset("AN-1", "g3").asset("AN-2", "g9").owned("AN-1", "g2", "cad");
  const Plan plan = s.plan();
  REQUIRE(plan.poolCounts.size() == 1);
  check(plan.poolCounts[0], "cad", false, {2, 2, 0, 0, 3});
}

TEST_CASE("pool counts: a person counts in every rule that grants it, others not", "[plan]") {
  Scenario s = engineers();
  s.add(person("E4", "dave", "Name", "SALES")).link("E4", "dave", "g4").add(member("g4", "dave"));
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"}),
                     poolRule("office", {{"name", {"*"}}}, {"AN-2"})};
  s.asset("AN-1").asset("AN-2");
  const Plan plan = s.plan();
  REQUIRE(plan.poolCounts.size() == 2);
  CHECK(plan.poolCounts[0].wanted == 3);
  CHECK(plan.poolCounts[1].wanted == 4);
}

TEST_CASE("pool counts: none without the assets (A6) or without asset rules", "[plan]") {
  Scenario s = engineers();
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1"})};
  CHECK(s.plan().poolCounts.empty());  // A6 not read
  Scenario t = engineers();
  t.asset("AN-1");
  CHECK(t.plan().poolCounts.empty());
}
