// The applier's Assign (A9), Lend (A10) and Enrol (B1) items, settling them when in doubt, and
// the reads (A6, A8, A7 through the product cache), against the emulator's logic in-process.

#include <catch2/catch.hpp>

#include <atomic>

#include "jobs/apply/applier.h"
#include "jobs/apply/apply_run.h"
#include "jobs/apply/entitlement_reads.h"
#include "jobs/apply/settle.h"
#include "jobs/apply/step_detail.h"
#include "tests/unit/apply/emulated_center.h"

using namespace membersync;
using apply::testing::EmulatedCenter;
using plan::Item;
using plan::ItemKind;

namespace {

Item assignItem(const std::string& gid, const std::string& account,
                const std::vector<std::string>& add, const std::vector<std::string>& rules,
                const std::vector<std::string>& withdraw = {}) {
  Item i;
  i.kind = ItemKind::Assign;
  i.key = "assign:" + gid;
  i.employeeId = "E-" + account;
  i.account = account;
  i.globalId = gid;
  i.assetsToAdd = add;
  i.assetRules = rules;
  i.assetsToWithdraw = withdraw;
  i.destructive = !withdraw.empty();
  for (const auto& r : rules) i.rule += (i.rule.empty() ? "" : ", ") + r;
  if (i.rule.empty()) i.rule = "cad-seat";
  i.inputHash = "h-" + account;
  return i;
}

Item lendItem(const std::string& gid, const std::string& account, const std::string& lock,
              const std::vector<std::string>& assetIds) {
  Item i;
  i.kind = ItemKind::Lend;
  i.key = "lend:" + gid + ":" + lock;
  i.employeeId = "E-" + account;
  i.account = account;
  i.globalId = gid;
  i.rule = "offline";
  i.lockNumber = lock;
  i.assetIds = assetIds;
  return i;
}

Item enrolItem(const std::string& employeeId, const std::string& account,
               const std::string& gid, const std::string& rule, const std::string& label,
               const std::string& source = "membersync") {
  Item i;
  i.kind = ItemKind::Enrol;
  i.key = "enrol:" + employeeId + ":" + rule;
  i.employeeId = employeeId;
  i.account = account;
  i.globalId = gid;
  i.rule = rule;
  i.activityLabel = label;
  i.source = source;
  i.branch = "HQ";
  i.identity = account + "@acme";
  i.inputHash = "enrol-hash-" + employeeId;
  return i;
}

plan::Plan planOf(std::vector<Item> items) {
  plan::Plan p;
  p.items = std::move(items);
  p.counts = plan::countsOf(p.items);
  return p;
}

apply::ApplyResult applyPlan(EmulatedCenter& c, const plan::Plan& p, state::RunId run = 0,
                             const std::atomic<bool>* cancel = nullptr) {
  if (run == 0) run = c.store->beginRun({});
  apply::ApplySettings settings;
  settings.accountSuffix = "@acme";
  settings.workers = 4;
  settings.cancel = cancel;
  apply::Applier applier(*c.client, *c.store, *c.outbox, c.random, c.clock, c.progress, settings,
                         c.activities.get());
  const auto snapshot = c.store->load();
  return applier.apply(p, snapshot, run);
}

std::string failureText(const apply::ApplyResult& r) {
  std::string out;
  for (const auto& f : r.failures) out += f.key + ": " + f.message + "\n";
  return out;
}

apply::SettleResult settle(EmulatedCenter& c, bool readAssets = true) {
  auto members = c.client->listAllMembers();
  REQUIRE(members.ok());
  auto assets = c.client->listAssetNumbers();
  auto locks = c.client->listBorrowedLocks();
  REQUIRE(assets.ok());
  REQUIRE(locks.ok());
  const auto run = c.store->beginRun({});
  const apply::ApplySettings settings{"@acme", 16};
  const apply::SettleTools tools{*c.store, *c.client, *c.outbox, c.random, c.clock, settings, run};
  return apply::settleInDoubt(tools, members.value(), readAssets ? &assets.value() : nullptr,
                              readAssets ? &locks.value() : nullptr);
}

}  // namespace

