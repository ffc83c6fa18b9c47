// explainAccount: what `explain` tells of one account, from what was read (pure; the verb reads).

#include "daemon/explain_model.h"

#include <catch2/catch.hpp>

#include "jobs/i18n/message.h"

using namespace membersync;
using report::NothingPlanned;
using report::RowFound;

namespace {

constexpr state::Millis kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

directory::Person person(const std::string& employeeId, const std::string& account,
                         const std::string& department) {
  directory::Person p;
  p.employeeId = employeeId;
  p.account = account;
  p.name = "Name " + account;
  p.department = department;
  p.line = 2;
  return p;
}

center::MemberListItem member(const std::string& userName, const std::string& globalId,
                              const std::string& name) {
  center::MemberListItem m;
  m.userName = userName;
  m.globalId = globalId;
  m.name = name;
  m.departmentId = "1001";
  return m;
}

// An export, a policy with a pool rule, a lock rule and an activity rule, the members, the state
// and the settings; each test changes what it is about, then asks.
struct World {
  directory::Export hr;
  policy::Policy policy;
  std::vector<center::MemberListItem> members;
  state::Snapshot snapshot;
  plan::PlanSettings settings;
  directory::DirectorySettings directory;
  std::vector<state::Step> steps;
  std::optional<std::vector<center::AssetNumber>> assets;
  std::optional<std::vector<center::BorrowedLock>> locks;
  std::optional<std::map<std::string, std::vector<std::string>>> products;

  World() {
    hr.path = "people.csv";
    hr.people = {person("E1", "ZhangWei", "ENG")};
    hr.people[0].attributes = {{"lock", "LK-1"}};
    hr.problems.push_back({7, "E2", "Kim",
                           membersync::i18n::verbatim("name is 31 characters; at most 30"), 0, "",
                           nullptr});
    policy.path = "policy.json";
    policy.departments = {{"ENG", "1001"}};
    policy.assets.push_back({"cad-seat", {{"department", {"ENG"}}}, {"AN-1"}, "", false, "h1"});
    policy.locks.push_back({"offline", {{"title", {"Lead*"}}}, "lock", "h2"});
    policy.activities.push_back({"welcome", {}, "welcome-2026", "membersync", "", "", "h3"});
    members = {member("zhangwei@acme", "g1", "Name ZhangWei")};
    settings.accountSuffix = "@acme";
  }

  report::Explanation explain(const std::string& account) {
    settings.onlyAccount = account;
    plan::PlanInputs in{hr, members, policy, snapshot, settings, kAt};
    in.assets = assets ? &*assets : nullptr;
    in.locks = locks ? &*locks : nullptr;
    in.productsByAssetId = products ? &*products : nullptr;
    return cli::explainAccount({account, in, directory, steps, 10});
  }
};

}  // namespace

TEST_CASE(
    "explain model: the row, its department's id and the member, matched without case "
    "and suffix",
    "[explain]") {
  World w;
  w.snapshot.linksByEmployee["E1"] = {"E1", "zhangwei", "g1", true, kAt};
  w.policy.activities.clear();  // the welcome rule would enrol them
  const auto e = w.explain("zhangwei");
  CHECK(e.hr.found == RowFound::Row);
  CHECK(i18n::english(i18n::decodeMessage(e.hr.place)) ==
        "people.csv line 2");  // kept untranslated
  CHECK(e.hr.person.employeeId == "E1");
  CHECK(e.hr.departmentId == std::optional<std::string>("1001"));
  REQUIRE(e.member);
  CHECK(e.member->globalId == "g1");
  CHECK(e.accountSuffix == "@acme");
  CHECK(e.plan.items.empty());
  CHECK(e.nothingPlanned == NothingPlanned::InStep);
}

TEST_CASE("explain model: a skipped row is told with its reason, nobody at all is not linked",
          "[explain]") {
  World w;
  const auto kim = w.explain("kim");
  CHECK(kim.hr.found == RowFound::Skipped);
  CHECK_THAT(kim.hr.skipReason, Catch::Contains("name is 31 characters"));
  CHECK_FALSE(kim.member);
  const auto nobody = w.explain("nobody");
  CHECK(nobody.hr.found == RowFound::None);
  CHECK(nobody.nothingPlanned == NothingPlanned::NotLinked);
  CHECK_FALSE(nobody.rules[0].matches);
  CHECK(nobody.rules[0].conditions[0].values.empty());
}

