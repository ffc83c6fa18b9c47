#include "jobs/report/plan_json.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>

#include <sstream>

#include "tests/unit/report/plan_fixture.h"

using namespace membersync;
using report::PlanFileError;
using report::planFromJson;
using report::planToJson;
using report::testing::samplePlan;

namespace {

void requireSameItem(const plan::Item& a, const plan::Item& b) {
  CHECK(a.kind == b.kind);
  CHECK(a.key == b.key);
  CHECK(a.employeeId == b.employeeId);
  CHECK(a.account == b.account);
  CHECK(a.centerAccount == b.centerAccount);
  CHECK(a.globalId == b.globalId);
  CHECK(a.name == b.name);
  CHECK(a.department == b.department);
  CHECK(a.departmentId == b.departmentId);
  CHECK(a.remark == b.remark);
  CHECK(a.mobile == b.mobile);
  REQUIRE(a.changes.size() == b.changes.size());
  for (std::size_t i = 0; i < a.changes.size(); ++i) {
    CHECK(a.changes[i].field == b.changes[i].field);
    CHECK(a.changes[i].before == b.changes[i].before);
    CHECK(a.changes[i].after == b.changes[i].after);
  }
  CHECK(a.assetsToWithdraw == b.assetsToWithdraw);
  CHECK(a.assetsToAdd == b.assetsToAdd);
  CHECK(a.assetRules == b.assetRules);
  CHECK(a.rule == b.rule);
  CHECK(a.lockNumber == b.lockNumber);
  CHECK(a.assetIds == b.assetIds);
  CHECK(a.activityLabel == b.activityLabel);
  CHECK(a.source == b.source);
  CHECK(a.branch == b.branch);
  CHECK(a.identity == b.identity);
  CHECK(a.heldKind == b.heldKind);
  CHECK(a.destructive == b.destructive);
  CHECK(a.heldByGuard == b.heldByGuard);
  CHECK(a.reason == b.reason);
  CHECK(a.inputHash == b.inputHash);
  CHECK(a.line == b.line);
  CHECK(a.revertsRun == b.revertsRun);
  CHECK(a.endsDeparture == b.endsDeparture);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("plan json: a saved plan reads back field for field", "[report]") {
  const plan::Plan p = samplePlan();
  const std::string json = planToJson(p);
  const plan::Plan back = planFromJson(json, "plan.json");
  CHECK(back.exportHash == "e1");
  CHECK(back.exportRows == 250);
  CHECK(back.policyHash == "p1");
  CHECK(back.membersFingerprint == "f1");
  CHECK(back.entitlementsFingerprint == "a1");
  CHECK(back.computedAt == 1767225600000);
  CHECK(back.revertsRun == 12);
  CHECK(back.guard.tripped);
  CHECK(back.guard.destructive == 11);
  CHECK(back.guard.allowed == 10);
  CHECK(back.guard.reason == p.guard.reason);
  CHECK_FALSE(back.guard.shortExport);
  CHECK(back.editGuard.tripped);
  CHECK(back.editGuard.edits == 300);
  CHECK(back.editGuard.allowed == 30);
  CHECK(back.editGuard.reason == p.editGuard.reason);
  CHECK(back.counts.add == 1);
  CHECK(back.counts.held == 1);
  CHECK(back.counts.assign == 1);
  CHECK(back.counts.lend == 1);
  CHECK(back.counts.enrol == 1);
  REQUIRE(back.items.size() == p.items.size());
  for (std::size_t i = 0; i < p.items.size(); ++i) requireSameItem(back.items[i], p.items[i]);
  const auto& sc = back.stateChanges;
  REQUIRE(sc.links.size() == 1);
  CHECK(sc.links[0].employeeId == "E2");
  CHECK(sc.links[0].account == "kim");
  CHECK(sc.links[0].globalId == "g2");
  CHECK_FALSE(sc.links[0].createdByUs);
  CHECK(sc.links[0].linkedAt == 1767225600000);
  REQUIRE(sc.absences.size() == 2);
  CHECK(sc.absences[0].distinctExports == 2);
  CHECK(sc.absences[0].withdrawnAt == std::optional<std::int64_t>(1766500000000));
  CHECK_FALSE(sc.absences[1].withdrawnAt);
  CHECK(sc.clearedAbsences == std::vector<std::string>{"E9"});
  CHECK(sc.droppedLinks == std::vector<std::string>{"E8"});
  CHECK(sc.endedLendings == std::vector<std::string>{"g7"});
  CHECK(sc.droppedOwnedAssets == std::vector<std::string>{"AN-7"});
  CHECK(sc.liftedReverts == std::vector<std::string>{"E5|name"});
  CHECK(planToJson(back) == json);  // nothing lost or reordered
}

TEST_CASE("plan json: Chinese names stay readable UTF-8 and no password is written", "[report]") {
  const std::string json = planToJson(samplePlan());
  CHECK(json.find("张伟") != std::string::npos);
  CHECK(json.find("\"password\"") == std::string::npos);
  CHECK(json.find("\"format\": \"membersync-plan\"") != std::string::npos);
}

TEST_CASE("plan json: a malformed plan file is refused with the file and the path", "[report]") {
  const std::string good = planToJson(samplePlan());
  auto failsWith = [](const std::string& text, const std::string& message) {
    try {
      planFromJson(text, "plan.json");
      FAIL("accepted");
    } catch (const PlanFileError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(message) != std::string::npos);
    }
  };
  failsWith("{ not json", "plan.json: not a JSON plan file");
  failsWith("[]", "plan.json: expected an object");
  failsWith("{}", "plan.json: format: not a membersync plan");
  failsWith(replaced(good, "\"version\": 4", "\"version\": 5"),
            "plan.json: version: this membersync reads plan versions 1 to 4, not 5; make the "
            "plan again with this version");
  failsWith(replaced(good, "\"version\": 4", "\"version\": 0"),
            "plan.json: version: this membersync reads plan versions 1 to 4, not 0");
  failsWith(replaced(good, "\"editGuard\": {", "\"editGuardX\": {"),
            "plan.json: editGuard: expected an object");
  failsWith(replaced(good, "\"kind\": \"add\"", "\"kind\": \"frob\""),
            "plan.json: items[0].kind: expected one of add, edit, adopt, withdraw, delete, "
            "orphan, held, rename, problem, assign, lend, enrol, not \"frob\"");
  failsWith(replaced(good, "\"assetRules\": [\n        \"design-seat\",", "\"assetRules\": ["),
            "plan.json: items[3].assetRules: expected one rule per asset of assetsToAdd");
  failsWith(replaced(good, "\"lockNumber\": \"LK-1\",", ""),
            "plan.json: items[4].lockNumber: missing");
  failsWith(replaced(good, "\"enrol\": 1", "\"enrol\": 0"),
            "plan.json: counts: do not match the items");
  failsWith(replaced(good, "\"exportRows\": 250", "\"exportRows\": \"250\""),
            "plan.json: exportRows: expected an integer");
  failsWith(replaced(good, "\"key\": \"add:E1\",", ""), "plan.json: items[0].key: missing");
  failsWith(replaced(good, "\"destructive\": false", "\"destructive\": 0"),
            "plan.json: items[0].destructive: expected true or false");
  failsWith(replaced(good, "\"add\": 1", "\"add\": 2"),
            "plan.json: counts: do not match the items");
}

TEST_CASE("plan json: a version 1 plan, from before asset, lock and activity steps, still reads",
          "[report]") {
  plan::Plan p = samplePlan();
  // What version 1 could hold: no assignments, lendings or enrolments.
  p.items.erase(p.items.begin() + 3, p.items.begin() + 6);
  p.counts = plan::countsOf(p.items);
  p.stateChanges.endedLendings.clear();
  p.stateChanges.droppedOwnedAssets.clear();
  p.entitlementsFingerprint.clear();
  p.editGuard = {};  // version 3
  p.stateChanges.liftedReverts.clear();  // version 4
  for (auto& item : p.items) {
    item.revertsRun = 0;
    item.endsDeparture = false;
  }
  p.revertsRun = 0;
  // Written as a version 1 writer did: without any key version 2 added.
  Poco::JSON::Parser parser;
  Poco::JSON::Object::Ptr root = parser.parse(planToJson(p)).extract<Poco::JSON::Object::Ptr>();
  Poco::JSON::Object& o = *root;
  o.set("version", 1);
  o.remove("entitlementsFingerprint");
  o.remove("editGuard");  // version 3
  o.remove("revertsRun");  // version 4
  for (const char* key : {"assign", "lend", "enrol"}) o.getObject("counts")->remove(key);
  for (const char* key : {"endedLendings", "droppedOwnedAssets", "liftedReverts"})
    o.getObject("stateChanges")->remove(key);
  auto items = o.getArray("items");
  for (std::size_t n = 0; n < items->size(); ++n)
    for (const char* key : {"assetsToAdd", "assetRules", "rule", "lockNumber", "assetIds",
                            "activityLabel", "source", "branch", "identity", "revertsRun",
                            "endsDeparture"})
      items->getObject(static_cast<unsigned>(n))->remove(key);
  std::ostringstream v1;
  o.stringify(v1, 2);
  REQUIRE(v1.str().find("lockNumber") == std::string::npos);
  REQUIRE(v1.str().find("endedLendings") == std::string::npos);

  const plan::Plan back = planFromJson(v1.str(), "old-plan.json");
  REQUIRE(back.items.size() == p.items.size());
  for (std::size_t i = 0; i < p.items.size(); ++i) requireSameItem(back.items[i], p.items[i]);
  CHECK(back.counts.assign == 0);
  CHECK(back.stateChanges.droppedLinks == std::vector<std::string>{"E8"});
  CHECK(back.stateChanges.endedLendings.empty());
  CHECK(planToJson(back) == planToJson(p));  // written again as the current version
}