TEST_CASE("apply: an Assign sends one A9 and records which rule granted each asset",
          "[apply][assets]") {
  EmulatedCenter c;
  const std::string lina = c.globalIdOf("lina");
  auto r = applyPlan(c, planOf({assignItem(lina, "lina", {"AN-0003", "AN-0015"},
                                           {"cad-seat", "viewer"})}));
  INFO(failureText(r));
  CHECK(r.counts.assigned == 1);
  CHECK(r.failures.empty());
  CHECK(c.calls("A9") == 1);
  CHECK(c.holderOf("AN-0003") == lina);
  CHECK(c.holderOf("AN-0015") == lina);
  CHECK(c.holderOf("AN-0002") == lina);  // what she held by hand stays
  auto snap = c.store->load();
  REQUIRE(snap.ownedAssets.count("AN-0003") == 1);
  CHECK(snap.ownedAssets.at("AN-0003").rule == "cad-seat");
  CHECK(snap.ownedAssets.at("AN-0003").globalId == lina);
  CHECK(snap.ownedAssets.at("AN-0015").rule == "viewer");
  CHECK(snap.ownedAssets.count("AN-0002") == 0);

  // Moving her seat: one A9 withdraws one and assigns the other; ownership follows.
  r = applyPlan(c, planOf({assignItem(lina, "lina", {"AN-0004"}, {"cad-seat"}, {"AN-0003"})}));
  CHECK(r.counts.assigned == 1);
  CHECK(c.holderOf("AN-0003").empty());
  CHECK(c.holderOf("AN-0004") == lina);
  snap = c.store->load();
  CHECK(snap.ownedAssets.count("AN-0003") == 0);
  CHECK(snap.ownedAssets.at("AN-0004").rule == "cad-seat");
  // The journal carries what the step did, for settling it when in doubt.
  const auto steps = c.store->stepsOfRun(c.store->recentRuns(1).front().id);
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].info.kind == "assign");
  CHECK_THAT(steps[0].info.detail, Catch::Contains("\"withdraw\":[\"AN-0003\"]"));
}

TEST_CASE("apply: A9 refusals are per-member failures with what to do, the rest goes on",
          "[apply][assets]") {
  EmulatedCenter c;
  const std::string chenjie = c.globalIdOf("chenjie");
  const std::string lina = c.globalIdOf("lina");
  const std::string jsmith = c.globalIdOf("jsmith");
  auto r = applyPlan(c, planOf({
                            assignItem(chenjie, "chenjie", {"AN-0005"}, {"cad-seat"}),  // 60023
                            assignItem(lina, "lina", {"AN-0001"}, {"cad-seat"}),        // 60028
                            assignItem(jsmith, "jsmith", {"AN-0016"}, {"viewer"}),
                        }));
  INFO(failureText(r));
  CHECK_FALSE(r.stoppedEarly);
  CHECK(r.counts.assigned == 1);
  CHECK(r.counts.failed == 2);
  CHECK(c.holderOf("AN-0016") == jsmith);
  REQUIRE(r.failures.size() == 2);
  const std::string text = failureText(r);
  CHECK_THAT(text, Catch::Contains("60023") && Catch::Contains("matches several employees"));
  CHECK_THAT(text, Catch::Contains("60028") && Catch::Contains("already assigned"));
  const auto items = c.store->load().items;
  CHECK(items.at("assign:" + chenjie).status == state::ItemStatus::Refused);
  CHECK(items.at("assign:" + lina).status == state::ItemStatus::Refused);
  CHECK(items.at("assign:" + lina).code == "60028");
  CHECK(c.store->load().ownedAssets.count("AN-0001") == 0);
}

TEST_CASE("apply: a person added in the run gets assets, a lock and an enrolment in order",
          "[apply][assets]") {
  EmulatedCenter c;
  Item add;
  add.kind = ItemKind::Add;
  add.key = "add:E9";
  add.employeeId = "E9";
  add.account = "newbie";
  add.name = "New Bie";
  Item assign = assignItem("", "newbie", {"AN-0004"}, {"cad-seat"});
  assign.key = "assign:E9";
  assign.employeeId = "E9";
  Item lend = lendItem("", "newbie", "LK-0001", {"AID-0004"});
  lend.key = "lend:E9:LK-0001";
  lend.employeeId = "E9";
  Item enrol = enrolItem("E9", "newbie", "", "welcome", "welcome-2026");
  // Given in the wrong order: the applier's order is adds, assignments, lendings, enrolments.
  auto r = applyPlan(c, planOf({enrol, lend, assign, add}));
  INFO(failureText(r));
  CHECK(r.failures.empty());
  CHECK(r.counts.added == 1);
  CHECK(r.counts.assigned == 1);
  CHECK(r.counts.lent == 1);
  CHECK(r.counts.enrolled == 1);
  const std::string gid = c.globalIdOf("newbie");
  CHECK(c.holderOf("AN-0004") == gid);
  CHECK_THAT(c.state(), Catch::Contains("\"assetNum\":\"LK-0001\""));
  auto snap = c.store->load();
  CHECK(snap.ownedAssets.at("AN-0004").globalId == gid);
  REQUIRE(snap.lendings.count(gid) == 1);
  CHECK(snap.lendings.at(gid).lockNumber == "LK-0001");
  CHECK(snap.lendings.at(gid).rule == "offline");
  REQUIRE(snap.enrolments.count("E9|welcome") == 1);
  const auto& e = snap.enrolments.at("E9|welcome");
  CHECK(e.status == state::EnrolmentStatus::Enrolled);
  CHECK(e.activityLabel == "welcome-2026");
  CHECK(e.inputHash == "enrol-hash-E9");
  CHECK_THAT(e.productsJson, Catch::Contains("\"productUri\":\"uri:viewer\"") &&
                                 Catch::Contains("\"activateType\":\"0\"") &&
                                 Catch::Contains("limitEndDate"));
}

