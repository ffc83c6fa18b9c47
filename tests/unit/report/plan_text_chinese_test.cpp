#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <set>

#include "jobs/i18n/message.h"
#include "jobs/plan/plan.h"
#include "jobs/report/plan_text.h"
#include "tests/unit/report/plan_fixture.h"

// The plan text under the real catalogue (po/zh_CN.po, compiled to MEMBERSYNC_LOCALE_DIR): every
// word in Chinese, the reasons too; values (accounts, ids, asset numbers) as they are.
using namespace membersync;
using i18n::msg;
using i18n::msgn;

namespace {

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_LOCALE_DIR});
}

i18n::Message guardReason() {
  const i18n::Message formula =
      msg("max({floorKey} {floor}, min({countKey} {countValue}, {percentKey} {percent} of "
          "{managed} managed members = {byPercent}))")
          .with("floorKey", "delete_floor")
          .with("floor", 10)
          .with("countKey", "max_deletes")
          .with("countValue", 200)
          .with("percentKey", "max_delete_percent")
          .with("percent", "5%")
          .with("managed", 100)
          .with("byPercent", 5);
  return msg("{planned} destructive items exceed the limit of {allowed} ({formula}); raise [sync] "
             "{key}, or review them and release them with `membersync allow {run}`")
      .with("planned", 11)
      .with("allowed", 10)
      .with("formula", formula)
      .with("key", "delete_floor")
      .with(plan::kRunArgument, plan::kRunPlaceholder);
}

// The fixture's plan, its reasons as the planner makes them.
plan::Plan chinesePlan() {
  plan::Plan p = report::testing::samplePlan();
  for (plan::Item& i : p.items) {
    switch (i.kind) {
      case plan::ItemKind::Adopt:
        i.reason =
            msg("an existing member with this account is linked to the HR row, not re-added");
        break;
      case plan::ItemKind::Withdraw:
        i.reason = msgn("{absent} in {count} export", "{absent} in {count} exports", 2)
                       .with("absent", msg("missing from the export"));
        break;
      case plan::ItemKind::Held:
        i.reason = msg("held by the safety guard: {reason}").with("reason", guardReason());
        break;
      case plan::ItemKind::Rename:
        i.reason = msg("employee {employee}'s account changed in HR from {old} to {new}; the "
                       "center cannot rename accounts; restore the account {old} in HR, or "
                       "delete the member {old} by hand so that {new} is added on the next run "
                       "(its assets are not carried over)")
                       .with("employee", "E5")
                       .with("old", "olga")
                       .with("new", "newname");
        break;
      case plan::ItemKind::Orphan:
        i.reason =
            msg("no HR row matches this member and membersync neither created nor adopted "
                "it; left alone ([sync] orphans = report)");
        break;
      case plan::ItemKind::Problem:
        i.reason = msgn(
                       "department \"{department}\" has no departmentId in the policy's "
                       "departments; {count} person is added without one (add \"{department}\" "
                       "to the policy's departments)",
                       "department \"{department}\" has no departmentId in the policy's "
                       "departments; {count} people are added without one (add \"{department}\" "
                       "to the policy's departments)",
                       1)
                       .with("department", "QA");
        break;
      default:
        break;
    }
  }
  p.guard.reason = guardReason();
  p.editGuard.reason =
      msg("{planned} edits exceed the limit of {allowed} ({formula}); raise [sync] {key}, or "
          "review them and release them with `membersync allow {run}`")
          .with("planned", 300)
          .with("allowed", 30)
          .with("formula", "30")
          .with("key", "max_edits")
          .with(plan::kRunArgument, plan::kRunPlaceholder);
  p.nameRun(7);
  return p;
}

// English words of the plan's prose (the values of the fixture use none of them; keys such as
// `[sync] orphans` stay as written).
const std::set<std::string> kProse = {
    "add",      "adopt",     "edit",    "assets",    "assign",  "withdraw",   "lend",
    "lock",     "rule",      "enrol",   "identity",  "held",    "delete",     "rename",
    "orphan",   "problem",   "line",    "Safety",    "guard",   "Edit",       "State",
    "remember", "Plan",      "to",      "change",    "lending", "enrolment",  "problems",
    "link",     "record",    "absence", "counted",   "cleared", "stale",      "dropped",
    "returned", "forgotten", "asset",   "longer",    "ours",    "hand",       "reverted",
    "field",    "name",      "remark",  "departure", "taken",   "back",       "once",
    "the",      "exceed",    "limit",   "of",        "raise",   "review",     "them",
    "release",  "with",      "missing", "from",      "export",  "exports",    "existing",
    "member",   "account",   "linked",  "matches",   "this",    "department", "destructive",
    "items",    "edits",     "in",      "managed",   "members", "employee",   "changed",
    "restore",  "policy",    "left",    "alone",     "none",    "mapped"};

}  // namespace

