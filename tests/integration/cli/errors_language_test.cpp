// The real membersync binary says what went wrong, and what `validate` and `check` found, in the
// language the environment asks for (issue 31): under LANGUAGE=zh_CN a configuration error, a
// policy error and an HR export's bad rows are Chinese and still name the file, the key or the
// line; under C.UTF-8 they are the English they always were.

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "tests/support/command.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using membersync::testing::EmulatorProcess;
using membersync::testing::membersyncExecutable;
using membersync::testing::runCommand;
using membersync::testing::TempDir;
using Environment = std::map<std::string, std::string>;

const Environment& kChinese = membersync::testing::kChineseByLanguage;
const Environment kEnglish{{"LANGUAGE", ""}, {"LC_ALL", "C.UTF-8"}, {"LC_MESSAGES", ""}, {"LANG", ""}};

// A configuration in `dir` for a center at `baseUrl` (nothing need listen there for the offline
// verbs), reading hr.csv, with `extra` lines at the end.
std::string writeConfig(const TempDir& dir, const std::string& extra = "",
                        const std::string& baseUrl = "http://127.0.0.1:9",
                        const std::string& tokenUrl = "http://127.0.0.1:9/oauth/token") {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  return dir
      .write("membersync.ini", "[center]\nbase_url = " + baseUrl + "\ntoken_url = " + tokenUrl +
                                   "\nenterprise_global_id = ENT-ACME-0001\n"
                                   "enterprise_code = acme\nclient_id = membersync-demo\n"
                                   "client_secret_file = secrets/client\nadmin_user = admin@acme\n"
                                   "admin_password_file = secrets/admin\n"
                                   "[directory]\npath = hr.csv\n" +
                                   extra)
      .string();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("errors: a bad configuration value is Chinese under zh_CN, naming the file and key",
          "[cli][i18n]") {
  TempDir dir;
  dir.write("hr.csv", "employee_id,account,name\n");
  const std::string config = writeConfig(dir, "[sync]\ngrace_runs = many\n");
  const auto zh = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kChinese);
  INFO(zh.out << zh.err);
  CHECK(zh.exitCode == 78);
  CHECK(zh.err == "membersync：配置文件有误：" + config +
                      "：[sync] grace_runs：“many”不是 0 到 365 之间的整数\n");
  const auto en = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kEnglish);
  CHECK(en.exitCode == 78);
  CHECK(en.err == "membersync: configuration error: " + config +
                      ": [sync] grace_runs: 'many' is not a whole number from 0 to 365\n");
}

TEST_CASE("errors: a choice key's alternatives and a missing file are Chinese under zh_CN",
          "[cli][i18n]") {
  TempDir dir;
  dir.write("hr.csv", "employee_id,account,name\n");
  const auto choice = runCommand(
      membersyncExecutable(),
      {"--config", writeConfig(dir, "[sync]\norphans = keep\n"), "validate"}, kChinese);
  INFO(choice.err);
  CHECK(choice.exitCode == 78);
  CHECK(has(choice.err, "[sync] orphans：“keep”无效，只能是 report 或 delete\n"));
  const auto missing = runCommand(membersyncExecutable(),
                                  {"--config", dir.path().string() + "/none.ini", "validate"},
                                  kChinese);
  INFO(missing.err);
  CHECK(missing.exitCode == 78);
  CHECK(has(missing.err, "none.ini：无法读取配置文件（文件不存在）；请用 --config FILE 指定"));
}

TEST_CASE("errors: a policy mistake is Chinese under zh_CN, naming the file and JSON path",
          "[cli][i18n]") {
  TempDir dir;
  dir.write("hr.csv", "employee_id,account,name\n");
  const std::string policy =
      dir.write("policy.json", R"({"assets": [{"rule": "cad", "pool": 3}]})").string();
  const std::string config = writeConfig(dir, "[policy]\npath = policy.json\n");
  const auto zh = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kChinese);
  INFO(zh.out << zh.err);
  CHECK(zh.exitCode == 78);
  CHECK(has(zh.err, "membersync：策略文件有误：" + policy +
                        "：assets[0].pool：必须是资产编号的数组，而不是 3\n"));
  const auto en = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kEnglish);
  CHECK(has(en.err, "membersync: policy error: " + policy +
                        ": assets[0].pool: must be an array of asset numbers, not 3\n"));
}