TEST_CASE("apply: entitlements of a person whose add did not land are not sent",
          "[apply][assets]") {
  EmulatedCenter c;
  Item add;
  add.kind = ItemKind::Add;
  add.key = "add:E8";
  add.employeeId = "E8";
  add.account = "zhangwei";  // exists: the add is refused
  add.name = "Dup";
  Item assign = assignItem("", "zhangwei", {"AN-0005"}, {"cad-seat"});
  assign.key = "assign:E8";
  assign.employeeId = "E8";
  Item enrol = enrolItem("E8", "zhangwei", "", "welcome", "welcome-2026");
  auto r = applyPlan(c, planOf({add, assign, enrol}));
  CHECK(r.counts.added == 0);
  CHECK(r.failures.size() == 1);  // the add alone
  CHECK(c.calls("A9") == 0);
  CHECK(c.calls("B1") == 0);
  CHECK(c.store->load().enrolments.empty());
}

TEST_CASE("apply: a Lend waits for its member's Assign, A10 refusals say what to do",
          "[apply][locks]") {
  EmulatedCenter c;
  const std::string lina = c.globalIdOf("lina");
  const std::string wangfang = c.globalIdOf("wangfang");
  Item lend = lendItem(lina, "lina", "LK-0001", {"AID-0030"});
  lend.employeeId = "E-lina";
  auto r = applyPlan(c, planOf({assignItem(lina, "lina", {"AN-0030"}, {"cad-seat"}),  // 60025
                                lend,
                                lendItem(wangfang, "wangfang", "LK-0003", {"AID-0013"})}));
  INFO(failureText(r));
  CHECK(c.calls("A10") == 1);  // lina's waited for her failed assignment
  CHECK(r.counts.lent == 0);
  REQUIRE(r.failures.size() == 2);
  const std::string text = failureText(r);
  CHECK_THAT(text, Catch::Contains("60025") && Catch::Contains("another customer"));
  CHECK_THAT(text, Catch::Contains("33018") && Catch::Contains("LK-0003") &&
                       Catch::Contains("correct the lock number"));
  CHECK(c.store->load().lendings.empty());
}

TEST_CASE("apply: enrolment outcomes are recorded: products, 3002 reasons, refusals",
          "[apply][enrol]") {
  EmulatedCenter c;
  auto r = applyPlan(c, planOf({enrolItem("E1", "zhangwei", "", "welcome", "welcome-2026"),
                                enrolItem("E2", "lina", "", "blocked", "welcome-2026",
                                          "blocked-system"),  // 2001
                                enrolItem("E3", "nobody", "", "welcome", "welcome-2026")}));  // 1004
  INFO(failureText(r));
  CHECK(r.counts.enrolled == 1);
  CHECK(r.counts.failed == 2);
  auto snap = c.store->load();
  CHECK(snap.enrolments.at("E1|welcome").status == state::EnrolmentStatus::Enrolled);
  CHECK(snap.enrolments.at("E2|blocked").status == state::EnrolmentStatus::Refused);
  CHECK_THAT(snap.enrolments.at("E2|blocked").message, Catch::Contains("2001"));
  CHECK(snap.enrolments.at("E3|welcome").status == state::EnrolmentStatus::Refused);
  CHECK(snap.items.at("enrol:E2:blocked").status == state::ItemStatus::Refused);

  // The same claim again: 3002, with the units' reasons; recorded, refused, not retried.
  r = applyPlan(c, planOf({enrolItem("E1", "zhangwei", "", "welcome", "welcome-2026")}));
  CHECK(r.counts.failed == 1);
  snap = c.store->load();
  const auto& e = snap.enrolments.at("E1|welcome");
  CHECK(e.status == state::EnrolmentStatus::NotQualified);
  CHECK_THAT(e.message, Catch::Contains("U-WELCOME-VIEWER") && Catch::Contains("14005"));
  CHECK(snap.items.at("enrol:E1:welcome").status == state::ItemStatus::Refused);
  CHECK(snap.items.at("enrol:E1:welcome").code == "3002");
}

