// The real membersync binary against the emulator's demo fixture with a policy of asset, lock
// and activity rules: a first sync assigns assets, lends a lock and enrols; a second one writes
// nothing; a change of department moves the asset; a leaver's assets are withdrawn; assets
// assigned by hand outside every pool are never touched; a 3002 is recorded and not retried.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "jobs/core/manual_clock.h"
#include "jobs/state/sqlite_store.h"
#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/policy/policy_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;
using Poco::JSON::Object;

// Pools from the demo fixture's AN-00xx (AN-0001, AN-0002 and AN-0011..AN-0014 are held by hand
// and in no pool), a product rule for uri:render (the CAD seats' nested add-on and the render
// packs hold it), a lock rule reading the HR column `lock`, and the welcome-2026 activity.
const char* const kPolicy = R"({
  "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
  "protect": ["svc*"],
  "assets": [
    { "rule": "cad-seat", "when": { "department": ["ENG", "DESIGN"] },
      "pool": ["AN-0003", "AN-0004", "AN-0005", "AN-0006", "AN-0007"] },
    { "rule": "sales-viewer", "when": { "department": "SALES" },
      "pool": ["AN-0015", "AN-0016", "AN-0017"] },
    { "rule": "render", "when": { "title": "Render*" }, "product": "uri:render" }
  ],
  "locks": [ { "rule": "offline", "when": { "lock": "LK-*" }, "lock_from": "lock" } ],
  "activities": [ { "rule": "welcome", "when": { "department": "ENG" }, "label": "welcome-2026",
                    "source": "membersync", "branch": "HQ" } ]
})";

const std::vector<std::string> kCadPool{"AN-0003", "AN-0004", "AN-0005", "AN-0006", "AN-0007"};
const std::vector<std::string> kSalesPool{"AN-0015", "AN-0016", "AN-0017"};

// The demo's members (chenjie, whose A9 the center refuses, and svcbackup stay out of HR), and
// two new people: newguy with a lock, and a render artist.
std::vector<HrRow> people() {
  return {
      {"E1", "zhangwei", "张伟", "ENG", "active", "Engineer", ""},
      {"E2", "lina", "李娜", "DESIGN", "active", "Designer", ""},
      {"E3", "wangfang", "王芳", "SALES", "active", "Sales", ""},
      {"E4", "jsmith", "John Smith", "ENG", "active", "Engineer", ""},
      {"E5", "newguy", "New Guy", "ENG", "active", "Engineer", "LK-0001"},
      {"E6", "artist", "Art Ist", "OPS", "active", "Render artist", ""},
  };
}

bool in(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// How many of `account`'s assets are in `pool`.
int heldFrom(const CenterView& v, const std::string& account,
             const std::vector<std::string>& pool) {
  int n = 0;
  for (const auto& a : v.assetsOf(account)) n += in(pool, a) ? 1 : 0;
  return n;
}

// The assets the demo fixture assigned by hand, outside every pool, are where they were.
void checkHandAssignedUntouched(const CenterView& v) {
  CHECK(v.holderByAsset.at("AN-0001") == v.gid("zhangwei"));
  CHECK(v.holderByAsset.at("AN-0012") == v.gid("zhangwei"));
  CHECK(v.holderByAsset.at("AN-0002") == v.gid("lina"));
  CHECK(v.holderByAsset.at("AN-0011") == v.gid("jsmith"));
  CHECK(v.holderByAsset.at("AN-0013") == v.gid("wangfang"));
  CHECK(v.holderByAsset.at("AN-0014") == v.gid("wangfang"));
  CHECK(v.holderByAsset.at("AN-0021") == v.gid("chenjie"));
  CHECK(v.lockHolder.at("LK-0003") == v.gid("zhangwei"));
}

// Each asset rule's counts the applying runs recorded (the console's pool pages), read with the
// store class from the state database beside the config.
std::vector<membersync::state::PoolRecord> poolHistory(const PolicyFixture& f) {
  membersync::ManualClock clock;
  const auto store =
      membersync::state::SqliteStore::open((f.dir() / "membersync.db").string(), clock);
  return store->poolHistory("", 0);
}

// The records of `rule`, oldest first.
std::vector<membersync::state::PoolCount> countsOf(
    const std::vector<membersync::state::PoolRecord>& history, const std::string& rule) {
  std::vector<membersync::state::PoolCount> counts;
  for (const auto& r : history)
    if (r.counts.rule == rule) counts.push_back(r.counts);
  return counts;
}

// A first sync of people() under kPolicy; checks it went through.
void firstSync(const EmulatorProcess& emulator, PolicyFixture& f) {
  f.writeHr(people());
  const auto r = f.sync();
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  REQUIRE(centerView(emulator).globalIdByAccount.count("newguy") == 1);
}

}  // namespace

