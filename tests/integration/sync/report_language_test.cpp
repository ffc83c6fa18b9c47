// [report] language through the real binary (issue 31): the robot's report of a `sync`, the lines
// a `sync` writes to stderr (what the journal keeps of the nightly timer's run) and the daemon's
// log are in [report] language whatever the environment says; unset, in the environment's, as
// gettext chooses it (LANG=zh_CN.UTF-8 on a machine where that locale is generated).

#include <catch2/catch.hpp>

#include <cctype>
#include <csignal>
#include <map>
#include <string>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/command.h"
#include "tests/support/robot_process.h"
#ifdef MEMBERSYNC_TEST_SMTP
#include "tests/support/smtp_process.h"
#endif

namespace {

using namespace membersync::testing;
using namespace std::chrono_literals;
using Catch::Contains;
using Environment = std::map<std::string, std::string>;

const std::string kSigningSecret = "SECa1b2c3d4e5f60718293a4b5c6d7e8f90";

// Every variable gettext reads, set here (empty is unset), whatever the test's own environment.
Environment locale(const std::string& language, const std::string& lcAll, const std::string& lang) {
  return {{"LANGUAGE", language}, {"LC_ALL", lcAll}, {"LC_MESSAGES", ""}, {"LANG", lang}};
}

// A signed DingTalk robot as [report]'s channel; `language` is the [report] key's line, or "".
SyncOptions reportingTo(const std::string& language) {
  SyncOptions o;
  o.centerExtra = "ca_file = " + RobotProcess::caFile() + "\n";  // the robot's test CA
  o.extra =
      "[report]\nwebhook_url_file = robot-url\nwebhook_format = dingtalk\n"
      "webhook_secret_file = robot-secret\n" +
      language;
  return o;
}

RobotProcess::Robots signedDingTalk() {
  RobotProcess::Robots robots;
  robots.dingtalkSecret = kSigningSecret;
  return robots;
}

// A robot and a fixture whose HR export has a bad row (line 3): the run needs a person.
struct ReportingSync {
  EmulatorProcess emulator;
  RobotProcess robot{signedDingTalk()};
  SyncFixture f;

  explicit ReportingSync(const std::string& language) : f(emulator, reportingTo(language)) {
    f.writeFile("robot-url", robot.dingTalkUrl() + "\n");
    f.writeFile("robot-secret", kSigningSecret + "\n");
    f.addSecret(signedDingTalk().dingtalkToken);
    f.addSecret(kSigningSecret);
    auto people = staff(3);
    people[1].mobile = "not-a-number";
    f.writeHr(people);
  }

  CommandResult sync(const Environment& env) {
    CommandResult r = runCommand(membersyncExecutable(), f.commandLine({"sync"}), env);
    f.keepText("sync's stdout", r.out);
    f.keepText("sync's stderr", r.err);
    return r;
  }

  // The one report the robot took.
  std::string report() {
    const auto got = robot.requests();
    REQUIRE(got.size() == 1);
    CHECK(got[0].code == 0);  // the format and the signature as DingTalk documents them
    return got[0].body;
  }
};

#ifdef MEMBERSYNC_TEST_SMTP
// A quoted-printable body as the bytes it stands for (the report's mail is sent that way); the
// headers' "=?UTF-8?B?" words are left as they are.
std::string unquoted(const std::string& text) {
  const auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "=\r\n") == 0) {
      i += 2;  // a soft line break
    } else if (text[i] == '=' && i + 2 < text.size() && hex(text[i + 1]) && hex(text[i + 2])) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}
#endif

bool localeGenerated(const std::string& name) {
  const auto r = runCommand("/usr/bin/locale", {"-a"});
  return r.out.find(name) != std::string::npos;
}

}  // namespace

