// `explain`'s two forms, written from one report::Explanation: the text an administrator reads
// and the JSON fields tools read (docs/explain-json.md).

#include "jobs/report/explanation.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <set>
#include <sstream>

#include "tests/unit/report/plan_fixture.h"

using namespace membersync;
using Catch::Contains;
using Poco::JSON::Object;
using report::Explanation;

namespace {

constexpr state::Millis kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

// The times shown are local: the zone is pinned to UTC while the text is written, so the
// expected text holds on any machine, and put back after.
class UtcZone {
 public:
  UtcZone() {
    if (const char* tz = std::getenv("TZ")) saved_ = tz;
    setenv("TZ", "UTC", 1);
    tzset();
  }
  ~UtcZone() {
    if (saved_) {
      setenv("TZ", saved_->c_str(), 1);
    } else {
      unsetenv("TZ");
    }
    tzset();
  }
  UtcZone(const UtcZone&) = delete;
  UtcZone& operator=(const UtcZone&) = delete;

 private:
  std::optional<std::string> saved_;
};

std::string text(const Explanation& e) {
  const UtcZone utc;
  std::ostringstream os;
  report::writeExplanationText(os, e);
  return os.str();
}

Object::Ptr json(const Explanation& e) {
  std::ostringstream os;
  report::writeExplanationJson(os, e);
  return Poco::JSON::Parser().parse(os.str()).extract<Object::Ptr>();
}

std::set<std::string> names(const Object::Ptr& o) {
  std::set<std::string> n;
  for (const auto& [k, v] : *o) n.insert(k);
  return n;
}

// A person in HR and on the center, with a rule of each type, an asset of each origin, a lock
// and an enrolment.
Explanation everything() {
  Explanation e;
  e.account = "zhangwei";
  e.accountSuffix = "@acme";
  e.hr.found = report::RowFound::Row;
  e.hr.source = "/srv/hr/people.csv";
  e.hr.place = "/srv/hr/people.csv line 2";
  e.hr.person.employeeId = "E1";
  e.hr.person.account = "ZhangWei";
  e.hr.person.name = "张伟";
  e.hr.person.department = "ENG";
  e.hr.person.status = "active";
  e.hr.person.line = 2;
  e.hr.person.attributes = {{"title", "Engineer"}};
  e.hr.person.multiAttributes = {{"memberOf", {"cn=a", "cn=b"}}};
  e.hr.departmentId = "1001";
  e.hr.computed = {{"remark", "desk 4", "desk {room}"}};
  e.member = report::ExplainedMember{"zhangwei@acme", "g1", "张伟", "1001", std::nullopt, "138"};
  state::Link link{"E1", "zhangwei", "g1", true, kAt};
  state::Absence absence{"E1", 2, "h", kAt, std::nullopt};
  e.remembered.push_back({link, absence, {{"E1", "name", "Old", 4, kAt}}});
  e.recentLimit = 10;
  e.recent.push_back({5, kAt, "edit", state::StepState::Succeeded, "name \"Old\" -> \"张伟\""});
  e.policyPath = "/etc/membersync/policy.json";

  report::ExplainedRule seat;
  seat.type = report::RuleType::Asset;
  seat.rule = "cad-seat";
  seat.poolSize = 5;
  seat.exclusive = true;
  seat.matches = true;
  seat.conditions = {{"department", {"ENG"}, {"ENG", "DESIGN"}, true}};
  report::ExplainedRule offline;
  offline.type = report::RuleType::Lock;
  offline.rule = "offline";
  offline.lockFrom = "lock";
  offline.lock = "LK-1";
  offline.matches = true;
  report::ExplainedRule welcome;
  welcome.type = report::RuleType::Activity;
  welcome.rule = "welcome";
  welcome.activityLabel = "welcome-2026";
  welcome.conditions = {{"memberOf", {"cn=a", "cn=b"}, {"cn=eng"}, false}};
  e.rules = {seat, offline, welcome};

  plan::HeldAsset ours{"AN-3", "a3", false, "cad-seat", kAt, "cad-seat", "", "cad-seat"};
  plan::HeldAsset byHand{"AN-9", "a9", true, "", 0, "", "", ""};
  plan::HeldAsset kept{"AN-4", "a4", false, "", 0, "render", "rule render grants AN-4", ""};
  e.assets = std::vector<report::ExplainedAsset>{
      {ours, std::vector<std::string>{"uri:cad"}}, {byHand, std::nullopt}, {kept, std::nullopt}};
  e.locks = std::vector<report::ExplainedLock>{{"LK-1", true, true, "offline", kAt},
                                               {"LK-7", true, false, "", 0}};
  state::Enrolment enrolled;
  enrolled.employeeId = "E1";
  enrolled.rule = "welcome";
  enrolled.activityLabel = "welcome-2026";
  enrolled.status = state::EnrolmentStatus::NotQualified;
  enrolled.message = "unit U1: 3002 not qualified";
  enrolled.at = kAt;
  e.enrolments.push_back({enrolled, {}});
  e.nothingPlanned = report::NothingPlanned::InStep;
  return e;
}

}  // namespace