TEST_CASE("policy: a first sync assigns assets, lends a lock and enrols, the second writes "
          "nothing",
          "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  f.writeHr(people());

  const auto plan = f.run({"plan"});
  INFO(plan.out << plan.err);
  CHECK(plan.exitCode == 2);
  CHECK_THAT(plan.out, Contains("~ assets newguy") && Contains("rule cad-seat"));
  CHECK_THAT(plan.out, Contains("~ lend newguy") && Contains("LK-0001"));
  CHECK_THAT(plan.out, Contains("+ enrol zhangwei") && Contains("welcome-2026"));
  CHECK(callCounts(emulator).writes == 0);

  const auto r = f.sync();
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Contains("1 lent") && Contains("3 enrolled"));

  const auto v = centerView(emulator);
  // One seat each for the four in ENG and DESIGN, one sales viewer, one render asset.
  for (const char* account : {"zhangwei", "lina", "jsmith", "newguy"}) {
    INFO(account);
    CHECK(heldFrom(v, account, kCadPool) == 1);
  }
  CHECK(heldFrom(v, "wangfang", kSalesPool) == 1);
  const auto artist = v.assetsOf("artist");
  REQUIRE(artist.size() == 1);
  const int n = std::stoi(artist[0].substr(3));
  CHECK(((n >= 1 && n <= 10) || (n >= 21 && n <= 28)));  // a tree holding uri:render
  checkHandAssignedUntouched(v);
  // newguy's seat is lent into LK-0001; the activity granted zhangwei, jsmith and newguy.
  CHECK(v.lockHolder.at("LK-0001") == v.gid("newguy"));
  CHECK(v.claims.at("welcome-2026").at("zhangwei@acme") == 1);
  CHECK(v.claims.at("welcome-2026").at("jsmith@acme") == 1);
  CHECK(v.claims.at("welcome-2026").at("newguy@acme") == 1);
  CHECK(v.claims.at("welcome-2026").count("lina@acme") == 0);

  auto calls = callCounts(emulator);
  CHECK(calls.of("A9") == 6);
  CHECK(calls.of("A10") == 1);
  CHECK(calls.of("B1") == 3);
  CHECK(calls.of("A7") == 30);  // every asset's tree, once

  const auto explain = f.run({"explain", "newguy"});
  INFO(explain.out << explain.err);
  CHECK(explain.exitCode == 0);
  CHECK_THAT(explain.out, Contains("asset rule cad-seat") && Contains("matches"));
  CHECK_THAT(explain.out, Contains("granted by rule cad-seat"));
  CHECK_THAT(explain.out, Contains("LK-0001 is lent to this member (by membersync, rule offline"));
  CHECK_THAT(explain.out, Contains("rule welcome (\"welcome-2026\"): enrolled") &&
                              Contains("uri:viewer, valid"));
  CHECK_THAT(explain.out, Contains("planned: nothing"));

  // The same export again: no write at all, and the product trees come from the cache.
  const auto again = f.sync();
  INFO(again.out << again.err);
  CHECK(again.exitCode == 0);
  const auto after = callCounts(emulator);
  CHECK(after.writes == calls.writes);
  CHECK(after.of("A7") == 30);
  const auto status = f.run({"status"});
  INFO(status.out);
  CHECK(status.exitCode == 0);
  CHECK_THAT(status.out, Contains("6 asset changes, 1 lent, 3 enrolled"));
}

