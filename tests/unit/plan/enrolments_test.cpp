// Activity rules (B1): one enrolment per person and rule, the identity, and what each recorded
// outcome means for the next plan.

#include <catch2/catch.hpp>

#include "tests/unit/plan/effects.h"
#include "tests/unit/plan/rules.h"

using namespace membersync;
using namespace membersync::plan;
using namespace membersync::plan::testing;

namespace {

Scenario welcome() {
  Scenario s;
  directory::Person alice = person("E1", "alice", "Alice", "ENG");
  alice.attributes["email"] = "alice@example.com";
  s.add(alice).link("E1", "alice", "g1").add(member("g1", "alice", "Alice"));
  s.add(person("E2", "bob", "Bob", "SALES"))
      .link("E2", "bob", "g2")
      .add(member("g2", "bob", "Bob"));
  s.policy.activities = {activityRule("welcome", dept("ENG"), "welcome-2026")};
  return s;
}

state::Enrolment record(state::EnrolmentStatus status, const std::string& hash,
                        const std::string& message = "") {
  return state::Enrolment{"E1", "welcome", "welcome-2026", status, hash, "", message, kNow - kDay};
}

std::string hashOf(const Scenario& s) {
  const Plan plan = s.plan();
  return find(plan, "enrol:E1:welcome")->inputHash;
}

}  // namespace

TEST_CASE("enrolments: each matching person is enrolled with the rule's fields", "[plan]") {
  const Plan plan = welcome().plan();
  const Item* e = find(plan, "enrol:E1:welcome");
  REQUIRE(e);
  CHECK(e->kind == ItemKind::Enrol);
  CHECK(e->identity == "alice@acme");  // the full userName
  CHECK(e->activityLabel == "welcome-2026");
  CHECK(e->source == "membersync");
  CHECK(e->branch == "HQ");
  CHECK(e->rule == "welcome");
  CHECK(e->employeeId == "E1");
  CHECK(e->globalId == "g1");
  CHECK(find(plan, "enrol:E2:welcome") == nullptr);  // SALES does not match
  CHECK(plan.counts.enrol == 1);
  CHECK(plan.hasChanges());
}

TEST_CASE("enrolments: identity_from takes the identity from an HR column", "[plan]") {
  Scenario s = welcome();
  s.policy.activities = {activityRule("welcome", {}, "welcome-2026", "email")};
  const Plan plan = s.plan();
  CHECK(find(plan, "enrol:E1:welcome")->identity == "alice@example.com");
  CHECK(find(plan, "enrol:E2:welcome") == nullptr);
  const Item* p = find(plan, "problem:identity:welcome");
  REQUIRE(p);
  CHECK(contains(english(p->reason), "which is empty for 1 person: bob"));
}

TEST_CASE("enrolments: a new member is enrolled as account plus suffix", "[plan]") {
  Scenario s;
  s.add(person("E7", "Gina", "Gina", "ENG"));
  s.policy.activities = {activityRule("welcome", dept("ENG"), "welcome-2026")};
  const Plan plan = s.plan();
  const Item* e = find(plan, "enrol:E7:welcome");
  REQUIRE(e);
  CHECK(e->identity == "Gina@acme");
  CHECK(e->globalId.empty());
}

TEST_CASE("enrolments: an enrolled person is not enrolled again", "[plan]") {
  Scenario s = welcome();
  s.state.enrolments["E1|welcome"] = record(state::EnrolmentStatus::Enrolled, "old-hash");
  CHECK(countKind(s.plan(), ItemKind::Enrol) == 0);
  CHECK(countKind(s.plan(), ItemKind::Held) == 0);
}

TEST_CASE("enrolments: not qualified (3002) is held until the rule or identity changes", "[plan]") {
  Scenario s = welcome();
  s.state.enrolments["E1|welcome"] =
      record(state::EnrolmentStatus::NotQualified, hashOf(s), "U-1 14005 claim count exceeded");
  const Plan plan = s.plan();
  const Item* held = find(plan, "enrol:E1:welcome");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(held->heldKind == ItemKind::Enrol);
  CHECK(contains(english(held->reason),
                 "not qualified on 2025-12-31 (3002): U-1 14005 claim count "
                 "exceeded; not sent again until the rule or the person's "
                 "identity changes"));
  CHECK_FALSE(plan.hasChanges());
  CHECK(plan.counts.enrol == 0);

  s.policy.activities[0].hash = "edited";  // the rule changed
  const Plan retried = s.plan();
  CHECK(find(retried, "enrol:E1:welcome")->kind == ItemKind::Enrol);
}

