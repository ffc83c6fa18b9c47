// The real membersync binary speaks the language the environment asks for (issue 31): --help,
// `help [VERB]`, `VERB --help` and the usage errors (exit 64) in Chinese under zh_CN, from the
// build tree's catalogue, on a machine where only C.UTF-8 exists; English, byte for byte as before,
// otherwise.

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "jobs/core/file_text.h"
#include "tests/support/command.h"
#include "tests/support/emulator_process.h"

namespace {

using membersync::testing::membersyncExecutable;
using membersync::testing::runCommand;
using Environment = std::map<std::string, std::string>;

// Every variable gettext reads, set here (empty is unset), whatever the test's own environment.
Environment locale(const std::string& language, const std::string& lcAll, const std::string& lang) {
  return {{"LANGUAGE", language}, {"LC_ALL", lcAll}, {"LC_MESSAGES", ""}, {"LANG", lang}};
}

// help_en.txt: `membersync --help` as main printed it before the catalogues (LC_ALL=C.UTF-8);
// help_verbs_en.txt: `membersync help VERB` for every verb of kVerbs, one after another. When the
// help text changes on purpose, write them again from the new binary.
std::string englishHelp(const std::string& file = "help_en.txt") {
  return membersync::readWholeFile(membersync::testing::sourceDir() + "/tests/integration/cli/" +
                                   file);
}

const std::vector<std::string> kVerbs{
    "plan",     "apply",   "sync",           "daemon",    "explain", "status",
    "validate", "check",   "reset-password", "passwords", "allow",   "allow-deletes",
    "revert",   "console", "console-user",   "help"};

}  // namespace

TEST_CASE("help: LANGUAGE=zh_CN under C.UTF-8 prints the help in Chinese", "[cli][i18n]") {
  for (const auto& args : {std::vector<std::string>{"--help"}, {"help"}}) {
    const auto r = runCommand(membersyncExecutable(), args, locale("zh_CN", "C.UTF-8", ""));
    INFO(r.out << r.err);
    CHECK(r.exitCode == 0);
    CHECK(r.out.rfind("用法：membersync [--config FILE] VERB [选项]\n", 0) == 0);
    CHECK(r.out.find("  plan                  读取全部输入，打印计划，不做任何更改") !=
          std::string::npos);
    CHECK(r.out.find("\n全局选项:\n") != std::string::npos);
    CHECK(r.out.find("\n退出码：0 完成") != std::string::npos);
    CHECK(r.out.find("所有配置项见 ") != std::string::npos);
    CHECK(r.out.find("Usage:") == std::string::npos);
    CHECK(r.out.find("Exit codes") == std::string::npos);
  }
}

TEST_CASE("help: LANG=zh_CN.UTF-8 alone prints the help in Chinese", "[cli][i18n]") {
  const auto r = runCommand(membersyncExecutable(), {"--help"}, locale("", "", "zh_CN.UTF-8"));
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("用法：", 0) == 0);
  CHECK(r.out.find("\n命令选项:\n") != std::string::npos);
}

TEST_CASE("help: under C.UTF-8 alone the help is today's English, byte for byte", "[cli][i18n]") {
  const auto r = runCommand(membersyncExecutable(), {"--help"}, locale("", "C.UTF-8", ""));
  CHECK(r.exitCode == 0);
  CHECK(r.out == englishHelp());
  // LANGUAGE is ignored under C, as gettext ignores it.
  CHECK(runCommand(membersyncExecutable(), {"help"}, locale("zh_CN", "C", "")).out ==
        englishHelp());
}

TEST_CASE("help VERB: in Chinese under zh_CN, today's English under C.UTF-8", "[cli][i18n]") {
  const auto sync =
      runCommand(membersyncExecutable(), {"help", "sync"}, locale("zh_CN", "C.UTF-8", ""));
  INFO(sync.out << sync.err);
  CHECK(sync.exitCode == 0);
  CHECK(sync.out.rfind("用法：membersync [--config FILE] sync [--dry-run]", 0) == 0);
  CHECK(sync.out.find("\n计划并执行一次，然后退出") != std::string::npos);
  CHECK(sync.out.find("\n选项：\n  --dry-run ") != std::string::npos);
  CHECK(sync.out.find("  -h, --help          本帮助\n") != std::string::npos);
  CHECK(runCommand(membersyncExecutable(), {"sync", "--help"}, locale("", "", "zh_CN.UTF-8")).out ==
        sync.out);

  std::string english;
  for (const auto& verb : kVerbs)
    english += runCommand(membersyncExecutable(), {"help", verb}, locale("", "C.UTF-8", "")).out;
  CHECK(english == englishHelp("help_verbs_en.txt"));
}

TEST_CASE("usage errors: in Chinese under zh_CN, today's English otherwise, exit 64",
          "[cli][i18n]") {
  const Environment chinese = locale("zh_CN", "C.UTF-8", "");
  const Environment english = locale("", "C.UTF-8", "");
  const std::map<std::vector<std::string>, std::pair<std::string, std::string>> cases{
      {{"plan", "x"},
       {"membersync：plan 不接受参数（“x”）\n用法请看 membersync --help。\n",
        "membersync: plan takes no argument ('x')\nTry 'membersync --help'.\n"}},
      {{"--bogus"},
       {"membersync：无法识别的选项“--bogus”\n用法请看 membersync --help。\n",
        "membersync: unrecognised option '--bogus'\nTry 'membersync --help'.\n"}},
      {{"plan", "--format"},
       {"membersync：选项“--format”缺少参数\n用法请看 membersync --help。\n",
        "membersync: the required argument for option '--format' is missing\n"
        "Try 'membersync --help'.\n"}},
      {{"status", "--dry-run"},
       {"membersync：--dry-run 不适用于 status\n用法请看 membersync --help。\n",
        "membersync: --dry-run does not apply to status\nTry 'membersync --help'.\n"}},
      {{"passwords", "--format", "xml"},
       {"membersync：--format 只能是 text、json 或 csv，不能是“xml”\n用法请看 membersync "
        "--help。\n",
        "membersync: --format must be text or json or csv, not 'xml'\nTry 'membersync --help'.\n"}},
  };
  for (const auto& [args, expected] : cases) {
    const auto zh = runCommand(membersyncExecutable(), args, chinese);
    CHECK(zh.exitCode == 64);
    CHECK(zh.err == expected.first);
    const auto en = runCommand(membersyncExecutable(), args, english);
    CHECK(en.exitCode == 64);
    CHECK(en.err == expected.second);
  }
}
