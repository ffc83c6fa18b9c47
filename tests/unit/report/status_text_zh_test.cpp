// `status` in Chinese, with the real catalogue (po/zh_CN.po, compiled beside the membersync
// binary): headings, what needs a person and the runs table in Chinese and still aligned; a
// message stored untranslated (encodeMessage) shown in Chinese, an old English one as written.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <ctime>
#include <sstream>

#include "jobs/core/display_width.h"
#include "jobs/report/attention_text.h"
#include "jobs/report/status_text.h"

using namespace membersync;
using report::AttentionInputs;
using report::StatusInputs;

namespace {

constexpr state::Millis kDay = 24LL * 3600 * 1000;
constexpr state::Millis kNow = 1767225600000;  // 2026-01-01 00:00:00 UTC

i18n::Translator chinese() {
  return i18n::Translator(i18n::Language::ZhCN, {MEMBERSYNC_TEST_LOCALE_DIR});
}

std::string text(const i18n::Translator& tr, const StatusInputs& in) {
  setenv("TZ", "UTC", 1);
  tzset();
  std::ostringstream os;
  report::writeStatusText(os, tr, in);
  return os.str();
}

state::RunSummary run(state::RunId id, const std::string& outcome, std::string message) {
  state::RunSummary r;
  r.id = id;
  r.kind = state::RunKind::Sync;
  r.startedAt = kNow;
  r.finishedAt = kNow + 1000;
  r.outcome = outcome;
  r.message = std::move(message);
  return r;
}

// A held withdrawal whose reason is an old English row, a password waiting four days and an
// edit sent and never answered: what needs a person, as attention() makes it.
StatusInputs held() {
  AttentionInputs a;
  a.now = kNow;
  a.run = 12;
  a.held = {
      {12, "withdraw:0a35292e@1f2e", "12 destructive items exceed the limit of 10", kNow, {}, {}}};
  a.people = {{"withdraw:0a35292e", "wangwei", "WangWei", "王伟", "E0001", "hr.csv:2", 12}};
  state::PasswordToHandOut waiting;
  waiting.account = "frank";
  waiting.confirmedAt = kNow - 4 * kDay;
  waiting.runId = 11;
  a.passwordsToHandOut = {waiting};
  state::Step edit;
  edit.id = 41;
  edit.runId = 12;
  edit.info = {"edit:E7", "edit", "carol", "E7", "", ""};
  a.unsettledSteps = {edit};
  StatusInputs in;
  in.database = "state.db";
  in.attention = report::attention(a);
  in.passwordsToHandOut = a.passwordsToHandOut;
  return in;
}

// The display column where `cell` starts on `line`.
std::size_t columnOf(const std::string& line, const std::string& cell) {
  const auto at = line.find(cell);
  REQUIRE(at != std::string::npos);
  return displayWidth(line.substr(0, at));
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE(
    "status text in Chinese: headings, what needs a person and the runs table in the catalogue's "
    "words, columns aligned by display width",
    "[report][i18n]") {
  const auto tr = chinese();
  StatusInputs in = held();
  in.runs = {run(12, "held", ""), run(11, "done", "")};
  in.runs[0].counts.held = 1;
  in.runs[1].counts.added = 3;
  const std::string out = text(tr, in);
  INFO(out);
  CHECK(out.rfind("需要人工处理：1 项待确认，1 项结果未知，1 个密码待发放\n", 0) == 0);
  CHECK_THAT(out, Catch::Contains("\n  被安全阈值拦下，待确认（1）\n"
                                  "    处理方法：membersync allow 12\n"));
  CHECK_THAT(out, Catch::Contains("第 12 次运行已发送，但没有收到答复"));
  // A run's kind, and what each item is about: the kind's word, not the machine's.
  CHECK_THAT(out, Catch::Contains("  同步  ") && !Catch::Contains("  sync  "));
  CHECK_THAT(out, Catch::Contains("\n    收回  WangWei  王伟 (E0001)") &&
                      Catch::Contains("\n    修改  carol  E7"));
  CHECK_THAT(out, Catch::Contains("4 天前已设置，尚未发放"));
  CHECK_THAT(out, Catch::Contains("\n运行记录（最新在前，state.db）\n"));
  CHECK_THAT(out, Catch::Contains("待发放的密码（1 个；`membersync passwords` 列出它们）"));
  // English sentences of ours stay out (names, accounts and commands are not ours to translate).
  for (const char* english : {"Needs a person", "held by a safety guard", "to do:", "runs (",
                              "what happened", "added", "never answered", "passwords to hand"})
    CHECK_THAT(out, !Catch::Contains(english));

  // The runs table: each column starts at one display column on every line.
  const auto lines = linesOf(out);
  std::size_t header = 0;
  while (header < lines.size() && lines[header].find("开始时间") == std::string::npos) ++header;
  REQUIRE(header + 2 < lines.size());
  CHECK(columnOf(lines[header + 1], "待确认") == columnOf(lines[header], "结果"));
  CHECK(columnOf(lines[header + 2], "完成") == columnOf(lines[header], "结果"));
  CHECK(columnOf(lines[header + 1], "待确认 1 项") == columnOf(lines[header], "经过"));
  CHECK(columnOf(lines[header + 2], "新增 3 个") == columnOf(lines[header], "经过"));
}

TEST_CASE(
    "status text in Chinese: a run's message stored untranslated is shown in Chinese, an old "
    "English one and a held reason stored in English as written",
    "[report][i18n]") {
  const auto tr = chinese();
  StatusInputs in = held();
  const i18n::Message said =
      i18n::msg("needs a person: {counts}").with("counts", in.attention.countsMessage());
  in.runs = {run(12, "held", i18n::encodeMessage(said)), run(9, "done", "password of lisi reset")};
  const std::string out = text(tr, in);
  INFO(out);
  CHECK_THAT(out,
             Catch::Contains("无变更；需要人工处理：1 项待确认，1 项结果未知，1 个密码待发放"));
  CHECK_THAT(out, Catch::Contains("无变更；password of lisi reset\n"));
  CHECK_THAT(out, Catch::Contains("12 destructive items exceed the limit of 10"));
  // In English the stored message reads as the run wrote it before messages were stored so.
  const std::string english = text(i18n::Translator(), in);
  CHECK_THAT(english, Catch::Contains("no changes; needs a person: 1 held by a guard, 1 in doubt, "
                                      "1 password waiting\n"));
  CHECK_THAT(english, Catch::Contains("no changes; password of lisi reset\n"));
}