TEST_CASE(
    "policy: each applying sync records each asset rule's counts as it read the assets, a "
    "plan none",
    "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  f.writeHr(people());
  const auto plan = f.run({"plan"});
  INFO(plan.out << plan.err);
  REQUIRE(plan.exitCode == 2);
  CHECK(poolHistory(f).empty());
  firstSync(emulator, f);
  const auto again = f.sync();
  INFO(again.out << again.err);
  REQUIRE(again.exitCode == 0);

  // Each applying run recorded each asset rule's counts as it read the assets: the first saw
  // the pools before its assignments, the second after them. cad-seat's five seats were free,
  // then four went to zhangwei, lina, jsmith and newguy; sales-viewer's one to wangfang.
  const auto history = poolHistory(f);
  const auto cad = countsOf(history, "cad-seat");
  REQUIRE(cad.size() == 2);
  CHECK_FALSE(cad[0].product);
  CHECK((std::vector<std::int64_t>{cad[0].capacity, cad[0].assigned, cad[0].free, cad[0].owned,
                                   cad[0].wanted}) == std::vector<std::int64_t>{5, 0, 5, 0, 4});
  CHECK((std::vector<std::int64_t>{cad[1].capacity, cad[1].assigned, cad[1].free, cad[1].owned,
                                   cad[1].wanted}) == std::vector<std::int64_t>{5, 4, 1, 4, 4});
  const auto sales = countsOf(history, "sales-viewer");
  REQUIRE(sales.size() == 2);
  CHECK(sales[1].assigned == 1);
  CHECK(sales[1].owned == 1);
  const auto render = countsOf(history, "render");
  REQUIRE(render.size() == 2);
  CHECK(render[0].product);
  CHECK(render[1].wanted == 1);
  CHECK(render[1].owned == 1);
  CHECK(render[1].assigned >= 1);
}

// `explain --format json`, parsed: the sections a tool reads, each from the same model the text
// is written from (docs/explain-json.md).
// No secret of the configuration reaches it.
Object::Ptr explainJson(const PolicyFixture& f, const std::string& account) {
  const auto r = f.run({"explain", account, "--format", "json"});
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find(kDemoSecret) == std::string::npos);
  CHECK(r.out.find(kAdminPassword) == std::string::npos);
  return Poco::JSON::Parser().parse(r.out).extract<Object::Ptr>();
}

Object::Ptr findIn(const Poco::JSON::Array::Ptr& list, const std::string& key,
                   const std::string& value) {
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto o = list->getObject(static_cast<unsigned>(i));
    if (o->getValue<std::string>(key) == value) return o;
  }
  FAIL("no " << key << " " << value << " in the list");
  return nullptr;
}