TEST_CASE("explain text: every section of a person in HR and on the center", "[report]") {
  const std::string t = text(everything());
  CHECK_THAT(t, Contains("HR row (/srv/hr/people.csv line 2)\n"
                         "  employee_id E1, name \"张伟\", status \"active\" (active)\n"
                         "  department \"ENG\" -> departmentId 1001 (policy departments)\n"
                         "  remark (not managed), mobile (not managed)\n"
                         "  remark \"desk 4\" computed by desk {room}\n"
                         "  title = \"Engineer\"\n"
                         "  memberOf = \"cn=a\", \"cn=b\" (2 values)\n"
                         "protected by the policy: no\n"
                         "member zhangwei@acme (globalId g1)\n"));
  CHECK_THAT(t, Contains("remembered: employee E1 -> zhangwei -> g1 (added by membersync on "
                         "2026-01-01 00:00:00 +0000)\n  absent from 2 export(s) since "
                         "2026-01-01 00:00:00 +0000\n"
                         "  name reverted in run 4: held while HR gives \"Old\"\n"));
  CHECK_THAT(t, Contains("  run 5  2026-01-01 00:00:00 +0000  edit  succeeded: "
                         "name \"Old\" -> \"张伟\""));
  CHECK_THAT(t, Contains("  asset rule cad-seat (pool of 5 asset(s), exclusive): matches "
                         "(department \"ENG\" matches ENG | DESIGN)\n"));
  // The lock number is shown when the `when` does not already show it.
  CHECK_THAT(t, Contains("  lock rule offline (lock number from \"lock\"): matches (everyone); "
                         "lock \"LK-1\"\n"));
  CHECK_THAT(t, Contains("  activity rule welcome (\"welcome-2026\"): does not match (memberOf "
                         "\"cn=a\", \"cn=b\" does not match cn=eng)\n"));
  CHECK_THAT(t, Contains("  AN-3 (a3): granted by rule cad-seat, assigned by membersync on "
                         "2026-01-01 00:00:00 +0000; products uri:cad\n"));
  CHECK_THAT(t, Contains("  AN-9 (a9): assigned outside membersync, so never withdrawn by it; "
                         "lent into a lock\n"));
  CHECK_THAT(t, Contains("  AN-4 (a4): kept as what rule render grants; assigned outside "
                         "membersync, so never withdrawn by it\n"));
  CHECK_THAT(
      t,
      Contains("  LK-1 is lent to this member (by membersync, rule offline, on "
               "2026-01-01 00:00:00 +0000)\n  LK-7 is lent to this member (not by membersync)\n"));
  CHECK_THAT(
      t, Contains("  rule welcome (\"welcome-2026\"): not-qualified on 2026-01-01 00:00:00 +0000; "
                  "not qualified: unit U1: 3002 not qualified\n"));
  CHECK_THAT(t, Contains("\nplanned: nothing; the member matches the HR row\n"));
}