TEST_CASE(
    "report language: [report] language = zh_CN under C.UTF-8 without LANG reports a sync and "
    "writes its journal lines in Chinese, and the daemon's log too",
    "[sync][report][i18n]") {
  ReportingSync s("language = zh_CN\n");
  const auto env = locale("", "C.UTF-8", "");  // a systemd service: no LANG
  const auto r = s.sync(env);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);
  const std::string body = s.report();
  CHECK_THAT(body, Contains("membersync ") && Contains("第 1 次运行需要人工处理（1 个无效行）"));
  CHECK_THAT(body, Contains("1 个无效行已跳过") && Contains("staff0002"));
  CHECK_THAT(body, Contains("全部事项及处理方法："));
  CHECK_THAT(body, !Contains("needs a person") && !Contains("Everything, and what to do"));
  // What the journal keeps of the timer's `sync`: its progress and its report, in Chinese.
  CHECK_THAT(r.err, Contains("新增：已完成 2/2"));
  CHECK_THAT(r.err, Contains("第 1 次运行的运行报告已发送到钉钉群机器人（https://127.0.0.1:"));
  CHECK_THAT(r.err, !Contains(" of 2 done") && !Contains("report of run"));

  // The daemon (systemd's service: no LANG either) logs in [report] language.
  auto o = reportingTo("language = zh_CN\n");
  o.extra = "[daemon]\nschedule = every 1h\nlisten =\n" + o.extra;
  s.f.configure(o);
  s.f.writeHr(staff(4));  // the bad row fixed and a new person: two adds, and "resolved"
  BackgroundProcess daemon(membersyncExecutable(), s.f.commandLine({"daemon"}), env,
                           (s.f.dir() / "daemon.out").string());
  const bool reported = eventually([&] { return s.robot.requests().size() >= 2; }, 60s);
  daemon.signal(SIGTERM);
  CHECK(daemon.waitForExit(60s) == 0);
  s.f.keepText("the daemon's output", daemon.output());
  INFO(daemon.output());
  REQUIRE(reported);
  CHECK_THAT(daemon.output(), Contains("membersync 守护进程已启动（pid ") &&
                                  Contains("新增：待处理 2 项") && Contains("新增：已处理 2/2") &&
                                  Contains("第 2 次运行 done，用时 ") &&
                                  Contains("第 2 次运行的运行报告已发送到钉钉群机器人（") &&
                                  Contains("membersync 守护进程已停止"));
  CHECK_THAT(daemon.output(), !Contains("daemon started") && !Contains("processed"));
  s.f.checkNoSecretLeaked();
}

TEST_CASE(
    "report language: under LANG=zh_CN.UTF-8 (the locale generated) and no [report] language, "
    "sync writes and reports in Chinese",
    "[sync][report][i18n]") {
  // scripts/install-deps.sh generates it (locales, /etc/locale.gen, locale-gen).
  if (!localeGenerated("zh_CN.utf8"))
    FAIL(
        "the zh_CN.UTF-8 locale is not generated (locale -a does not list zh_CN.utf8): run "
        "scripts/install-deps.sh as root, which generates it");
  ReportingSync s("");
  const auto r = s.sync(locale("", "", "zh_CN.UTF-8"));
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);
  CHECK_THAT(s.report(), Contains("第 1 次运行需要人工处理（1 个无效行）"));
  CHECK_THAT(r.err, Contains("新增：已完成 2/2") && Contains("第 1 次运行的运行报告已发送到"));
  s.f.checkNoSecretLeaked();
}

TEST_CASE(
    "report language: LANGUAGE=zh_CN makes the report Chinese unless [report] language = en, "
    "which keeps it English",
    "[sync][report][i18n]") {
  const auto env = locale("zh_CN", "C.UTF-8", "");
  {
    ReportingSync chinese("");
    const auto r = chinese.sync(env);
    INFO(r.out << r.err);
    CHECK_THAT(chinese.report(), Contains("需要人工处理"));
  }
  ReportingSync s("language = en\n");
  const auto r = s.sync(env);
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);
  const std::string body = s.report();
  CHECK_THAT(body, Contains("run 1 needs a person (1 invalid row)") &&
                       Contains("1 HR row skipped as invalid") &&
                       Contains("Everything, and what to do: membersync"));
  CHECK_THAT(body, !Contains("需要人工处理"));
  CHECK_THAT(r.err, Contains("adds: 2 of 2 done") &&
                        Contains("report of run 1 sent to the DingTalk robot"));
  s.f.checkNoSecretLeaked();
}

#ifdef MEMBERSYNC_TEST_SMTP
TEST_CASE("report language: [report] language = zh_CN mails the report in Chinese",
          "[sync][report][i18n][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  SyncOptions o;
  o.extra = "[delivery]\nmethod = none\nsmtp_host = 127.0.0.1\nsmtp_port = " +
            std::to_string(smtp.port()) +
            "\nsmtp_tls = none\nfrom = membersync@acme.example\n"
            "[report]\nmail_to = it@acme.example\nlanguage = zh_CN\n";
  SyncFixture f(emulator, o);
  auto people = staff(3);
  people[1].mobile = "not-a-number";
  f.writeHr(people);
  const auto r =
      runCommand(membersyncExecutable(), f.commandLine({"sync"}), locale("", "C.UTF-8", ""));
  INFO(r.out << r.err);
  CHECK(r.exitCode == 3);
  const auto mails = smtp.mails();
  REQUIRE(mails.size() == 1);
  const std::string mail = unquoted(mails[0].content);
  CHECK_THAT(mail, Contains("1 个无效行已跳过") && Contains("全部事项及处理方法：membersync"));
  CHECK_THAT(mail, !Contains("HR row skipped as invalid") && !Contains("Everything, and what"));
  CHECK_THAT(r.err, Contains("第 1 次运行的运行报告已发送到邮箱 it@acme.example（新情况）"));
  f.checkNoSecretLeaked();
}
#endif