TEST_CASE("policy: explain --format json gives the row, member, rules, assets, lock, enrolment "
          "and the plan as fields", "[policy][explain]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  firstSync(emulator, f);
  const auto v = centerView(emulator);

  const auto e = explainJson(f, "NewGuy");
  CHECK(e->getValue<std::string>("format") == "membersync-explain");
  CHECK(e->getValue<int>("version") == 1);
  CHECK(e->getValue<std::string>("account") == "newguy");
  CHECK(e->getValue<std::string>("centerAccount") == "newguy@acme");
  const auto hr = e->getObject("hr");
  CHECK(hr->getValue<std::string>("found") == "row");
  CHECK(hr->isNull("skipReason"));
  const auto row = hr->getObject("row");
  CHECK(row->getValue<std::string>("employeeId") == "E5");
  CHECK(row->getValue<std::string>("department") == "ENG");
  CHECK(row->getValue<std::string>("departmentId") == "1001");
  CHECK(row->getValue<int>("line") == 6);
  CHECK(row->isNull("dn"));
  CHECK(row->getObject("attributes")->getValue<std::string>("lock") == "LK-0001");
  CHECK_FALSE(e->getValue<bool>("protected"));
  CHECK(e->getObject("member")->getValue<std::string>("globalId") == v.gid("newguy"));

  const auto remembered = e->getArray("remembered");
  REQUIRE(remembered->size() == 1);
  CHECK(remembered->getObject(0)->getValue<bool>("addedByMembersync"));
  const auto recent = e->getArray("recentChanges");
  REQUIRE(recent->size() >= 1);
  CHECK(findIn(recent, "kind", "add")->getValue<std::string>("state") == "succeeded");

  const auto rules = e->getArray("rules");
  const auto seat = findIn(rules, "rule", "cad-seat");
  CHECK(seat->getValue<std::string>("type") == "asset");
  CHECK(seat->getValue<bool>("matches"));
  CHECK(seat->getValue<int>("poolSize") == 5);
  const auto condition = seat->getArray("conditions")->getObject(0);
  CHECK(condition->getValue<std::string>("field") == "department");
  CHECK(condition->getArray("values")->getElement<std::string>(0) == "ENG");
  CHECK(condition->getValue<bool>("matches"));
  CHECK_FALSE(findIn(rules, "rule", "sales-viewer")->getValue<bool>("matches"));
  CHECK(findIn(rules, "rule", "offline")->getValue<std::string>("lock") == "LK-0001");

  const auto assets = e->getArray("assets");
  REQUIRE(assets->size() == 1);
  CHECK(assets->getObject(0)->getValue<std::string>("assignedBy") == "membersync");
  CHECK(assets->getObject(0)->getValue<std::string>("rule") == "cad-seat");
  CHECK(in(kCadPool, assets->getObject(0)->getValue<std::string>("assetNum")));
  // The policy has a product rule, so every held asset's product tree was read.
  CHECK_FALSE(assets->getObject(0)->isNull("products"));
  const auto lock = findIn(e->getArray("locks"), "lockNumber", "LK-0001");
  CHECK(lock->getValue<bool>("readFromCenter"));
  CHECK(lock->getValue<bool>("byMembersync"));
  CHECK(lock->getValue<std::string>("rule") == "offline");
  const auto enrolment = findIn(e->getArray("enrolments"), "rule", "welcome");
  CHECK(enrolment->getValue<std::string>("status") == "enrolled");
  CHECK(enrolment->getArray("productsGranted")->size() >= 1);

  CHECK(e->getObject("plan")->getArray("items")->size() == 0);
  CHECK(e->getValue<std::string>("nothingPlanned") == "in-step");
}

