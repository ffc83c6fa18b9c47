// The entitlement planner at 10,000 people and a few rules: indexed, never a scan of the assets
// per person.


#include <catch2/catch.hpp>

#include "tests/unit/plan/effects.h"
#include "tests/unit/plan/rules.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

TEST_CASE("entitlements: 10,000 people with asset, lock and activity rules get every grant, and a re-plan changes nothing",
          "[plan][scale]") {
  constexpr int kPeople = 10000;
  Scenario s;
  s.policy.departments = {{"ENG", "1001"}, {"DESIGN", "1002"}};
  std::vector<std::string> engPool, designPool;
  s.hr.people.reserve(kPeople);
  s.members.reserve(kPeople);
  s.assets.emplace();
  s.locks.emplace();
  for (int i = 0; i < kPeople; ++i) {
    const std::string n = std::to_string(i), account = "user" + n, gid = "g" + n;
    const bool eng = i % 2 == 0;
    auto p = person("E" + n, account, "User " + n, eng ? "ENG" : "DESIGN");
    p.line = i + 2;
    if (i % 10 == 0) p.attributes["lock"] = "LK-" + n;
    s.hr.people.push_back(std::move(p));
    auto m = member(gid, account, "User " + n);
    m.departmentId = eng ? "1001" : "1002";
    s.members.push_back(std::move(m));
    s.link("E" + n, account, gid);
    // A pool asset per person, the first half already assigned (by membersync); a viewer asset
    // per person, free.
    const std::string an = "AN-" + n, vw = "VW-" + n;
    (eng ? engPool : designPool).push_back(an);
    center::AssetNumber a;
    a.assetNum = an;
    a.assetId = "ID-" + an;
    if (i < kPeople / 2) {
      a.cloudAccountGlobalId = gid;
      s.members.back().assetNums.push_back(an);
      s.owned(an, gid, eng ? "eng" : "design");
    }
    s.assets->push_back(a);
    center::AssetNumber v;
    v.assetNum = vw;
    v.assetId = "ID-" + vw;
    s.assets->push_back(v);
    s.products["ID-" + vw] = {"uri:cad", "uri:viewer"};
    if (i % 10 == 0) {
      center::BorrowedLock l;
      l.assetNum = "LK-" + n;
      s.locks->push_back(l);
    }
  }
  s.hr.rowCount = s.hr.people.size();
  s.policy.assets = {poolRule("eng", dept("ENG"), engPool),
                     poolRule("design", dept("DESIGN"), designPool),
                     productRule("viewer", {{"name", {"User*"}}}, "uri:viewer")};
  s.policy.locks = {lockRule("offline", {{"lock", {"*"}}}, "lock")};
  s.policy.activities = {activityRule("welcome", dept("ENG"), "welcome-2026"),
                         activityRule("design", dept("DESIGN"), "design-2026")};

  const Plan plan = s.plan();
  CHECK(plan.counts.assign == kPeople);  // everyone gets a viewer, half also a seat
  CHECK(plan.counts.lend == kPeople / 10);
  CHECK(plan.counts.enrol == kPeople);
  CHECK(plan.counts.problem == 0);

  applyEffects(s, plan);
  CHECK(changesIn(s.plan()) == 0);
}