TEST_CASE("enrolments: refused (1001, 1004, 2001) is held while the inputs are the same",
          "[plan]") {
  Scenario s = welcome();
  s.state.enrolments["E1|welcome"] =
      record(state::EnrolmentStatus::Refused, hashOf(s), "2001 source filtered");
  const Plan plan = s.plan();
  CHECK(find(plan, "enrol:E1:welcome")->kind == ItemKind::Held);
  CHECK(contains(english(find(plan, "enrol:E1:welcome")->reason), "refused on 2025-12-31: 2001"));
}

TEST_CASE("enrolments: retry later enrols again once the back-off is over", "[plan]") {
  Scenario s = welcome();
  s.state.enrolments["E1|welcome"] = record(state::EnrolmentStatus::RetryLater, hashOf(s), "1002");
  CHECK(find(s.plan(), "enrol:E1:welcome")->kind == ItemKind::Enrol);
  s.state.items["enrol:E1:welcome"] = {"enrol:E1:welcome",
                                       state::ItemStatus::RetryLater,
                                       2,
                                       kNow + kDay,
                                       hashOf(s),
                                       "1002",
                                       "processing",
                                       0};
  const Plan waiting = s.plan();
  CHECK(find(waiting, "enrol:E1:welcome")->kind == ItemKind::Held);
  CHECK(contains(english(find(waiting, "enrol:E1:welcome")->reason), "retrying after"));
}

TEST_CASE("enrolments: one in doubt is never re-sent on its own", "[plan]") {
  Scenario s = welcome();
  s.state.enrolments["E1|welcome"] = record(state::EnrolmentStatus::Unknown, hashOf(s));
  const Plan plan = s.plan();
  const Item* held = find(plan, "enrol:E1:welcome");
  REQUIRE(held);
  CHECK(held->kind == ItemKind::Held);
  CHECK(contains(english(held->reason), "in doubt"));
  CHECK(contains(english(held->reason), "the activity service cannot be asked"));
  CHECK(contains(english(held->reason),
                 "ask the activity service's operator whether alice@acme is "
                 "enrolled in welcome-2026"));
  CHECK_FALSE(plan.hasChanges());
  s.state.releasedItems.insert("enrol:E1:welcome");
  CHECK(find(s.plan(), "enrol:E1:welcome")->kind == ItemKind::Enrol);
}

TEST_CASE("entitlements: a second plan after everything succeeded changes nothing", "[plan]") {
  Scenario s;
  s.policy.departments = {{"ENG", "1001"}, {"SALES", "1003"}};
  for (int n = 0; n < 6; ++n) {
    const std::string id = "E" + std::to_string(n), account = "user" + std::to_string(n);
    directory::Person p = person(id, account, "Name", n < 4 ? "ENG" : "SALES");
    if (n % 2 == 0) p.attributes["lock"] = "LK-" + std::to_string(n);
    s.add(p);
    if (n < 3)
      s.link(id, account, "g" + std::to_string(n)).add(member("g" + std::to_string(n), account));
  }
  s.add(member("g9", "orphan", "Orphan"));  // a namesake of the new rows would be pointed out
  s.policy.assets = {poolRule("cad", dept("ENG"), {"AN-1", "AN-2", "AN-3", "AN-4", "AN-5"}, true),
                     productRule("viewer", {{"name", {"*"}}}, "uri:viewer")};
  s.policy.locks = {lockRule("offline", {{"lock", {"*"}}}, "lock")};
  s.policy.activities = {activityRule("welcome", dept("ENG"), "welcome-2026")};
  s.asset("AN-1", "g9");  // an orphan holds an asset of the exclusive pool
  for (int n = 2; n <= 5; ++n) s.asset("AN-" + std::to_string(n));
  for (int n = 1; n <= 6; ++n) {
    s.asset("VW-" + std::to_string(n));
    s.products["ID-VW-" + std::to_string(n)] = {"uri:viewer"};
  }
  for (int n = 0; n < 6; n += 2) s.lock("LK-" + std::to_string(n));

  const Plan first = s.plan();
  CHECK(first.counts.add == 3);
  CHECK(first.counts.assign == 7);  // 6 people + the orphan's exclusive asset
  CHECK(first.counts.lend == 3);
  CHECK(first.counts.enrol == 4);
  CHECK(first.counts.problem == 0);
  applyEffects(s, first);
  const Plan second = s.plan();
  CHECK(changesIn(second) == 0);
  CHECK_FALSE(second.hasChanges());
  for (const Item& i : second.items) CHECK(i.kind != ItemKind::Held);
}
