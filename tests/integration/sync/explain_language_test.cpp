// The real membersync binary, after a sync against the emulator: `explain ACCOUNT` under
// LC_ALL=C.UTF-8 LANGUAGE=zh_CN (a server with no zh_CN locale generated) tells of the person in
// Chinese, with no English sentence left; in English it reads as before.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

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

}  // namespace

TEST_CASE(
    "explain in Chinese: after a sync, every section of a member added by membersync is "
    "Chinese and nobody found is said in Chinese",
    "[sync][i18n]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  REQUIRE(f.sync().exitCode == 0);

  const auto ex = inChinese(f, {"explain", "staff0001"});
  INFO(ex.out << ex.err);
  REQUIRE(ex.exitCode == 0);
  CHECK_THAT(ex.out, Contains(" 第 2 行）\n  工号 E0001，姓名“"));
  CHECK_THAT(ex.out, Contains("（在职）\n"));
  CHECK_THAT(ex.out, Contains("\n受策略保护：否\n成员 staff0001@acme（globalId "));
  CHECK_THAT(ex.out, Contains("\n已记录：工号 E0001 -> staff0001 -> "));
  CHECK_THAT(ex.out, Contains("\n最近的变更（最新的在前，最多 10 条）\n  第 1 次运行  "));
  CHECK_THAT(ex.out, Contains("  成功"));
  CHECK_THAT(ex.out, Contains("\n计划：无；成员与人事导出文件中的行一致\n"));
  for (const char* english :
       {"HR row", "employee_id", "protected", "member ", "remembered", "added by", "recent changes",
        "run 1", "succeeded", "planned", "matches", "none"})
    CHECK_THAT(ex.out, !Contains(english));

  const auto nobody = inChinese(f, {"explain", "nobody"});
  CHECK(nobody.exitCode == 1);
  CHECK_THAT(nobody.err, Contains("都没有账号、姓名或工号为“nobody”的人"));
  CHECK_THAT(nobody.err, !Contains("nobody has"));
  const auto close = inChinese(f, {"explain", "staff001"});
  CHECK(close.exitCode == 1);
  CHECK_THAT(close.err, Contains("；相近的有：staff0001（") && Contains("，E0001）") &&
                            Contains("；例如：membersync explain staff0001\n"));

  // In English, as before.
  const auto english = f.run({"explain", "staff0001"});
  CHECK_THAT(english.out, Contains("\nplanned: nothing; the member matches the HR row\n"));
  f.checkNoSecretLeaked();
}