TEST_CASE("apply: an activity that does not exist (3001) is reported once per rule and run",
          "[apply][enrol]") {
  EmulatedCenter c;
  const auto run = c.store->beginRun({});
  auto r = applyPlan(c,
                     planOf({enrolItem("E1", "zhangwei", "", "ghost", "no-such-activity"),
                             enrolItem("E2", "lina", "", "ghost", "no-such-activity"),
                             enrolItem("E3", "wangfang", "", "ghost", "no-such-activity"),
                             enrolItem("E4", "jsmith", "", "welcome", "welcome-2026")}),
                     run);
  INFO(failureText(r));
  CHECK_FALSE(r.stoppedEarly);
  CHECK(c.calls("B1") == 2);  // one probe for "ghost", one for "welcome"
  CHECK(r.counts.enrolled == 1);
  CHECK(r.counts.failed == 1);
  REQUIRE(r.failures.size() == 1);
  CHECK(r.failures[0].key == "activity-rule:ghost");
  CHECK_THAT(r.failures[0].message, Catch::Contains("no-such-activity") &&
                                        Catch::Contains("does not exist"));
  const auto problems = c.store->problemsOfRun(run);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].key == "problem:activity:ghost");
  // Whom it probed is retried later; the others were not sent and have no record.
  const auto snap = c.store->load();
  int recorded = 0;
  for (const auto& [key, e] : snap.enrolments) {
    if (e.rule == "ghost") {
      ++recorded;
      CHECK(e.status == state::EnrolmentStatus::RetryLater);
    }
  }
  CHECK(recorded == 1);
}

TEST_CASE("apply: a 1002 enrolment is in doubt, sent once and never again on its own",
          "[apply][enrol]") {
  emulator::ServiceOptions options;
  options.activityFailRate = 1;
  EmulatedCenter c(options);
  auto r = applyPlan(c, planOf({enrolItem("E1", "zhangwei", "", "welcome", "welcome-2026")}));
  CHECK(r.counts.unknown == 1);
  CHECK(c.calls("B1") == 1);
  const auto snap = c.store->load();
  CHECK(snap.enrolments.at("E1|welcome").status == state::EnrolmentStatus::Unknown);
  CHECK(snap.items.at("enrol:E1:welcome").status == state::ItemStatus::Unknown);
}

TEST_CASE("apply: an enrolment whose answer is lost is unknown, unresolved, never re-sent",
          "[apply][enrol]") {
  emulator::ServiceOptions options;
  options.dropAfterCommit = 1;
  EmulatedCenter c(options);
  auto r = applyPlan(c, planOf({enrolItem("E1", "zhangwei", "", "welcome", "welcome-2026")}));
  CHECK(r.counts.unknown == 1);
  CHECK(c.calls("B1") == 1);
  auto snap = c.store->load();
  CHECK(snap.enrolments.at("E1|welcome").status == state::EnrolmentStatus::Unknown);
  CHECK(snap.items.at("enrol:E1:welcome").status == state::ItemStatus::Unknown);

  const auto settled = settle(c);
  CHECK(settled.unresolved == 1);
  CHECK(c.calls("B1") == 1);
  CHECK(c.store->unsettledSteps().empty());
  snap = c.store->load();
  CHECK(snap.enrolments.at("E1|welcome").status == state::EnrolmentStatus::Unknown);
}

TEST_CASE("settle: an enrolment cut off before its answer is marked unknown", "[apply][enrol]") {
  EmulatedCenter c;
  const auto run = c.store->beginRun({});
  const auto step = c.store->journalPlanned(
      run, {"enrol:E5:welcome", "enrol", "lina", "E5", "",
            R"({"rule":"welcome","activityLabel":"welcome-2026","identity":"lina@acme","inputHash":"ih"})"});
  c.store->journalSent(step);  // the process died here
  const auto settled = settle(c);
  CHECK(settled.unresolved == 1);
  const auto snap = c.store->load();
  REQUIRE(snap.enrolments.count("E5|welcome") == 1);
  CHECK(snap.enrolments.at("E5|welcome").status == state::EnrolmentStatus::Unknown);
  CHECK(snap.enrolments.at("E5|welcome").inputHash == "ih");
}

