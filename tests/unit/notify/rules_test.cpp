// When a run is reported (report_rules.h), and reportRun() against a real state database on a
// manual clock, with a robot and a mail server faked behind their interfaces: the same
// situation twice sends one report, a reminder after remind_hours, a report that could not be
// sent goes with the next run, and every send is recorded, scrubbed.

#include <catch2/catch.hpp>
#include <chrono>
#include <deque>
#include <map>

#include "jobs/core/manual_clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/notify/report_rules.h"
#include "jobs/notify/report_run.h"
#include "jobs/notify/webhook_url.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/notify/notify_fixture.h"

using namespace membersync::notify;
using namespace membersync::notify::testing;
using namespace std::chrono_literals;
using membersync::ManualClock;
using membersync::Scrubber;
using membersync::Secret;
using membersync::center::HttpRequest;
using membersync::center::TransportResult;
using membersync::deliver::Mail;
using membersync::deliver::MailResult;
using membersync::state::ReportSend;
using membersync::state::ReportSendState;

namespace {

const std::string kUrl = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=3f1e9a52-robot-key";

// A robot that answers as scripted (errcode 0 when nothing is), keeping what it was sent.
class FakeRobot final : public membersync::center::Transport {
 public:
  TransportResult send(const HttpRequest& request) override {
    requests.push_back(request);
    if (answers.empty()) return TransportResult::answered(200, R"({"errcode":0,"errmsg":"ok"})");
    TransportResult r = answers.front();
    answers.pop_front();
    return r;
  }
  std::vector<HttpRequest> requests;
  std::deque<TransportResult> answers;
};

// A mail server that delivers, except to the addresses scripted otherwise.
class FakeMail final : public membersync::deliver::MailSender {
 public:
  MailResult send(const Mail& mail, const std::function<void()>& sending) override {
    sent.push_back(mail);
    sending();
    const auto found = results.find(mail.to);
    if (found != results.end()) return found->second;
    return {MailResult::Outcome::Delivered, false, "250 2.0.0 OK"};
  }
  std::vector<Mail> sent;
  std::map<std::string, MailResult> results;
};

struct Rig {
  membersync::testing::TempDir dir;
  ManualClock clock;
  std::unique_ptr<membersync::state::SqliteStore> store =
      membersync::state::SqliteStore::open((dir.path() / "state.db").string(), clock);
  Scrubber scrubber;
  FakeRobot robot;
  FakeMail mail;
  ReportSettings settings;

  Rig() {
    settings.webhookUrl = Secret(kUrl);
    settings.webhookFormat = WebhookFormat::WeCom;
    for (const auto& secret : webhookUrlSecrets(kUrl)) scrubber.add(secret);
  }
  ReportResult report(const RunFacts& run, const membersync::report::Attention& attention) {
    return reportRun(settings, ReportTools{&robot, &mail, *store, clock, scrubber}, run, attention);
  }
};

Situation needing(const std::string& key) {
  Situation s;
  s.needsPerson = true;
  s.key = key;
  return s;
}

ReportSend last(const std::string& situation, ReportSendState state, const std::string& reason,
                membersync::state::Millis at) {
  return {1, 20, "wecom", at, state, reason, situation, ""};
}

}  // namespace

TEST_CASE("report rules: the first report of a situation goes, the same one again does not",
          "[notify]") {
  ManualClock clock;
  const auto now = clock.wallNow();
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  CHECK(decide(ReportOn::Attention, 24, needing("a"), std::nullopt, now) == SendReason::New);
  CHECK_FALSE(decide(ReportOn::Attention, 24, needing("a"),
                     last("a", ReportSendState::Sent, "new", ms), now));
  CHECK(decide(ReportOn::Attention, 24, needing("b"), last("a", ReportSendState::Sent, "new", ms),
               now) == SendReason::Changed);
}

TEST_CASE("report rules: an unchanged situation is reported again after remind_hours", "[notify]") {
  ManualClock clock;
  const auto sentAt =
      std::chrono::duration_cast<std::chrono::milliseconds>(clock.wallNow().time_since_epoch())
          .count();
  const auto record = last("a", ReportSendState::Sent, "new", sentAt);
  clock.advance(23h + 59min);
  CHECK_FALSE(decide(ReportOn::Attention, 24, needing("a"), record, clock.wallNow()));
  clock.advance(1min);
  CHECK(decide(ReportOn::Attention, 24, needing("a"), record, clock.wallNow()) ==
        SendReason::Reminder);
  clock.advance(24h * 365);
  CHECK_FALSE(decide(ReportOn::Attention, 0, needing("a"), record, clock.wallNow()));  // 0: never
}

TEST_CASE("report rules: a report that could not be sent goes with the next run, unchanged or not",
          "[notify]") {
  ManualClock clock;
  CHECK(decide(ReportOn::Attention, 24, needing("a"), last("a", ReportSendState::Failed, "new", 0),
               clock.wallNow()) == SendReason::Retry);
}

