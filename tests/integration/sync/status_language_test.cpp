// The real membersync binary, after a sync against the emulator whose guard held a mass rename:
// `status` under LC_ALL=C.UTF-8 LANGUAGE=zh_CN (a server with no zh_CN locale generated) speaks
// Chinese, what the run stored as its message included, and its tables still line up.

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "jobs/core/display_width.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

const auto& kChinese = kChineseByLanguage;

CommandResult inChinese(SyncFixture& f, const std::vector<std::string>& args) {
  CommandResult r = runCommand(membersyncExecutable(), f.commandLine(args), kChinese);
  f.keep(r);
  return r;
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The display column where `cell` starts on `line`; npos when it is not there.
std::size_t columnOf(const std::string& line, const std::string& cell) {
  const auto at = line.find(cell);
  return at == std::string::npos ? at : membersync::displayWidth(line.substr(0, at));
}

}  // namespace

TEST_CASE(
    "status in Chinese: after a sync whose guard held a rename, the headings, what needs a "
    "person and the run's stored message are Chinese and the runs table lines up",
    "[sync][i18n]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.extra = "max_edits = 5\nedit_floor = 5\n";
  SyncFixture f(emulator, options);
  const auto people = staff(8);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  f.writeHr(renamedAll(people, "Latin "));
  const auto held = f.sync();
  INFO(tail(held.out) << held.err);
  REQUIRE(held.exitCode == 4);

  const auto st = inChinese(f, {"status"});
  INFO(st.out << st.err);
  CHECK(st.exitCode == 4);
  CHECK(st.out.rfind("需要人工处理：8 项待确认\n", 0) == 0);
  CHECK_THAT(st.out, Contains("\n  被安全阈值拦下，待确认（8）\n"));
  CHECK_THAT(st.out, Contains("    内容  账号       人员"));
  CHECK_THAT(st.out, Contains("\n运行记录（最新在前，"));
  // The run's message was stored untranslated: its part that is ours reads in Chinese.
  CHECK_THAT(st.out, Contains("；需要人工处理：8 项待确认\n"));
  CHECK_THAT(st.out, !Contains("Needs a person") && !Contains("needs a person") &&
                         !Contains("runs (newest first") && !Contains("what happened"));

  // The runs table: the outcome and what happened start at one display column on each line.
  const auto lines = linesOf(st.out);
  std::size_t header = 0;
  while (header < lines.size() && columnOf(lines[header], "开始时间") == std::string::npos)
    ++header;
  REQUIRE(header + 2 < lines.size());
  const std::size_t outcome = columnOf(lines[header], "结果");
  const std::size_t what = columnOf(lines[header], "经过");
  CHECK(columnOf(lines[header + 1], "待确认") == outcome);
  CHECK(columnOf(lines[header + 1], "待确认 8 项") == what);
  CHECK(columnOf(lines[header + 2], "完成") == outcome);
  CHECK(columnOf(lines[header + 2], "新增 8 个") == what);

  // In English, as before.
  const auto english = f.status();
  CHECK(english.out.rfind("Needs a person: 8 held by a guard\n", 0) == 0);
  CHECK_THAT(english.out, Contains("; needs a person: 8 held by a guard\n"));
  f.checkNoSecretLeaked();
}