TEST_CASE(
    "explain model: each rule with its verdict, a missing field has no value, and a "
    "matching lock rule gives the lock number",
    "[explain]") {
  World w;
  auto e = w.explain("zhangwei");
  REQUIRE(e.rules.size() == 3);
  CHECK(e.rules[0].matches);
  CHECK(e.rules[0].conditions[0].values == std::vector<std::string>{"ENG"});
  CHECK(e.rules[0].poolSize == 1);
  CHECK_FALSE(e.rules[1].matches);
  CHECK(e.rules[1].conditions[0].values.empty());  // no title column
  CHECK_FALSE(e.rules[1].lock);
  CHECK(e.rules[2].matches);  // for everyone
  CHECK(e.rules[2].conditions.empty());

  w.hr.people[0].attributes["title"] = "Lead engineer";
  e = w.explain("zhangwei");
  CHECK(e.rules[1].matches);
  CHECK(e.rules[1].lock == std::optional<std::string>("LK-1"));
}

TEST_CASE("explain model: the links, absences and reverted fields the state remembers",
          "[explain]") {
  World w;
  w.snapshot.linksByEmployee["E1"] = {"E1", "zhangwei", "g1", true, kAt};
  w.snapshot.linksByEmployee["E9"] = {"E9", "someone", "g9", false, kAt};
  w.snapshot.absences["E1"] = {"E1", 1, "h", kAt, std::nullopt};
  w.snapshot.revertedFields["E1|name"] = {"E1", "name", "Wrong", 3, kAt};
  const auto e = w.explain("zhangwei");
  REQUIRE(e.remembered.size() == 1);
  CHECK(e.remembered[0].link.employeeId == "E1");
  REQUIRE(e.remembered[0].absence);
  CHECK(e.remembered[0].reverted.size() == 1);
}

TEST_CASE(
    "explain model: assets and locks only when read, products only when the policy needs "
    "them",
    "[explain]") {
  World w;
  auto e = w.explain("zhangwei");
  CHECK_FALSE(e.assets);  // A6 not read
  CHECK_FALSE(e.locks);   // A8 not read, nothing lent by membersync

  w.assets = std::vector<center::AssetNumber>{{"AN-1", "a1", std::string("g1"), false, false}};
  w.locks = std::vector<center::BorrowedLock>{{"l1", "LK-1", true, std::string("g1")},
                                              {"l2", "LK-2", true, std::string("g7")}};
  w.snapshot.lendings["g1"] = {"g1", "LK-1", "offline", kAt};
  e = w.explain("zhangwei");
  REQUIRE(e.assets);
  REQUIRE(e.assets->size() == 1);
  CHECK(e.assets->at(0).held.assetNum == "AN-1");
  CHECK_FALSE(e.assets->at(0).products);
  REQUIRE(e.locks);
  REQUIRE(e.locks->size() == 1);  // LK-2 is someone else's
  CHECK(e.locks->at(0).readFromCenter);
  CHECK(e.locks->at(0).byMembersync);

  w.products = std::map<std::string, std::vector<std::string>>{};
  e = w.explain("zhangwei");
  REQUIRE(e.assets->at(0).products);
  CHECK(e.assets->at(0).products->empty());

  w.locks.reset();  // not read: the state's lending is all there is
  e = w.explain("zhangwei");
  REQUIRE(e.locks);
  REQUIRE(e.locks->size() == 1);
  CHECK_FALSE(e.locks->at(0).readFromCenter);
}

TEST_CASE("explain model: what a sync would do for this account alone, and why nothing",
          "[explain]") {
  World w;
  w.hr.people.push_back(person("E3", "newguy", "ENG"));
  auto e = w.explain("newguy");
  REQUIRE(e.plan.items.size() >= 1);
  CHECK(e.plan.items[0].kind == plan::ItemKind::Add);
  for (const auto& item : e.plan.items) CHECK(item.account == "newguy");

  w.hr.people.back().active = false;
  e = w.explain("newguy");
  CHECK(e.plan.items.empty());
  CHECK(e.nothingPlanned == NothingPlanned::DepartedWithoutMember);
}

TEST_CASE("explain model: the recent steps with their state and the detail for people",
          "[explain]") {
  World w;
  state::Step step;
  step.runId = 4;
  step.info.kind = "edit";
  step.info.detail = "a plain reason";
  step.state = state::StepState::Succeeded;
  step.plannedAt = kAt;
  w.steps = {step};
  const auto e = w.explain("zhangwei");
  REQUIRE(e.recent.size() == 1);
  CHECK(e.recent[0].runId == 4);
  CHECK(e.recent[0].state == state::StepState::Succeeded);
  CHECK(e.recent[0].detail == "a plain reason");
  CHECK(e.recentLimit == 10);
}