TEST_CASE("settle: an A9 in doubt is settled by reading A6", "[apply][assets]") {
  emulator::ServiceOptions options;
  options.dropAfterCommit = 1;
  EmulatedCenter c(options);
  const std::string lina = c.globalIdOf("lina");
  auto r = applyPlan(c, planOf({assignItem(lina, "lina", {"AN-0006"}, {"cad-seat"})}));
  CHECK(r.counts.unknown == 1);
  CHECK(c.store->load().ownedAssets.empty());
  CHECK(c.holderOf("AN-0006") == lina);  // it did take effect

  // And one that never reached the center: sent, then the process died.
  const auto run = c.store->beginRun({});
  const auto step = c.store->journalPlanned(
      run, {"assign:" + lina + "-2", "assign", "lina", "E-lina", lina,
            R"({"rule":"viewer","add":["AN-0017"],"addRules":["viewer"]})"});
  c.store->journalSent(step);

  const auto settled = settle(c);
  CHECK(settled.done == 1);
  CHECK(settled.notDone == 1);
  const auto snap = c.store->load();
  REQUIRE(snap.ownedAssets.count("AN-0006") == 1);
  CHECK(snap.ownedAssets.at("AN-0006").rule == "cad-seat");
  CHECK(snap.ownedAssets.count("AN-0017") == 0);
  CHECK(snap.items.count("assign:" + lina) == 0);  // planned again from what was read
  CHECK(c.store->unsettledSteps().empty());
}

TEST_CASE("settle: an A9 in doubt is settled by the member list when A6 was not read",
          "[apply][assets]") {
  emulator::ServiceOptions options;
  options.dropAfterCommit = 1;
  EmulatedCenter c(options);
  const std::string jsmith = c.globalIdOf("jsmith");
  applyPlan(c, planOf({assignItem(jsmith, "jsmith", {"AN-0018"}, {"viewer"})}));
  const auto settled = settle(c, false);
  CHECK(settled.done == 1);
  CHECK(c.store->load().ownedAssets.at("AN-0018").globalId == jsmith);
}

TEST_CASE("settle: an A10 in doubt is settled by reading A8", "[apply][locks]") {
  emulator::ServiceOptions options;
  options.dropAfterCommit = 1;
  EmulatedCenter c(options);
  const std::string wangfang = c.globalIdOf("wangfang");
  auto r = applyPlan(c, planOf({lendItem(wangfang, "wangfang", "LK-0005", {"AID-0013"})}));
  CHECK(r.counts.unknown == 1);
  CHECK(c.store->load().lendings.empty());
  const auto settled = settle(c);
  CHECK(settled.done == 1);
  const auto snap = c.store->load();
  REQUIRE(snap.lendings.count(wangfang) == 1);
  CHECK(snap.lendings.at(wangfang).lockNumber == "LK-0005");
}

TEST_CASE("apply: a withdrawal strips membersync's assets and forgets them, a delete forgets "
          "the member's assets and lending",
          "[apply][assets]") {
  EmulatedCenter c;
  const std::string jsmith = c.globalIdOf("jsmith");
  const std::string zhangwei = c.globalIdOf("zhangwei");
  c.store->saveOwnedAsset({"AN-0011", jsmith, "viewer", 0});
  c.store->saveOwnedAsset({"AN-0012", zhangwei, "viewer", 0});
  c.store->saveLending({zhangwei, "LK-0003", "offline", 0});

  Item withdraw;
  withdraw.kind = ItemKind::Withdraw;
  withdraw.key = "withdraw:" + jsmith;
  withdraw.employeeId = "E-jsmith";
  withdraw.account = "jsmith";
  withdraw.globalId = jsmith;
  withdraw.assetsToWithdraw = {"AN-0011"};
  withdraw.destructive = true;
  Item del;
  del.kind = ItemKind::Delete;
  del.key = "delete:" + zhangwei;
  del.employeeId = "E-zhangwei";
  del.account = "zhangwei";
  del.globalId = zhangwei;
  del.destructive = true;
  auto r = applyPlan(c, planOf({withdraw, del}));
  INFO(failureText(r));
  CHECK(r.counts.withdrawn == 1);
  CHECK(r.counts.deleted == 1);
  CHECK(c.holderOf("AN-0011").empty());
  const auto snap = c.store->load();
  CHECK(snap.ownedAssets.empty());
  CHECK(snap.lendings.empty());
  REQUIRE(snap.absences.count("E-jsmith") == 1);
  CHECK(snap.absences.at("E-jsmith").withdrawnAt);
}

TEST_CASE("apply: the plan's state changes end lendings and forget ownership A6 no longer shows",
          "[apply][assets]") {
  EmulatedCenter c;
  c.store->saveOwnedAsset({"AN-0007", "G-gone", "cad-seat", 0});
  c.store->saveOwnedAsset({"AN-0008", "G-kept", "cad-seat", 0});
  c.store->saveLending({"G-gone", "LK-0001", "offline", 0});
  plan::Plan p;
  p.stateChanges.droppedOwnedAssets = {"AN-0007"};
  p.stateChanges.endedLendings = {"G-gone"};
  applyPlan(c, p);
  const auto snap = c.store->load();
  CHECK(snap.ownedAssets.count("AN-0007") == 0);
  CHECK(snap.ownedAssets.count("AN-0008") == 1);
  CHECK(snap.lendings.empty());
}

