// The state's machine words as the console's pages and `status` show them
// (jobs/report/machine_words.h): in Chinese with the real catalogue (po/zh_CN.po, compiled beside the membersync binary), as they were in
// English.

#include <catch2/catch.hpp>

#include <cctype>
#include <string>

#include "jobs/report/attention.h"
#include "jobs/report/machine_words.h"
#include "jobs/state/types.h"

using namespace membersync;

namespace {

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_TEST_LOCALE_DIR});
}

bool hasLatinLetter(const std::string& text) {
  for (const unsigned char c : text)
    if (std::isalpha(c)) return true;
  return false;
}

}  // namespace

TEST_CASE("machine words: every kind of what needs a person and every run kind is Chinese",
          "[console][i18n]") {
  const i18n::Translator zh = chinese();
  for (const auto kind : report::kAttentionKinds) {
    INFO(report::toString(kind));
    CHECK_FALSE(hasLatinLetter(report::machineWord(zh, report::toString(kind))));
  }
  for (const auto kind :
       {state::RunKind::Sync, state::RunKind::Plan, state::RunKind::Apply, state::RunKind::Daemon,
        state::RunKind::ResetPassword, state::RunKind::Revert}) {
    INFO(state::toString(kind));
    CHECK_FALSE(hasLatinLetter(report::machineWord(zh, state::toString(kind))));
  }
  for (const char* step :
       {"add", "edit", "withdraw", "delete", "assign", "lend", "enrol", "reset-password"}) {
    INFO(step);
    CHECK_FALSE(hasLatinLetter(report::machineWord(zh, step)));
  }
}

TEST_CASE(
    "machine words: an action names its pool or activity as it is, the words around it "
    "translated",
    "[console][i18n]") {
  const i18n::Translator zh = chinese();
  CHECK(report::attentionWhat(zh, "held", "edit") == "待确认：修改");
  CHECK(report::attentionWhat(zh, "invalid-row", "row skipped") == "无效行：已跳过该行");
  CHECK(report::attentionWhat(zh, "pool-dry", "pool cad-seat") == "资产池已用完：资产池 cad-seat");
  CHECK(report::attentionWhat(zh, "enrolment-in-doubt", "enrol spring-2026") ==
        "报名结果未知：报名活动 spring-2026");
  CHECK(report::attentionWhat(zh, "in-doubt", "reset-password") == "结果未知：重置密码");
  CHECK(report::attentionWhat(zh, "password-waiting", "password") == "密码待发放：密码");
  CHECK(report::machineWord(zh, "something-new") == "something-new");  // unknown: as it is
  CHECK(report::itemKeyWords(zh, "edit:E1@0a1b") == "修改：E1@0a1b");
  CHECK(report::itemKeyWords(zh, "enrol:E1:spring@0a1b") == "报名：E1:spring@0a1b");
}

TEST_CASE("machine words: English shows the machine words as before", "[console][i18n]") {
  const i18n::Translator en;
  CHECK(report::attentionWhat(en, "held", "edit") == "held edit");
  CHECK(report::attentionWhat(en, "pool-dry", "pool cad-seat") == "pool-dry pool cad-seat");
  CHECK(report::attentionWhat(en, "enrolment-in-doubt", "enrol spring") ==
        "enrolment-in-doubt enrol spring");
  CHECK(report::machineWord(en, "reset-password") == "reset-password");
  CHECK(report::itemKeyWords(en, "edit:E1@0a1b") == "edit:E1@0a1b");
  CHECK(report::itemKeyWords(en, "no-colon") == "no-colon");
}
