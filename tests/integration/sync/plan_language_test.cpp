// The real membersync binary shows its plan in the language the environment asks for (issue 31):
// under LC_ALL=C.UTF-8 LANGUAGE=zh_CN every kind word, label, reason and the summary are Chinese,
// the accounts and values as they are, and the exit codes are the same as in English.

#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const auto& kChinese = kChineseByLanguage;

CommandResult planInChinese(SyncFixture& f) {
  CommandResult r = runCommand(membersyncExecutable(), f.commandLine({"plan"}), kChinese);
  f.keep(r);
  return r;
}

}  // namespace

TEST_CASE(
    "plan: under LANGUAGE=zh_CN the plan (adds, an edit, a departure, a guard's holds) is "
    "shown in Chinese, with the same exit codes",
    "[sync][i18n]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.minExportRatio = 0;  // the guard below is the delete guard's count, not a short export
  SyncFixture f(emulator, o);
  auto people = staff(30);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  auto changed = people;
  changed[0].name = "王芳";            // staff0001: an edit
  changed.erase(changed.begin() + 1);  // staff0002: gone, deleted (grace_runs 1)
  changed.push_back(staffMember(31));  // two adds
  changed.push_back(staffMember(32));
  f.writeHr(changed);
  const auto plan = planInChinese(f);
  INFO(tail(plan.out, 4000) << plan.err);
  CHECK(plan.exitCode == 2);
  CHECK_THAT(plan.out, Contains("  + 新增 staff0031 (E0031)\n      姓名：") &&
                           Contains("  ~ 修改 staff0001 (E0001, ") && Contains("\"王芳\"") &&
                           Contains("  - 删除 staff0002 (E0002, ") &&
                           Contains("不在人事导出文件中，共 1 次导出") &&
                           Contains("计划：新增 2，修改 1，收回 0，删除 1；待确认 0 项，"));
  CHECK_THAT(plan.out, !Contains("to add") && !Contains("missing from the export"));

  // Thirteen people gone: more deletes than the guard lets through, held with what releases them.
  auto fewer = people;
  fewer.erase(fewer.begin() + 1, fewer.begin() + 14);
  f.writeHr(fewer);
  const auto held = planInChinese(f);
  INFO(tail(held.out, 4000) << held.err);
  CHECK(held.exitCode == 4);
  CHECK_THAT(held.out, Contains("  ! 待确认 删除 staff0002 (E0002, ") &&
                           Contains("安全阈值待确认：13 项删除或收回操作超过安全阈值 10") &&
                           Contains("或检查后用 `membersync allow RUN` 批准") &&
                           Contains("\n安全阈值：13 项删除或收回操作待确认："));
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "sync: under LANGUAGE=zh_CN a run a guard held says why on stderr wholly in Chinese, and "
    "exits 4",
    "[sync][i18n]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.minExportRatio = 0;  // the delete guard's count trips, not a short export
  SyncFixture f(emulator, o);
  auto people = staff(30);
  f.writeHr(people);
  const CommandResult first = runCommand(membersyncExecutable(), f.commandLine({"sync"}), kChinese);
  f.keep(first);
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.out, Contains("已执行（第 ") && Contains(" 次运行）：新增 30 个") &&
                            !Contains("Applied (run"));

  people.erase(people.begin() + 1, people.begin() + 14);  // thirteen gone: over the limit of 10
  f.writeHr(people);
  const CommandResult held = runCommand(membersyncExecutable(), f.commandLine({"sync"}), kChinese);
  f.keep(held);
  INFO(tail(held.out, 3000) << held.err);
  CHECK(held.exitCode == 4);
  // What needs a person, on stdout, in Chinese too.
  CHECK_THAT(held.out, Contains("被安全阈值拦下，待确认（13）") &&
                           !Contains("held by a safety guard"));
  const std::string prefix = "membersync：sync：";
  const auto at = held.err.find(prefix);
  REQUIRE(at != std::string::npos);
  const std::string line = held.err.substr(at, held.err.find('\n', at) - at);
  CHECK_THAT(line, Contains("13 项删除或收回操作超过安全阈值 10") &&
                       Contains("需要人工处理：13 项待确认"));
  // No English prose: once the commands in backticks are gone, the only Latin words left are
  // the configuration's keys and the words of the guard's formula.
  const std::set<std::string> keys = {"sync",         "max",         "min",
                                      "delete_floor", "max_deletes", "max_delete_percent"};
  std::string english;
  std::string word;
  bool quoted = false;
  for (char c : line.substr(prefix.size()) + " ") {
    if (c == '`') quoted = !quoted;
    if (!quoted && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) {
      word += c;
      continue;
    }
    if (!word.empty() && !keys.count(word)) english += word + " ";
    word.clear();
  }
  CHECK(english.empty());
  f.checkNoSecretLeaked();
}