TEST_CASE("reads: what a policy needs read, and what a step in doubt adds", "[apply][reads]") {
  policy::Policy none;
  auto n = apply::readNeedsOf(none, {});
  CHECK_FALSE(n.assets);
  CHECK_FALSE(n.locks);
  CHECK_FALSE(n.products);

  policy::Policy activities;
  activities.activities.push_back({"welcome", {}, "welcome-2026", "membersync", "", "", "h"});
  n = apply::readNeedsOf(activities, {});
  CHECK_FALSE(n.assets);

  policy::Policy assets;
  assets.assets.push_back({"cad-seat", {}, {"AN-0001"}, "", false, "h"});
  n = apply::readNeedsOf(assets, {});
  CHECK(n.assets);
  CHECK_FALSE(n.locks);
  CHECK_FALSE(n.products);
  assets.assets.push_back({"viewer", {}, {}, "uri:viewer", false, "h"});
  CHECK(apply::readNeedsOf(assets, {}).products);

  policy::Policy locks;
  locks.locks.push_back({"offline", {}, "lock", "h"});
  n = apply::readNeedsOf(locks, {});
  CHECK(n.assets);
  CHECK(n.locks);

  state::Step lend;
  lend.info.kind = "lend";
  state::Step assign;
  assign.info.kind = "assign";
  n = apply::readNeedsOf(none, {lend, assign});
  CHECK(n.assets);
  CHECK(n.locks);
}

TEST_CASE("reads: what membersync owns is read without any rule left", "[apply][reads]") {
  policy::Policy none;
  state::Snapshot owns;
  owns.ownedAssets["AN-1"] = {"AN-1", "g1", "cad-seat", 0};
  auto n = apply::readNeedsOf(none, {}, &owns);
  CHECK(n.assets);
  CHECK_FALSE(n.locks);
  state::Snapshot lends;
  lends.lendings["g1"] = {"g1", "LK-1", "offline", 0};
  n = apply::readNeedsOf(none, {}, &lends);
  CHECK(n.assets);
  CHECK(n.locks);
}

namespace {

apply::EntitlementReads listing(const std::vector<std::string>& assets,
                                const std::vector<std::string>& locks = {}) {
  apply::EntitlementReads reads;
  reads.assets.emplace();
  for (const auto& a : assets) reads.assets->push_back({a, "ID-" + a, std::nullopt, false, false});
  reads.locks.emplace();
  for (const auto& l : locks) reads.locks->push_back({"ID-" + l, l, false, std::nullopt});
  return reads;
}

state::Snapshot owning(int assets) {
  state::Snapshot s;
  for (int i = 1; i <= assets; ++i) {
    const std::string a = "AN-" + std::to_string(i);
    s.ownedAssets[a] = {a, "g" + std::to_string(i), "cad-seat", 0};
  }
  return s;
}

}  // namespace

TEST_CASE("reads: an asset list that is empty or lacks most of what membersync owns is refused",
          "[apply][reads][guard]") {
  const state::Snapshot state = owning(10);
  SECTION("empty") {
    const auto why = apply::implausibleEntitlements(state, listing({}));
    REQUIRE(why);
    CHECK(why->keys == std::vector<std::string>{apply::kAssetOwnershipKey});
    CHECK_THAT(why->message, Catch::Contains("A6 lists nothing: 10 of the 10 asset numbers") &&
                                 Catch::Contains("AN-1, AN-10, AN-2, AN-3, AN-4, ...") &&
                                 Catch::Contains("membersync allow RUN"));
  }
  SECTION("six of ten missing") {
    const auto why =
        apply::implausibleEntitlements(state, listing({"AN-1", "AN-2", "AN-3", "AN-4", "X"}));
    REQUIRE(why);
    CHECK_THAT(why->message, Catch::Contains("A6 lists too little: 6 of the 10"));
  }
  SECTION("half missing, or a few: believed (those lose their ownership in the plan)") {
    CHECK_FALSE(apply::implausibleEntitlements(
        state, listing({"AN-1", "AN-2", "AN-3", "AN-4", "AN-5"})));
    CHECK_FALSE(apply::implausibleEntitlements(owning(3), listing({"AN-9"})));  // below the minimum
  }
  SECTION("released by allow: believed once") {
    state::Snapshot released = state;
    released.releasedItems.insert(apply::kAssetOwnershipKey);
    CHECK_FALSE(apply::implausibleEntitlements(released, listing({})));
  }
  SECTION("nothing owned: anything is believed") {
    CHECK_FALSE(apply::implausibleEntitlements(state::Snapshot{}, listing({})));
  }
}

