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

const Environment kChinese{
    {"LANGUAGE", "zh_CN"}, {"LC_ALL", "C.UTF-8"}, {"LC_MESSAGES", ""}, {"LANG", ""}};
const Environment kEnglish{{"LANGUAGE", ""}, {"LC_ALL", "C.UTF-8"}, {"LC_MESSAGES", ""}, {"LANG", ""}};

// A configuration in `dir` for a center at `baseUrl` (nothing need listen there for the offline
// verbs), reading hr.csv, with `extra` lines at the end.
std::string writeConfig(const TempDir& dir, const std::string& extra = "",
                        const std::string& baseUrl = "http://127.0.0.1:9") {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  return dir
      .write("membersync.ini",
             "[center]\nbase_url = " + baseUrl + "\ntoken_url = " + baseUrl +
                 "/oauth/token\nenterprise_global_id = ENT-ACME-0001\n"
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