TEST_CASE("explain text: a lock rule whose when names the lock field shows the lock once, a "
          "member holding nothing says none", "[report]") {
  Explanation e = everything();
  e.rules[1].conditions = {{"lock", {"LK-1"}, {"LK-*"}, true}};
  e.assets = std::vector<report::ExplainedAsset>{};
  e.locks = std::vector<report::ExplainedLock>{};
  e.hr.person.active = false;
  e.member.reset();
  e.nothingPlanned = report::NothingPlanned::DepartedWithoutMember;
  const std::string t = text(e);
  CHECK_THAT(t, Contains("  lock rule offline (lock number from \"lock\"): matches (lock \"LK-1\" "
                         "matches LK-*)\n"));
  CHECK_THAT(t, Contains("\nassets held (A6)\n  none\n"));
  CHECK_THAT(t, Contains("\nlocks\n  none\n"));
  CHECK_THAT(t, Contains("status \"active\" (departed)"));
  CHECK_THAT(t, Contains("\nplanned: nothing; departed, and no member exists\n"));
}

TEST_CASE("explain text: a skipped row, no member, and a lending known only to the state",
          "[report]") {
  Explanation e;
  e.account = "kim";
  e.accountSuffix = "@acme";
  e.hr.found = report::RowFound::Skipped;
  e.hr.skipReason = "people.csv line 7: name is 31 characters; at most 30";
  e.locks = std::vector<report::ExplainedLock>{{"LK-2", false, true, "offline", kAt}};
  e.recentLimit = 10;
  e.plan = report::testing::samplePlan();
  const std::string t = text(e);
  CHECK_THAT(t, Contains("HR row skipped: people.csv line 7: name is 31 characters; at most 30\n"
                         "  (a skipped row is neither added, changed nor treated as departed)\n"));
  CHECK_THAT(t, Contains("member: none with the account kim@acme\n"));
  CHECK_THAT(t, Contains("recent changes (newest first, at most 10)\n  none\n"));
  CHECK_THAT(t, Contains("  membersync lent the member's assets to LK-2 (rule offline) on "
                         "2026-01-01 00:00:00 +0000\n"));
  CHECK_THAT(t, !Contains("rules (") && !Contains("assets held") && !Contains("enrolments"));
  CHECK_THAT(t, Contains("\nplanned:\n"));
  CHECK_THAT(t, Contains("zhangwei"));  // the plan's items, as `plan` prints them

  e.hr.found = report::RowFound::None;
  e.hr.source = "/srv/hr/people.csv";
  CHECK_THAT(text(e), Contains("HR row: none for account kim in /srv/hr/people.csv\n"));
}

TEST_CASE("explain json: the top-level fields are stable and say what is absent as null",
          "[report]") {
  Explanation e;
  e.account = "kim";
  e.accountSuffix = "@acme";
  e.hr.source = "people.csv";

  const auto o = json(e);
  CHECK(names(o) == std::set<std::string>{"format", "version", "account", "centerAccount", "hr",
                                             "protected", "member", "remembered", "recentChanges",
                                             "policy", "rules", "assets", "locks", "enrolments",
                                             "plan", "nothingPlanned"});
  CHECK(o->getValue<std::string>("format") == "membersync-explain");
  CHECK(o->getValue<int>("version") == 1);
  CHECK(o->getValue<std::string>("centerAccount") == "kim@acme");
  CHECK(o->getObject("hr")->getValue<std::string>("found") == "none");
  CHECK(o->getObject("hr")->isNull("row"));
  CHECK(o->isNull("member"));
  CHECK(o->isNull("assets"));  // not read, or no member: not the same as holding none
  CHECK(o->isNull("locks"));
  CHECK(o->getObject("plan")->getArray("items")->size() == 0);
  CHECK(o->getValue<std::string>("nothingPlanned") == "not-linked");
}

TEST_CASE("explain json: a skipped row gives its reason and no row", "[report]") {
  Explanation e;
  e.hr.found = report::RowFound::Skipped;
  e.hr.skipReason = "people.csv line 7: name is 31 characters; at most 30";
  const auto hr = json(e)->getObject("hr");
  CHECK(hr->getValue<std::string>("found") == "skipped");
  CHECK(hr->getValue<std::string>("skipReason") == e.hr.skipReason);
  CHECK(hr->isNull("row"));
}