TEST_CASE("reads: a lock list that lists none of the locks membersync lent is refused",
          "[apply][reads][guard]") {
  state::Snapshot state;
  state.lendings["g1"] = {"g1", "LK-1", "offline", 0};
  const auto why = apply::implausibleEntitlements(state, listing({"AN-1"}, {}));
  REQUIRE(why);
  CHECK(why->keys == std::vector<std::string>{apply::kLockOwnershipKey});
  CHECK_THAT(why->message, Catch::Contains("A8 lists nothing: 1 of the 1 lent locks"));
  CHECK_FALSE(apply::implausibleEntitlements(state, listing({"AN-1"}, {"LK-1"})));
}

TEST_CASE("reads: asset and lock lists both implausible are one refusal naming both, held together",
          "[apply][reads][guard]") {
  state::Snapshot state = owning(4);
  state.lendings["g1"] = {"g1", "LK-1", "offline", 0};
  const auto why = apply::implausibleEntitlements(state, listing({}, {}));
  REQUIRE(why);
  // One `allow` on the run releases both: not one read found and held a run.
  CHECK(why->keys == std::vector<std::string>{apply::kAssetOwnershipKey, apply::kLockOwnershipKey});
  CHECK_THAT(why->message, Catch::Contains("A6 lists nothing: 4 of the 4 asset numbers") &&
                               Catch::Contains("A8 lists nothing: 1 of the 1 lent locks") &&
                               Catch::Contains("membersync allow RUN"));
  state.releasedItems.insert(apply::kAssetOwnershipKey);
  const auto locksOnly = apply::implausibleEntitlements(state, listing({}, {}));
  REQUIRE(locksOnly);
  CHECK(locksOnly->keys == std::vector<std::string>{apply::kLockOwnershipKey});
}

TEST_CASE("reads: product trees are read once, cached, and read again when old",
          "[apply][reads]") {
  EmulatedCenter c;
  apply::ReadNeeds needs;
  needs.assets = needs.products = true;
  auto nowMs = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               c.clock.wallNow().time_since_epoch())
        .count();
  };
  auto reads = apply::readEntitlements(*c.client, needs, {}, nowMs(), 24, 4);
  REQUIRE(reads.error.empty());
  REQUIRE(reads.assets);
  CHECK(reads.assets->size() == 30);
  CHECK_FALSE(reads.locks);
  CHECK(reads.productReads == 30);
  CHECK(c.calls("A7") == 30);
  REQUIRE(reads.productsByAssetId);
  // Nested merchandise included: AN-0001's tree has the CAD suite's viewer and render add-on.
  CHECK(reads.productsByAssetId->at("AID-0001") ==
        std::vector<std::string>{"uri:cad-pro", "uri:viewer", "uri:render"});
  CHECK(reads.productsByAssetId->at("AID-0021") == std::vector<std::string>{"uri:render"});
  CHECK(reads.productsByAssetId->at("AID-0029").empty());
  c.store->saveProductCaches(reads.refreshed);

  const auto cache = c.store->load().productCache;
  CHECK(cache.size() == 30);
  c.clock.advance(std::chrono::hours(23));
  reads = apply::readEntitlements(*c.client, needs, cache, nowMs(), 24, 4);
  CHECK(reads.productReads == 0);
  CHECK(c.calls("A7") == 30);
  CHECK(reads.productsByAssetId->at("AID-0001").size() == 3);

  c.clock.advance(std::chrono::hours(2));  // 25 hours old now
  reads = apply::readEntitlements(*c.client, needs, cache, nowMs(), 24, 4);
  CHECK(reads.productReads == 30);
  reads = apply::readEntitlements(*c.client, needs, cache, nowMs(), 0, 4);  // 0: always
  CHECK(reads.productReads == 30);
}

TEST_CASE("reads: an asset list that cannot be read is an error, not an empty list",
          "[apply][reads]") {
  emulator::ServiceOptions options;
  options.failRate = 1;  // every A call answers 500
  EmulatedCenter c(options);
  apply::ReadNeeds needs;
  needs.assets = true;
  auto reads = apply::readEntitlements(*c.client, needs, {}, 0, 24, 4);
  CHECK_THAT(reads.error, Catch::Contains("asset numbers"));
}

