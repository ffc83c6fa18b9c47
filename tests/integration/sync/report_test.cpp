// Run reports through the real binary: `sync` and the daemon report what needs a person to a
// group robot (tests/support/robot_server.py checks the vendor's format and signature) once per
// situation, and a report that cannot be sent never changes the run's exit code.

#include <catch2/catch.hpp>

#include <csignal>
#include <string>

#include "tests/integration/daemon/daemon_harness.h"
#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/robot_process.h"
#ifdef MEMBERSYNC_TEST_SMTP
#include "tests/support/smtp_process.h"
#endif

namespace {

using namespace membersync::testing;
using namespace std::chrono_literals;
using Catch::Contains;

const std::string kSigningSecret = "SECa1b2c3d4e5f60718293a4b5c6d7e8f90";

// A signed DingTalk robot as [report]'s channel, its URL and secret in credential files.
SyncOptions reportingTo(const std::string& extra = "") {
  SyncOptions o;
  o.centerExtra = "ca_file = " + RobotProcess::caFile() + "\n";  // the robot's test CA
  o.extra = "[report]\nwebhook_url_file = robot-url\nwebhook_format = dingtalk\n"
            "webhook_secret_file = robot-secret\n" + extra;
  return o;
}

void writeRobot(SyncFixture& f, const RobotProcess& robot, const RobotProcess::Robots& robots) {
  f.writeFile("robot-url", robot.dingTalkUrl() + "\n");
  f.writeFile("robot-secret", kSigningSecret + "\n");
  f.addSecret(robots.dingtalkToken);
  f.addSecret(kSigningSecret);
}

RobotProcess::Robots signedDingTalk() {
  RobotProcess::Robots robots;
  robots.dingtalkSecret = kSigningSecret;
  return robots;
}

std::vector<Person> withOneBadRow() {
  auto people = staff(3);
  people[1].mobile = "not-a-number";  // line 3: skipped as invalid, and named
  return people;
}

}  // namespace

TEST_CASE(
    "reports: a sync with a bad HR row reports it once to a signed DingTalk robot, naming the "
    "person and the line, the same situation again sends nothing",
    "[sync][report]") {
  EmulatorProcess emulator;
  const auto robots = signedDingTalk();
  RobotProcess robot(robots);
  SyncFixture f(emulator, reportingTo());
  writeRobot(f, robot, robots);
  f.writeHr(withOneBadRow());

  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 3);
  auto got = robot.requests();
  REQUIRE(got.size() == 1);
  CHECK(got[0].robot == "dingtalk");
  CHECK(got[0].code == 0);  // the format and the signature as DingTalk documents them
  CHECK_THAT(got[0].body, Contains("staff0002") && Contains("hr.csv:3") && Contains("sync"));

  const auto again = f.sync();
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 3);
  CHECK(robot.requests().size() == 1);  // unchanged: not reported again
  const auto st = f.status();
  CHECK_THAT(st.out, Contains("dingtalk sent"));
  f.checkNoSecretLeaked();
}

TEST_CASE("reports: with [console] public_url a report links the run's console page",
          "[sync][report]") {
  EmulatorProcess emulator;
  const auto robots = signedDingTalk();
  RobotProcess robot(robots);
  SyncFixture f(emulator, reportingTo("[console]\npublic_url = https://console.acme.example/ms/\n"));
  writeRobot(f, robot, robots);
  f.writeHr(withOneBadRow());

  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  CHECK(first.exitCode == 3);
  const auto got = robot.requests();
  REQUIRE(got.size() == 1);
  CHECK(got[0].code == 0);
  CHECK_THAT(got[0].body, Contains("https://console.acme.example/ms/runs/1"));
}

TEST_CASE("reports: a robot that cannot be reached leaves the run's exit code as it is, and says so",
          "[sync][report]") {
  EmulatorProcess emulator;
  const auto robots = signedDingTalk();
  RobotProcess robot(robots);
  SyncFixture f(emulator, reportingTo());
  writeRobot(f, robot, robots);
  robot.stop();
  f.writeHr(withOneBadRow());
  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 3);
  CHECK_THAT(r.err, Contains("not sent to the DingTalk robot") && Contains("the next run sends it again"));
  CHECK_THAT(f.status().out, Contains("dingtalk failed"));
  f.checkNoSecretLeaked();
}

TEST_CASE("reports: a daemon's run is reported like a sync", "[sync][report][daemon]") {
  EmulatorProcess emulator;
  const auto robots = signedDingTalk();
  RobotProcess robot(robots);
  auto o = reportingTo();
  o.extra = "[daemon]\nschedule = every 1h\nlisten =\n" + o.extra;
  SyncFixture f(emulator, o);
  writeRobot(f, robot, robots);
  f.writeHr(withOneBadRow());
  BackgroundProcess daemon(membersyncExecutable(), f.commandLine({"daemon"}), {},
                           (f.dir() / "daemon.out").string());
  const bool reported = eventually([&] { return !robot.requests().empty(); }, 60s);
  daemon.signal(SIGTERM);
  CHECK(daemon.waitForExit(60s) == 0);
  f.keepText("the daemon's output", daemon.output());
  INFO(daemon.output());
  REQUIRE(reported);
  CHECK(robot.requests()[0].code == 0);
  CHECK_THAT(robot.requests()[0].body, Contains("staff0002"));
  CHECK_THAT(daemon.output(), Contains("needs a person: invalid-row"));
  f.checkNoSecretLeaked();
}

#ifdef MEMBERSYNC_TEST_SMTP
TEST_CASE(
    "reports: mail_to sends the report through the SMTP settings with [delivery] method = none, "
    "and without an SMTP host the configuration is refused naming it",
    "[sync][report][smtp]") {
  EmulatorProcess emulator;
  SmtpProcess smtp;
  SyncOptions o;
  o.extra = "[delivery]\nmethod = none\nsmtp_host = 127.0.0.1\nsmtp_port = " +
            std::to_string(smtp.port()) +
            "\nsmtp_tls = none\nfrom = membersync@acme.example\n"
            "[report]\nmail_to = it@acme.example, ops@acme.example\n";
  SyncFixture f(emulator, o);
  f.writeHr(withOneBadRow());
  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 3);
  const auto mails = smtp.mails();
  REQUIRE(mails.size() == 2);  // one per address, as each is its own channel
  CHECK(mails[0].to == std::vector<std::string>{"it@acme.example"});
  CHECK_THAT(mails[0].content, Contains("staff0002") && Contains("hr.csv:3"));
  CHECK(f.sync().exitCode == 3);
  CHECK(smtp.mails().size() == 2);  // the same situation: not again

  o.extra = "[report]\nmail_to = it@acme.example\n";
  f.configure(o);
  const auto refused = f.run({"validate"});
  CHECK(refused.exitCode == 78);
  CHECK_THAT(refused.err, Contains("smtp_host"));
  f.checkNoSecretLeaked();
}
#endif