TEST_CASE("policy: explain --format json lists a planned edit with its changes, and an account "
          "only the state knows as nulls, one nobody knows exits 1",
          "[policy][explain]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "departed = delete\nmin_export_ratio = 0\n");
  firstSync(emulator, f);
  auto rows = people();
  rows[1].name = "Li Na";
  rows[1].department = "SALES";
  f.writeHr(rows);

  const auto e = explainJson(f, "lina");
  const auto planned = e->getObject("plan")->getArray("items");
  REQUIRE(planned->size() >= 1);
  const auto edit = findIn(planned, "kind", "edit");
  CHECK(edit->getValue<std::string>("account") == "lina");
  const auto change = findIn(edit->getArray("changes"), "field", "name");
  CHECK(change->getValue<std::string>("after") == "Li Na");
  CHECK(e->isNull("nothingPlanned"));
  CHECK(findIn(e->getArray("rules"), "rule", "sales-viewer")->getValue<bool>("matches"));

  // Someone nobody knows is not explained: exit 1, the reason on stderr.
  const auto unknown = f.run({"explain", "nobody", "--format", "json"});
  CHECK(unknown.exitCode == 1);
  CHECK(unknown.out.empty());
  CHECK_THAT(unknown.err, Catch::Contains("nobody has the account, name or employee id"));

  // An account only the journal still knows (wangfang left, her member was deleted and the link
  // dropped) is told, with nulls.
  rows.erase(rows.begin() + 2);
  f.writeHr(rows);
  REQUIRE(f.sync().exitCode == 0);
  REQUIRE(centerView(emulator).globalIdByAccount.count("wangfang") == 0);
  const auto nobody = explainJson(f, "wangfang");
  CHECK(nobody->getObject("hr")->getValue<std::string>("found") == "none");
  CHECK(nobody->getObject("hr")->isNull("row"));
  CHECK(nobody->isNull("member"));
  CHECK(nobody->isNull("assets"));
  CHECK(nobody->isNull("locks"));
  CHECK(nobody->getArray("remembered")->size() == 0);
  CHECK(nobody->getValue<std::string>("nothingPlanned") == "not-linked");
  const auto unmatched = findIn(nobody->getArray("rules"), "rule", "cad-seat");
  CHECK_FALSE(unmatched->getValue<bool>("matches"));
  CHECK(unmatched->getArray("conditions")->getObject(0)->getArray("values")->size() == 0);
}

TEST_CASE("policy: explain tells nothing from half the facts: a member list it cannot read "
          "fails it with the reason, in either form", "[policy][explain]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--fail-rate", "1"}});
  PolicyFixture f(emulator, kPolicy);
  f.writeHr(people());
  for (const char* format : {"text", "json"}) {
    const auto r = f.run({"explain", "newguy", "--format", format});
    INFO(format << "\n" << r.out << r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Contains("explain: cannot read the member list"));
  }
}

TEST_CASE("policy: changing a person's department moves their asset in one A9", "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  firstSync(emulator, f);
  const auto before = centerView(emulator);
  std::string seat;
  for (const auto& a : before.assetsOf("lina"))
    if (in(kCadPool, a)) seat = a;
  REQUIRE(!seat.empty());

  auto rows = people();
  rows[1].department = "SALES";  // lina moves from DESIGN to SALES
  f.writeHr(rows);
  const int a9 = callCounts(emulator).of("A9");
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(callCounts(emulator).of("A9") == a9 + 1);

  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at(seat).empty());  // the seat membersync gave her went back
  CHECK(heldFrom(v, "lina", kCadPool) == 0);
  CHECK(heldFrom(v, "lina", kSalesPool) == 1);
  checkHandAssignedUntouched(v);  // AN-0002, hers by hand, stays

  const auto explain = f.run({"explain", "lina"});
  CHECK_THAT(explain.out, Contains("granted by rule sales-viewer"));
  CHECK(f.sync().exitCode == 0);
  CHECK(callCounts(emulator).of("A9") == a9 + 1);
}

TEST_CASE("policy: a leaver's managed assets are withdrawn, what was assigned by hand stays",
          "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "departed = withdraw\n");
  firstSync(emulator, f);
  const auto before = centerView(emulator);
  const std::string zhangwei = before.gid("zhangwei");
  std::string seat;
  for (const auto& a : before.assetsOf("zhangwei"))
    if (in(kCadPool, a)) seat = a;
  REQUIRE(!seat.empty());

  auto rows = people();
  rows[0].status = "left";  // zhangwei leaves
  f.writeHr(rows);
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Contains("1 withdrawn"));

  const auto v = centerView(emulator);
  CHECK(v.gid("zhangwei") == zhangwei);     // the account stays ([sync] departed = withdraw)
  CHECK(v.holderByAsset.at(seat).empty());  // membersync's seat is withdrawn
  checkHandAssignedUntouched(v);            // AN-0001 (lent into LK-0003) and AN-0012 stay

  const int writes = callCounts(emulator).writes;
  const auto again = f.sync();
  INFO(again.out << again.err);
  CHECK(again.exitCode == 0);
  CHECK(callCounts(emulator).writes == writes);
}