TEST_CASE("apply: an enrolment in doubt released by allow RUN is sent once more, and the release "
          "is spent whatever the answer",
          "[apply][enrol]") {
  emulator::ServiceOptions options;
  options.activityFailRate = 1;  // 1002: in doubt every time
  EmulatedCenter c(options);
  const auto item = enrolItem("E1", "zhangwei", "", "welcome", "welcome-2026");
  const auto first = c.store->beginRun({});
  applyPlan(c, planOf({item}), first);
  CHECK(c.store->releaseEnrolmentsInDoubt(first) == std::vector<std::string>{"enrol:E1:welcome"});
  CHECK(c.store->load().releasedItems.count("enrol:E1:welcome") == 1);
  applyPlan(c, planOf({item}));
  CHECK(c.calls("B1") == 2);
  CHECK(c.store->load().releasedItems.empty());  // one more attempt, not one per run
}

TEST_CASE("step detail: an edit keeps each field before and after, and reads back",
          "[apply][journal]") {
  apply::StepDetail d;
  d.reason = "HR changed";
  d.changes = {{"name", "Kim", "Kim Lee"}, {"remark", "old", ""}};
  const std::string json = apply::encodeDetail(d);
  const auto back = apply::decodeDetail(json);
  REQUIRE(back);
  REQUIRE(back->changes.size() == 2);
  CHECK(back->changes[0].field == "name");
  CHECK(back->changes[0].before == "Kim");
  CHECK(back->changes[0].after == "Kim Lee");
  CHECK(back->changes[1].after.empty());
  CHECK(apply::describeDetail(*back) == R"(name "Kim" -> "Kim Lee"; remark "old" -> "")");
  apply::StepDetail assets;
  assets.add = {"AN-1"};
  assets.withdraw = {"AN-2"};
  CHECK(apply::describeDetail(assets) == "assets +AN-1 -AN-2");
  CHECK_FALSE(apply::decodeDetail("plain reason"));
}

namespace {

// An edit of five of the demo's members each, more than the 4 workers send at once.
std::vector<Item> fiveRenames(EmulatedCenter& c) {
  std::vector<Item> items;
  for (const std::string account : {"zhangwei", "lina", "wangfang", "jsmith", "chenjie"}) {
    Item i;
    i.kind = ItemKind::Edit;
    i.key = "edit:E-" + account;
    i.employeeId = "E-" + account;
    i.account = account;
    i.globalId = c.globalIdOf(account);
    i.name = "Renamed " + account;
    items.push_back(i);
  }
  return items;
}

}  // namespace

TEST_CASE("apply: one-call writes are journaled a group at a time, every step sent before the "
          "group's first call",
          "[apply][groups]") {
  EmulatedCenter c;
  const std::vector<Item> items = fiveRenames(c);
  const auto run = c.store->beginRun({});
  std::atomic<int> sentBeforeFirstCall{-1};
  c.transport->beforeSend = [&](const center::HttpRequest& request) {
    if (request.method != "PUT" || sentBeforeFirstCall.load() >= 0) return;
    int sent = 0;
    for (const auto& step : c.store->stepsOfRun(run)) sent += step.state == state::StepState::Sent;
    int unset = -1;
    sentBeforeFirstCall.compare_exchange_strong(unset, sent);
  };
  const auto result = applyPlan(c, planOf(items), run);
  INFO(failureText(result));
  CHECK(result.counts.edited == 5);
  // With more items than workers (4): one at a time, at most 4 would be journaled by then.
  CHECK(sentBeforeFirstCall.load() == 5);
  for (const auto& step : c.store->stepsOfRun(run)) CHECK(step.state == state::StepState::Succeeded);
}

TEST_CASE("apply: a stop in the middle of a group journals the calls not yet made as not sent, "
          "none left in doubt",
          "[apply][groups]") {
  EmulatedCenter c;
  const std::vector<Item> items = fiveRenames(c);
  const auto run = c.store->beginRun({});
  std::atomic<bool> stop{false};
  std::atomic<int> puts{0};
  // The stop comes with the group's first call: calls already under way on the 4 workers go on,
  // the fifth cannot start before one of them ends, and by then the run is stopping.
  c.transport->beforeSend = [&](const center::HttpRequest& request) {
    if (request.method != "PUT") return;
    ++puts;
    stop = true;
  };
  const auto result = applyPlan(c, planOf(items), run, &stop);
  INFO(failureText(result));
  int succeeded = 0, notSent = 0;
  for (const auto& step : c.store->stepsOfRun(run)) {
    CHECK((step.state == state::StepState::Succeeded || step.state == state::StepState::Failed));
    if (step.state == state::StepState::Succeeded) ++succeeded;
    if (step.state == state::StepState::Failed) {
      ++notSent;
      CHECK(step.code == apply::kCancelled);
      CHECK(step.failure == state::ItemStatus::RetryLater);
    }
  }
  CHECK(succeeded + notSent == 5);
  CHECK(notSent >= 1);
  CHECK(succeeded == puts.load());  // every call made is recorded as made, none twice
  CHECK(result.counts.edited == succeeded);
}