TEST_CASE("validate: counts, notes and each bad row are Chinese under zh_CN, naming the line",
          "[cli][i18n]") {
  TempDir dir;
  const std::string hr = dir.write("hr.csv",
                                   "employee_id,account,name,mobile\n"
                                   "E1,zhangwei,张伟,13800138000\n"
                                   "E1,li.na,李娜,\n"
                                   "E3,wangfang,,12\n")
                             .string();
  const std::string config = writeConfig(dir);
  const auto zh = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kChinese);
  INFO(zh.out << zh.err);
  CHECK(zh.exitCode == 3);
  CHECK(has(zh.out, "配置文件 " + config + "：正常\n"));
  CHECK(has(zh.out, "策略文件：未配置（[policy] path）\n"));
  CHECK(has(zh.out, "人事导出文件 " + hr + "：3 行，0 行有效（0 人在职，0 人离职），跳过 3 行\n"));
  CHECK(has(zh.out, "  " + hr +
                        ":3：E1 (li.na)：账号“li.na”只能包含 ASCII 字母和数字（会员中心不接受其他"
                        "字符）。employee_id“E1”也出现在第 2 行；每个人只能出现一次\n"));
  CHECK(has(zh.out, "  " + hr +
                        ":4：E3 (wangfang)：姓名为空；会员中心要求 1 到 30 个字符。手机号“12”有 2 "
                        "位数字；需要 5 到 20 位\n"));
  CHECK(has(zh.out, "跳过的行在修正之前既不新增、不修改，也不当作离职处理。\n"));
  CHECK(!has(zh.out, "line 2"));
  // The English is what it always was.
  const auto en = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kEnglish);
  CHECK(en.exitCode == 3);
  CHECK(has(en.out, "HR export " + hr + ": 3 rows, 0 valid (0 active, 0 departed), 3 skipped\n"));
  CHECK(has(en.out, "  " + hr +
                        ":3: E1 (li.na): account \"li.na\" may hold only ASCII letters and digits "
                        "(the center refuses others). employee_id \"E1\" is also at line 2; "
                        "each person must appear once\n"));
}

TEST_CASE("validate: an HR export that cannot be used is Chinese under zh_CN", "[cli][i18n]") {
  TempDir dir;
  const std::string hr = dir.write("hr.csv", "employee_id,account,name\n").string();
  const auto zh =
      runCommand(membersyncExecutable(), {"--config", writeConfig(dir), "validate"}, kChinese);
  INFO(zh.out << zh.err);
  CHECK(zh.exitCode == 1);
  CHECK(has(zh.err, "membersync：validate：" + hr +
                        "：没有数据行；拒绝使用空的人事导出文件，否则所有人都会被当作离职。"));
}

TEST_CASE("check: the counts, the tables' headings and the verdict are Chinese under zh_CN",
          "[cli][i18n][check]") {
  EmulatorProcess emulator;
  TempDir dir;
  dir.write("hr.csv", "employee_id,account,name\n");
  const std::string config = writeConfig(dir, "", emulator.baseUrl(), emulator.tokenUrl());
  const auto r = runCommand(membersyncExecutable(), {"--config", config, "check"}, kChinese);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(has(r.out, "企业主账号 admin@acme：已登录\n"));
  CHECK(has(r.out, "资产编号：30 个（"));
  CHECK(has(r.out, "  ……还有 20 个\n"));
  CHECK(has(r.out, "借用锁：5 个\n"));
  CHECK(has(r.out, "  加密锁"));  // the locks table's heading
  CHECK(has(r.out, "检查通过：凭据、权限范围和企业 ENT-ACME-0001 均可用（只读；未做任何更改）\n"));
  CHECK(!has(r.out, "check passed"));
}

TEST_CASE("errors: a [daemon] schedule that cannot be followed is Chinese under zh_CN (exit 78)",
          "[cli][i18n]") {
  TempDir dir;
  dir.write("hr.csv", "employee_id,account,name\n");
  const std::string config = writeConfig(dir, "[daemon]\nschedule = 0 25 * * *\n");
  const auto zh = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kChinese);
  INFO(zh.out << zh.err);
  CHECK(zh.exitCode == 78);
  CHECK(zh.err == "membersync：配置文件有误：" + config +
                      "：[daemon] schedule：“0 25 * * *”：小时字段“25”中的 25 超出 0-23；请使用 "
                      "`every 30s`、`every 15m`、`every 2h`、`daily HH:MM` 或 5 个字段的 cron "
                      "表达式（分 时 日 月 星期，本地时间）\n");
  const auto en = runCommand(membersyncExecutable(), {"--config", config, "validate"}, kEnglish);
  CHECK(en.exitCode == 78);
  CHECK(en.err == "membersync: configuration error: " + config +
                      ": [daemon] schedule: '0 25 * * *': the hour field '25' has 25, outside "
                      "0-23; use `every 30s`, `every 15m`, `every 2h`, `daily HH:MM` or a 5-field "
                      "cron expression (minute hour day-of-month month day-of-week, local time)\n");
}
