// The planner at 100,000 people and members: the right items at scale. Its speed is measured by
// tests/bench/sync_bench (the planner alone), which prints figures instead of asserting on time.

#include <catch2/catch.hpp>

#include "tests/unit/plan/scenario.h"

using namespace membersync::plan;
using namespace membersync::plan::testing;

TEST_CASE("planner: 100,000 people against 98,000 members give the expected adds, adoptions, deletes and edits", "[plan][scale]") {
  constexpr int kPeople = 100000;
  Scenario s;
  s.policy.departments["ENG"] = "1001";
  s.settings.departed = Departed::Delete;
  s.settings.graceRuns = 1;
  s.settings.graceHours = 0;  // about other behaviour: departures act on the first missing export
  s.settings.maxDeletes = 1000000;
  s.settings.maxDeletePercent = 100;
  s.settings.maxEdits = 1000000;  // 9,000 edits are 9% of the managed: within 10%, over 200
  s.hr.people.reserve(kPeople);
  s.members.reserve(kPeople);
  for (int i = 0; i < kPeople; ++i) {
    const std::string n = std::to_string(i);
    const std::string account = "user" + n;
    // Most are linked and unchanged; every 10th edited, every 50th new, every 100th missing,
    // every 200th adopted.
    if (i % 100 != 0) {
      auto p = person("E" + n, account, i % 10 == 0 ? "Renamed " + n : "User " + n, "ENG");
      p.line = i + 2;
      s.hr.people.push_back(std::move(p));
    }
    if (i % 50 == 1) continue;  // no member: an add
    auto m = member("g" + n, account, "User " + n);
    m.departmentId = "1001";
    s.members.push_back(std::move(m));
    if (i % 200 != 3) s.link("E" + n, account, "g" + n);
  }
  s.hr.rowCount = s.hr.people.size();

  const Plan plan = s.plan();
  CHECK(plan.counts.add == 2000);
  CHECK(plan.counts.adopt == 500);
  CHECK(plan.counts.del == 1000);  // every 100th
  CHECK(plan.counts.edit == 9000);
}

TEST_CASE("planner: a first sync of 100,000 people plans an add for each", "[plan][scale]") {
  constexpr int kPeople = 100000;
  Scenario s;
  s.policy.departments["ENG"] = "1001";
  s.hr.people.reserve(kPeople);
  for (int i = 0; i < kPeople; ++i) {
    const std::string n = std::to_string(i);
    auto p = person("E" + n, "user" + n, "User " + n, "ENG");
    p.remark = "";
    p.line = i + 2;
    s.hr.people.push_back(std::move(p));
  }
  s.hr.rowCount = s.hr.people.size();
  const Plan plan = s.plan();
  CHECK(plan.counts.add == 100000);
}