TEST_CASE("policy: an asset assigned by hand outside every pool is never touched, not even "
          "when the rules that matched its holder go",
          "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  firstSync(emulator, f);
  checkHandAssignedUntouched(centerView(emulator));

  // Without asset rules, what membersync assigned is withdrawn; what it did not stays.
  f.writePolicy(R"({
    "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
    "assets": [ { "rule": "other", "when": { "title": "Nobody*" }, "pool": ["AN-0020"] } ]
  })");
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const auto v = centerView(emulator);
  for (const auto& num : kCadPool) CHECK(v.holderByAsset.at(num).empty());
  for (const auto& num : kSalesPool) CHECK(v.holderByAsset.at(num).empty());
  CHECK(v.assetsOf("artist").empty());
  checkHandAssignedUntouched(v);
}

TEST_CASE("policy: a 3002 is recorded with its reasons and not retried", "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  claimDirectly(emulator, "jsmith@acme", "welcome-2026");  // he already took it
  f.writeHr(people());

  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);  // applied, one item failed
  CHECK_THAT(r.out, Contains("not qualified (3002)") && Contains("14005"));
  const auto v = centerView(emulator);
  CHECK(v.claims.at("welcome-2026").at("zhangwei@acme") == 1);
  CHECK(v.claims.at("welcome-2026").at("jsmith@acme") == 1);

  const auto status = f.run({"status"});
  INFO(status.out);
  // An answer, not something to act on: status names it, and nothing needs a person.
  CHECK(status.exitCode == 0);
  CHECK_THAT(status.out, Contains("Nothing needs a person.") &&
                             Contains("enrolments that granted nothing") &&
                             Contains("not-qualified") && Contains("U-WELCOME-VIEWER") &&
                             Contains("14005"));
  const auto explain = f.run({"explain", "jsmith"});
  CHECK_THAT(explain.out, Contains("not-qualified") && Contains("not qualified: U-WELCOME-VIEWER"));

  const int b1 = callCounts(emulator).of("B1");
  const auto again = f.sync();
  INFO(again.out << again.err);
  CHECK(again.exitCode == 0);
  CHECK(callCounts(emulator).of("B1") == b1);
  CHECK_THAT(again.out, Contains("not qualified"));  // shown as held, with why
}

TEST_CASE("policy: a pool too small leaves people without, listed by plan and status",
          "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, R"({
    "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
    "assets": [ { "rule": "cad-seat", "when": { "department": ["ENG", "DESIGN"] },
                  "pool": ["AN-0003", "AN-0004"] } ]
  })");
  f.writeHr(people());
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);  // a pool run dry is reported, not an error
  CHECK_THAT(r.out, Contains("pool cad-seat ran dry") && Contains("2 people without"));
  const auto v = centerView(emulator);
  CHECK(v.holderByAsset.at("AN-0003") != "");
  CHECK(v.holderByAsset.at("AN-0004") != "");

  const auto status = f.run({"status"});
  INFO(status.out);
  CHECK(status.exitCode == 3);  // a pool run dry needs a person
  CHECK_THAT(status.out, Contains("pools run dry (1)") && Contains("pool cad-seat") &&
                             Contains("ran dry"));
}