TEST_CASE("report rules: a reported situation that cleared is said once", "[notify]") {
  ManualClock clock;
  const Situation clear;  // nothing needs a person, the run did not fail
  CHECK(decide(ReportOn::Attention, 24, clear, last("a", ReportSendState::Sent, "new", 0),
               clock.wallNow()) == SendReason::Resolved);
  CHECK_FALSE(decide(ReportOn::Attention, 24, clear, last("", ReportSendState::Sent, "resolved", 0),
                     clock.wallNow()));
  CHECK_FALSE(decide(ReportOn::Attention, 24, clear, std::nullopt, clock.wallNow()));
  // A resolution that could not be sent is sent again; what was never reported needs none.
  CHECK(decide(ReportOn::Attention, 24, clear, last("", ReportSendState::Failed, "resolved", 0),
               clock.wallNow()) == SendReason::Resolved);
  CHECK_FALSE(decide(ReportOn::Attention, 24, clear, last("a", ReportSendState::Failed, "new", 0),
                     clock.wallNow()));
}

TEST_CASE("report rules: on = failed reports failed runs only, on = always every run", "[notify]") {
  ManualClock clock;
  RunFacts failedRun = facts("failed");
  const Situation failed = situationOf(failedRun, false, "fp");
  CHECK(failed.key == "failed|fp");
  const Situation attention = situationOf(facts("partly-failed"), true, "fp");
  CHECK(decide(ReportOn::Failed, 24, failed, std::nullopt, clock.wallNow()) == SendReason::New);
  CHECK_FALSE(decide(ReportOn::Failed, 24, attention, std::nullopt, clock.wallNow()));
  // Under on = failed, a run that needs a person but did not fail clears a reported failure.
  CHECK(decide(ReportOn::Failed, 24, attention, last("failed|fp", ReportSendState::Sent, "new", 0),
               clock.wallNow()) == SendReason::Resolved);
  CHECK_FALSE(decide(ReportOn::Failed, 24, attention,
                     last("partly-failed|fp", ReportSendState::Sent, "resolved", 0),
                     clock.wallNow()));
  const Situation clear = situationOf(facts("done"), false, "fp");
  CHECK(clear.key.empty());
  const auto record = last("", ReportSendState::Sent, "always", 0);
  CHECK(decide(ReportOn::Always, 24, clear, record, clock.wallNow()) == SendReason::Always);
}

TEST_CASE("report run: the same situation twice sends one report", "[notify]") {
  Rig rig;
  const auto attention = heldAndInvalid();
  auto result = rig.report(facts(), attention);
  REQUIRE(result.channels.size() == 1);
  CHECK(result.channels[0].action == ChannelReport::Action::Sent);
  CHECK(result.channels[0].reason == SendReason::New);
  RunFacts next = facts();
  next.run = 22;
  rig.clock.advance(15min);
  result = rig.report(next, attention);
  CHECK(result.channels[0].action == ChannelReport::Action::Skipped);
  CHECK(result.channels[0].text(22) ==
        "report of run 22 to the WeCom robot (https://qyapi.weixin.qq.com): not reported again: "
        "unchanged since run 21 (a reminder after 24 h)");
  CHECK(rig.robot.requests.size() == 1);
  // A day after the report, the same situation is a reminder.
  rig.clock.advance(24h);
  result = rig.report(next, attention);
  CHECK(result.channels[0].reason == SendReason::Reminder);
  REQUIRE(rig.robot.requests.size() == 2);
  CHECK(rig.robot.requests[1].body.find("Reminder: membersync acme") != std::string::npos);
}

TEST_CASE("report run: a report the robot refused is recorded and sent by the next run",
          "[notify]") {
  Rig rig;
  rig.robot.answers.push_back(TransportResult::answered(
      200, R"({"errcode":93000,"errmsg":"invalid webhook url, key=3f1e9a52-robot-key"})"));
  const auto attention = heldAndInvalid();
  auto result = rig.report(facts(), attention);
  REQUIRE(result.channels[0].action == ChannelReport::Action::Failed);
  // The robot echoed its key: it never reaches the log line or the state.
  CHECK(result.channels[0].detail.find("3f1e9a52-robot-key") == std::string::npos);
  CHECK(result.channels[0].text(21).find("[redacted]") != std::string::npos);
  const auto recorded = rig.store->lastReportSends();
  REQUIRE(recorded.size() == 1);
  CHECK(recorded[0].state == ReportSendState::Failed);
  CHECK(recorded[0].why.find("3f1e9a52-robot-key") == std::string::npos);
  CHECK(recorded[0].why.find("refused with code 93000") != std::string::npos);
  // Nothing changed, yet the next run sends it.
  RunFacts next = facts();
  next.run = 22;
  result = rig.report(next, attention);
  CHECK(result.channels[0].action == ChannelReport::Action::Sent);
  CHECK(result.channels[0].reason == SendReason::Retry);
  CHECK(rig.robot.requests.size() == 2);
  CHECK(rig.store->lastReportSends()[0].state == ReportSendState::Sent);
}