TEST_CASE(
    "plan text: under the Chinese catalogue every line of a plan is Chinese, values as "
    "they are",
    "[report][i18n]") {
  const std::string text = report::planText(chinesePlan(), chinese());
  INFO(text);
  CHECK_THAT(text, Catch::Contains("  + 新增 zhangwei (E1)\n"
                                   "      姓名：        \"张伟\"\n"
                                   "      部门编号：    \"1001\"  （部门 \"ENG\"）\n"));
  CHECK_THAT(text,
             Catch::Contains("  = 认领 kim (E2, g2)：已有此账号的成员，关联到人事行，不再新增\n"));
  CHECK_THAT(text, Catch::Contains("  - 收回 max (E3, g3)：不在人事导出文件中，共 2 次导出\n"
                                   "      资产：        AN-1, AN-2\n"));
  CHECK_THAT(text,
             Catch::Contains("  ! 待确认 删除 ned (E4, g4)：安全阈值待确认：11 项删除或收回操作超过"
                             "安全阈值 10（max(delete_floor 10, min(max_deletes 200, "
                             "max_delete_percent 5% × 100 个受管成员 = 5))）；请调高 [sync] "
                             "delete_floor，或检查后用 `membersync allow 7` 批准\n"));
  CHECK_THAT(text,
             Catch::Contains("  # 问题 第 40 行（bad）：部门“QA”在策略的 departments 中没有"));
  CHECK_THAT(text, Catch::Contains("修改安全阈值：300 项修改待确认：300 项修改超过安全阈值 30"));
  CHECK_THAT(text, Catch::Contains("要记录的状态：记录 1 个关联，计入 2 次缺席，"));
  CHECK_THAT(text, Catch::Contains(
                       "计划：新增 1，认领 1，修改 1，资产变更 1，借用 1，报名 1，收回 1，删除 "
                       "0；待确认 1 项，无主成员 1，改名 1，问题 1。\n"));
  std::string values = std::regex_replace(text, std::regex("\"[^\"\n]*\""), "\"\"");
  const std::regex word("[A-Za-z_]+");  // keys (delete_floor) whole
  for (auto w = std::sregex_iterator(values.begin(), values.end(), word);
       w != std::sregex_iterator(); ++w) {
    INFO("English word left: " << w->str());
    CHECK(kProse.count(w->str()) == 0);
  }
}

TEST_CASE("plan text: the summary of an empty plan and a long plan's rest in Chinese",
          "[report][i18n]") {
  CHECK(report::planText(plan::Plan{}, chinese()) ==
        "没有变更：会员中心与人事导出文件一致。\n\n"
        "计划：新增 0，修改 0，收回 0，删除 0；待确认 0 项，无主成员 0，问题 0。\n");
}

TEST_CASE("plan: a held reason stored in the state as a message reads back in Chinese",
          "[report][i18n]") {
  const plan::Plan p = chinesePlan();
  const auto held = std::find_if(p.items.begin(), p.items.end(), [](const plan::Item& i) {
    return i.kind == plan::ItemKind::Held;
  });
  REQUIRE(held != p.items.end());
  // What the sync stores for a guard's hold (recordHeld) and `status` reads back.
  const i18n::Message back = i18n::decodeMessage(i18n::encodeMessage(held->reason));
  CHECK(
      i18n::render(chinese(), back) ==
      "安全阈值待确认：11 项删除或收回操作超过安全阈值 10（max(delete_floor 10, min(max_deletes "
      "200, max_delete_percent 5% × 100 个受管成员 = 5))）；请调高 [sync] delete_floor，或检查后用 "
      "`membersync allow 7` 批准");
  CHECK(i18n::english(back) == i18n::english(held->reason));
}
