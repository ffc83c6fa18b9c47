// `explain` in Chinese, with the real catalogue (po/zh_CN.po, compiled beside the membersync
// binary): every section's sentences in Chinese, names and values as they are; a message the
// state kept untranslated (encodeMessage) shown in Chinese, an old English one as written.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <sstream>

#include "jobs/i18n/message.h"
#include "jobs/report/explanation.h"

using namespace membersync;
using Catch::Matchers::Contains;
using report::Explanation;

namespace {

constexpr state::Millis kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_TEST_LOCALE_DIR});
}

std::string text(const Explanation& e) {
  setenv("TZ", "UTC", 1);
  tzset();
  std::ostringstream os;
  report::writeExplanationText(os, chinese(), e);
  return os.str();
}

// A person in HR and on the center, with a rule of each type, assets, a lock and an enrolment.
Explanation person() {
  Explanation e;
  e.account = "zhangwei";
  e.accountSuffix = "@acme";
  e.hr.found = report::RowFound::Row;
  e.hr.source = "/srv/hr/people.csv";
  e.hr.place = i18n::encodeMessage(
      i18n::msg("{source} line {line}").with("source", "/srv/hr/people.csv").with("line", 2));
  e.hr.person.employeeId = "E1";
  e.hr.person.name = "张伟";
  e.hr.person.department = "ENG";
  e.hr.person.status = "active";
  e.hr.person.active = true;
  e.hr.person.multiAttributes = {{"memberOf", {"cn=a", "cn=b"}}};
  e.hr.departmentId = "1001";
  e.member = report::ExplainedMember{"zhangwei@acme", "g1", "张伟", std::nullopt, "", ""};
  state::Link link{"E1", "zhangwei", "g1", true, kAt};
  state::Absence absence{"E1", 2, "h", kAt, std::nullopt};
  e.remembered.push_back({link, absence, {}});
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
  e.rules = {seat, offline};
  plan::HeldAsset byHand{"AN-9", "a9", true, "", 0, "", "", ""};
  e.assets = std::vector<report::ExplainedAsset>{{byHand, std::nullopt}};
  e.locks = std::vector<report::ExplainedLock>{{"LK-7", true, false, "", 0}};
  state::Enrolment refused;
  refused.rule = "welcome";
  refused.activityLabel = "welcome-2026";
  refused.status = state::EnrolmentStatus::NotQualified;
  refused.message = "unit U1: 3002 not qualified";  // an older state's English, as written
  refused.at = kAt;
  e.enrolments.push_back({refused, {}});
  e.nothingPlanned = report::NothingPlanned::InStep;
  return e;
}

}  // namespace

TEST_CASE("explain text in Chinese: every section's sentences are Chinese, values as they are",
          "[report][i18n]") {
  const std::string t = text(person());
  CHECK_THAT(t, Contains("人事导出文件中的行（/srv/hr/people.csv 第 2 行）\n"
                         "  工号 E1，姓名“张伟”，状态“active”（在职）\n"
                         "  部门“ENG” -> 部门编号 1001（策略的 departments）\n"
                         "  备注 （不管理），手机号 （不管理）\n"
                         "  memberOf = “cn=a”，“cn=b”（2 个值）\n"
                         "受策略保护：否\n"
                         "成员 zhangwei@acme（globalId g1）\n"));
  CHECK_THAT(t, Contains("部门编号 （无）"));
  CHECK_THAT(t, Contains("已记录：工号 E1 -> zhangwei -> g1（membersync 于 2026-01-01 00:00:00 "
                         "+0000 新增）\n  自 2026-01-01 00:00:00 +0000 起，已有 2 份人事导出文件中"
                         "没有此人\n"));
  CHECK_THAT(t, Contains("最近的变更（最新的在前，最多 10 条）\n  第 5 次运行  2026-01-01 "
                         "00:00:00 +0000  edit  成功：name \"Old\" -> \"张伟\"\n"));
  CHECK_THAT(t, Contains("  资产规则 cad-seat（5 个资产的资产池，独占）：符合（department "
                         "“ENG” 符合 ENG | DESIGN）\n"));
  CHECK_THAT(t, Contains("  加密锁规则 offline（加密锁编号取自“lock”）：不符合（所有人）；"
                         "加密锁“LK-1”\n"));
  CHECK_THAT(t, Contains("  AN-9（a9）：不是 membersync 分配的，因此 membersync 从不收回；"
                         "已借用到加密锁\n"));
  CHECK_THAT(t, Contains("\n加密锁\n  LK-7 已借用给该成员（不是 membersync 借用的）\n"));
  CHECK_THAT(t, Contains("  规则 welcome（“welcome-2026”）：2026-01-01 00:00:00 +0000 不符合条件；"
                         "不符合条件：unit U1: 3002 not qualified\n"));
  CHECK_THAT(t, Contains("\n计划：无；成员与人事导出文件中的行一致\n"));
  for (const char* english : {"HR row", "member ", "remembered", "recent changes", "rule ",
                              "matches", "assets held", "lent", "planned", "protected"})
    CHECK_THAT(t, !Contains(english));
}

TEST_CASE("explain text in Chinese: a row skipped and an enrolment message stored untranslated",
          "[report][i18n]") {
  Explanation e = person();
  e.hr.found = report::RowFound::Skipped;
  e.hr.skipReason = "people.csv line 7: name is 31 characters; at most 30";
  e.enrolments[0].enrolment.status = state::EnrolmentStatus::Refused;
  e.enrolments[0].enrolment.message =
      i18n::encodeMessage(i18n::msg("planned: nothing; nothing links them"));
  const std::string t = text(e);
  CHECK_THAT(t, Contains("人事导出文件中的行被跳过：people.csv line 7: name is 31 characters; at "
                         "most 30\n  （被跳过的行既不新增、不修改，也不当作离职处理）\n"));
  CHECK_THAT(t, Contains("：2026-01-01 00:00:00 +0000 被拒绝：计划：无；没有任何关联\n"));
}