TEST_CASE("report run: a connection that fails is a failed send, named without the robot's key",
          "[notify]") {
  Rig rig;
  rig.robot.answers.push_back(TransportResult::notSent("malformed URL: " + kUrl, true));
  const auto result = rig.report(facts("failed"), {});
  REQUIRE(result.channels[0].action == ChannelReport::Action::Failed);
  CHECK(result.channels[0].detail.find("robot-key") == std::string::npos);
  CHECK(result.channels[0].name == "the WeCom robot (https://qyapi.weixin.qq.com)");
}

TEST_CASE("report run: a clean run after a reported one says it cleared, once", "[notify]") {
  Rig rig;
  const auto attention = heldAndInvalid();
  rig.report(facts(), attention);
  RunFacts clean = facts("done");
  clean.run = 22;
  auto result = rig.report(clean, {});
  CHECK(result.channels[0].reason == SendReason::Resolved);
  clean.run = 23;
  result = rig.report(clean, {});
  CHECK(result.channels[0].action == ChannelReport::Action::Skipped);
  CHECK(rig.robot.requests.size() == 2);
  // What comes back after it cleared is news again.
  RunFacts again = facts();
  again.run = 24;
  result = rig.report(again, attention);
  CHECK(result.channels[0].reason == SendReason::Changed);
}

TEST_CASE("report run: each address of mail_to is its own channel, a server down stops the rest",
          "[notify]") {
  Rig rig;
  rig.settings.webhookUrl = Secret();
  rig.settings.mailTo = {"it@acme.example", "refuse@acme.example", "ops@acme.example"};
  rig.settings.mailFrom = "membersync@acme.example";
  rig.mail.results["refuse@acme.example"] = {MailResult::Outcome::Refused, false,
                                             "550 no such user"};
  const auto attention = heldAndInvalid();
  auto result = rig.report(facts(), attention);
  REQUIRE(result.channels.size() == 3);
  CHECK(result.channels[0].channel == "mail:it@acme.example");
  CHECK(result.channels[0].action == ChannelReport::Action::Sent);
  CHECK(result.channels[1].action == ChannelReport::Action::Failed);
  CHECK(result.channels[2].action == ChannelReport::Action::Sent);
  REQUIRE(rig.mail.sent.size() == 3);
  CHECK(rig.mail.sent[0].from == "membersync@acme.example");
  CHECK(rig.mail.sent[0].subject ==
        "membersync acme: run 21 needs a person (2 held, 1 invalid row)");
  CHECK(rig.mail.sent[0].body.find("  - zhangsan 张三\n") != std::string::npos);
  // The next run: only the refused address is tried again; the server is down now.
  rig.mail.results["refuse@acme.example"] = {MailResult::Outcome::TryLater, true,
                                             "connection refused"};
  RunFacts next = facts();
  next.run = 22;
  result = rig.report(next, attention);
  CHECK(result.channels[0].action == ChannelReport::Action::Skipped);
  CHECK(result.channels[1].action == ChannelReport::Action::Failed);
  CHECK(result.channels[2].action == ChannelReport::Action::Skipped);
  CHECK(rig.mail.sent.size() == 4);
}

TEST_CASE("report run: a channel without its tool fails, recorded, never throws", "[notify]") {
  Rig rig;
  const auto attention = heldAndInvalid();
  const auto result =
      reportRun(rig.settings, ReportTools{nullptr, nullptr, *rig.store, rig.clock, rig.scrubber},
                facts(), attention);
  REQUIRE(result.channels.size() == 1);
  CHECK(result.channels[0].action == ChannelReport::Action::Failed);
  CHECK(rig.store->lastReportSends().size() == 1);
}

TEST_CASE("report run: no channel configured, nothing happens", "[notify]") {
  Rig rig;
  rig.settings = ReportSettings{};
  const auto attention = heldAndInvalid();
  CHECK(rig.report(facts(), attention).channels.empty());
  CHECK(rig.store->lastReportSends().empty());
}

TEST_CASE(
    "report run: the robot's client keeps the center's CAs, with [report]'s time-out and proxy",
    "[notify]") {
  membersync::center::ClientOptions center;
  center.caFile = "/etc/ssl/acme-ca.pem";
  center.proxy = "proxy.acme.example:3128";
  ReportSettings report;
  report.timeoutS = 7;
  auto o = robotTransportOptions(center, report);
  CHECK(o.caFile == "/etc/ssl/acme-ca.pem");
  CHECK(o.proxy == "proxy.acme.example:3128");
  CHECK(o.timeout == 7s);
  CHECK(o.maxAnswerMb == 1);
  report.proxy = "";
  CHECK(robotTransportOptions(center, report).proxy.empty());
}