TEST_CASE("policy: a saved plan is stale once an asset it was computed from changed", "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  f.writeHr(people());
  const std::string planFile = (f.dir() / "saved-plan.json").string();
  const auto plan = f.run({"plan", "--out", planFile});
  INFO(plan.out << plan.err);
  REQUIRE(plan.exitCode == 2);

  // Someone assigns a pool asset by hand meanwhile.
  CenterClient client(emulator);
  const auto r = client.call("POST", "/me/api/v1/enterprise/member/" +
                                         centerView(emulator).gid("lina") + "/privileges",
                             R"({"deleteAssets":[],"addAssets":["AN-0003"]})");
  REQUIRE(r.status == 200);
  const int writes = callCounts(emulator).writes;

  const auto apply = f.run({"apply", planFile});
  INFO(apply.out << apply.err);
  CHECK(apply.exitCode == 5);
  CHECK_THAT(apply.err, Contains("stale") && Contains("the assets or locks"));
  CHECK(callCounts(emulator).writes == writes);

  // A fresh plan goes through.
  REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
  const auto again = f.run({"apply", planFile});
  INFO(again.out << again.err);
  CHECK(again.exitCode == 0);
  CHECK(centerView(emulator).lockHolder.at("LK-0001") == centerView(emulator).gid("newguy"));
}

TEST_CASE("policy: an empty asset list fails the run before planning and ownership is kept, "
          "allow on that run lets the next one forget it",
          "[policy][guard]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy, "departed = withdraw\n");
  firstSync(emulator, f);
  std::string seat;
  for (const auto& a : centerView(emulator).assetsOf("zhangwei"))
    if (in(kCadPool, a)) seat = a;
  REQUIRE(!seat.empty());
  const int writes = callCounts(emulator).writes;

  emulator.emptyLists();  // A6 and A8 answer success with []
  const auto glitch = f.sync();
  INFO(glitch.out << glitch.err);
  CHECK(glitch.exitCode == 1);
  // Both empty answers are named in one refusal, so one `allow` releases both.
  CHECK_THAT(glitch.out + glitch.err, Contains("A6 lists nothing") &&
                                          Contains("A8 lists nothing") &&
                                          Contains("refusing to plan on them, ownership is kept") &&
                                          Contains("membersync allow "));
  CHECK(callCounts(emulator).writes == writes);  // nothing sent

  SECTION("once the service answers again, a leaver's seat is withdrawn: ownership survived") {
    emulator.emptyLists(false);
    auto rows = people();
    rows[0].status = "left";
    f.writeHr(rows);
    const auto r = f.sync();
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(centerView(emulator).holderByAsset.at(seat).empty());
  }
  SECTION("allow on the failed run lets the next run plan on the empty list, forgetting "
          "ownership, once") {
    const std::string text = glitch.out + glitch.err;
    const auto at = text.find("membersync allow ");
    REQUIRE(at != std::string::npos);
    const std::string run = text.substr(at + 17, text.find_first_not_of("0123456789", at + 17) - at - 17);
    const auto allow = f.run({"allow", run});
    INFO(allow.out << allow.err);
    CHECK(allow.exitCode == 0);
    const int a9 = callCounts(emulator).of("A9");
    const auto r = f.sync();
    INFO(r.out << r.err);
    CHECK(r.exitCode != 1);
    CHECK(callCounts(emulator).of("A9") == a9);  // nothing listed, nothing withdrawn
    const auto again = f.sync();  // the release was used: a still-empty list ...
    INFO(again.out << again.err);
    CHECK(again.exitCode != 1);   // ... no longer contradicts an ownership now forgotten
  }
}

TEST_CASE("policy: removing the last asset rule withdraws what membersync assigned, hand "
          "assignments stay",
          "[policy]") {
  EmulatorProcess emulator;
  PolicyFixture f(emulator, kPolicy);
  firstSync(emulator, f);
  const auto before = centerView(emulator);
  std::vector<std::string> granted;  // the pool assets membersync assigned
  for (const auto& [asset, holder] : before.holderByAsset)
    if (!holder.empty() && (in(kCadPool, asset) || in(kSalesPool, asset))) granted.push_back(asset);
  REQUIRE(granted.size() >= 3);

  f.writePolicy(R"({ "departments": { "ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004 },
                     "protect": ["svc*"] })");
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const auto v = centerView(emulator);
  for (const auto& asset : granted) {
    INFO(asset);
    CHECK(v.holderByAsset.at(asset).empty());
  }
  checkHandAssignedUntouched(v);
}