TEST_CASE("explain json: every section's fields, times in UTC", "[report]") {
  const auto o = json(everything());
  const auto row = o->getObject("hr")->getObject("row");
  CHECK(row->getValue<std::string>("employeeId") == "E1");
  CHECK(row->getValue<std::string>("departmentId") == "1001");
  CHECK(row->getValue<int>("line") == 2);
  CHECK(row->isNull("item"));  // a CSV row has no array position
  CHECK(row->isNull("dn"));
  CHECK(row->isNull("remark"));  // not managed
  CHECK(row->getArray("computed")->getObject(0)->getValue<std::string>("template") ==
        "desk {room}");
  CHECK(row->getObject("attributes")->getValue<std::string>("title") == "Engineer");
  CHECK(row->getObject("attributes")->getArray("memberOf")->size() == 2);
  CHECK(o->getObject("member")->isNull("remark"));
  CHECK(o->getObject("member")->getValue<std::string>("passwordMobile") == "138");

  const auto remembered = o->getArray("remembered")->getObject(0);
  CHECK(remembered->getValue<std::string>("linkedAt") == "2026-01-01T00:00:00Z");
  CHECK(remembered->getObject("absence")->getValue<int>("distinctExports") == 2);
  CHECK(remembered->getObject("absence")->isNull("withdrawnAt"));
  const auto reverted = remembered->getArray("revertedFields")->getObject(0);
  CHECK(reverted->getValue<int>("revertedRun") == 4);
  CHECK(reverted->getValue<std::string>("hrValue") == "Old");  // what HR gives, not applied
  const auto change = o->getArray("recentChanges")->getObject(0);
  CHECK(change->getValue<int>("runId") == 5);
  CHECK(change->getValue<std::string>("state") == "succeeded");

  const auto rules = o->getArray("rules");
  CHECK_FALSE(rules->getObject(0)->has("product"));  // a pool rule
  CHECK(rules->getObject(0)->getValue<int>("poolSize") == 5);
  CHECK(rules->getObject(0)->getValue<bool>("exclusive"));
  CHECK(rules->getObject(1)->getValue<std::string>("lock") == "LK-1");
  CHECK(rules->getObject(1)->getArray("conditions")->size() == 0);  // everyone
  CHECK(rules->getObject(2)->getValue<std::string>("activityLabel") == "welcome-2026");
  CHECK_FALSE(rules->getObject(2)->has("lockFrom"));

  const auto assets = o->getArray("assets");
  CHECK(assets->getObject(0)->getValue<std::string>("assignedBy") == "membersync");
  CHECK(assets->getObject(0)->getValue<std::string>("assignedAt") == "2026-01-01T00:00:00Z");
  CHECK(assets->getObject(0)->getValue<std::string>("exclusivePool") == "cad-seat");
  CHECK(assets->getObject(0)->getArray("products")->size() == 1);
  CHECK(assets->getObject(1)->getValue<std::string>("assignedBy") == "outside");
  CHECK(assets->getObject(1)->isNull("rule"));
  CHECK(assets->getObject(1)->isNull("keptFor"));
  CHECK(assets->getObject(1)->getValue<bool>("lent"));
  CHECK(assets->getObject(1)->isNull("products"));  // not read: the policy has no product rule
  CHECK(assets->getObject(2)->getValue<std::string>("keptFor") == "render");
  CHECK(o->getArray("locks")->getObject(1)->isNull("rule"));
  CHECK(o->getArray("enrolments")->getObject(0)->getValue<std::string>("status") ==
        "not-qualified");
}

TEST_CASE("explain json: the plan is the plan file's object, items, guards and state changes",
          "[report]") {
  Explanation e;
  e.plan = report::testing::samplePlan();
  const auto o = json(e);
  const auto p = o->getObject("plan");
  CHECK(p->getValue<std::string>("format") == "membersync-plan");
  for (const char* field : {"guard", "editGuard", "stateChanges", "counts"}) CHECK(p->has(field));
  const auto items = p->getArray("items");
  REQUIRE(items->size() == e.plan.items.size());
  const auto add = items->getObject(0);
  CHECK(add->getValue<std::string>("kind") == "add");
  CHECK(add->getValue<std::string>("remark") == "desk \"4\"");
  CHECK(add->getValue<int>("line") == 2);
  CHECK(o->isNull("nothingPlanned"));
}
