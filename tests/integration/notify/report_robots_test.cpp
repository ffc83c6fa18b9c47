// Run reports against group robots on 127.0.0.1 over HTTPS (tests/support/robot_server.py),
// which check each vendor's format and signature as documented: WeCom, DingTalk signed and by
// keyword, Feishu signed, json signed; a refusal (a bad signature, a timestamp an hour off)
// recorded as a failed send and sent by the next run; the same situation twice sent once; and
// no robot key in a log line or the state database.

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "tests/integration/notify/report_driver.h"
#include "tests/unit/notify/notify_fixture.h"

using namespace membersync::notify;
using namespace membersync::notify::testing;
using namespace std::chrono_literals;
using membersync::state::ReportSendState;
using membersync::testing::RobotProcess;
using membersync::testing::RobotRequest;
using Action = ChannelReport::Action;

namespace {

RobotProcess::Robots signedRobots() {
  RobotProcess::Robots r;
  r.dingtalkSecret = "SECd1n9-7a1k-5ec2e7-0123456789abcdef";
  r.feishuSecret = "fe15hu-s1gn-5ec2e7-0123";
  r.jsonSecret = "j50n-h00k-5ec2e7";
  return r;
}

std::string fileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// No key, token or secret of any robot in what a person or the state can read.
void checkNoSecretLeaked(const ReportDriver& d, const RobotProcess::Robots& robots) {
  std::string everything = fileBytes(d.database) + fileBytes(d.database + "-wal");
  for (const auto& line : d.log) everything += line + "\n";
  for (const std::string& secret : {robots.wecomKey, robots.dingtalkToken, robots.dingtalkSecret,
                                    robots.feishuToken, robots.feishuSecret, robots.jsonSecret}) {
    if (secret.empty()) continue;
    INFO(secret);
    CHECK(everything.find(secret) == std::string::npos);
  }
}

// The one request the robot received, checked to have been taken.
RobotRequest onlyRequest(const RobotProcess& robots) {
  const auto requests = robots.requests();
  REQUIRE(requests.size() == 1);
  INFO(requests[0].why);
  CHECK(requests[0].code == 0);
  return requests[0];
}

}  // namespace

TEST_CASE("reports: the WeCom robot takes a markdown report within 4096 bytes of Chinese names",
          "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.weComUrl(), WebhookFormat::WeCom);
  const auto result = d.report(facts(), everyKind(20));  // far more than 4096 bytes
  REQUIRE(result.channels.size() == 1);
  INFO(result.channels[0].detail);
  CHECK(result.channels[0].action == Action::Sent);
  const RobotRequest r = onlyRequest(robots);
  CHECK(r.robot == "wecom");
  CHECK(r.body.find(" more") != std::string::npos);  // cut by whole items
  CHECK(d.store->lastReportSends()[0].state == ReportSendState::Sent);
  checkNoSecretLeaked(d, keys);
}

TEST_CASE("reports: a signed DingTalk robot takes a report whose sign matches its timestamp",
          "[notify][integration]") {
  auto keys = signedRobots();
  keys.dingtalkKeyword = "membersync-alert";
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.dingTalkUrl(), WebhookFormat::DingTalk, keys.dingtalkSecret);
  d.settings.webhookKeyword = "membersync-alert";
  const auto result = d.report(facts(), heldAndInvalid());
  INFO(result.channels[0].detail);
  CHECK(result.channels[0].action == Action::Sent);
  const RobotRequest r = onlyRequest(robots);
  CHECK(r.query.find("&timestamp=") != std::string::npos);
  CHECK(r.query.find("&sign=") != std::string::npos);
  checkNoSecretLeaked(d, keys);
}

TEST_CASE("reports: a keyword robot refuses a report without its keyword",
          "[notify][integration]") {
  auto keys = signedRobots();
  keys.dingtalkKeyword = "membersync-alert";
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.dingTalkUrl(), WebhookFormat::DingTalk, keys.dingtalkSecret);
  const auto result = d.report(facts(), heldAndInvalid());  // no webhook_keyword set
  CHECK(result.channels[0].action == Action::Failed);
  CHECK(result.channels[0].detail.find("refused with code 310000: keywords not in content") !=
        std::string::npos);
}

TEST_CASE("reports: a wrong signing secret is refused, recorded, and the next run sends again",
          "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.dingTalkUrl(), WebhookFormat::DingTalk, "SECnot-the-robots-secret-0000");
  auto result = d.report(facts(), heldAndInvalid());
  REQUIRE(result.channels[0].action == Action::Failed);
  CHECK(result.channels[0].detail.find("refused with code 310000: sign not match") !=
        std::string::npos);
  auto last = d.store->lastReportSends();
  REQUIRE(last.size() == 1);
  CHECK(last[0].state == ReportSendState::Failed);
  CHECK(last[0].why.find("310000") != std::string::npos);
  // The secret is fixed; the situation did not change, and the report goes now.
  d.robot(robots.dingTalkUrl(), WebhookFormat::DingTalk, keys.dingtalkSecret);
  RunFacts next = facts();
  next.run = 22;
  result = d.report(next, heldAndInvalid());
  CHECK(result.channels[0].action == Action::Sent);
  CHECK(result.channels[0].reason == SendReason::Retry);
  CHECK(robots.requests().size() == 2);
  CHECK(robots.requests()[1].code == 0);
  checkNoSecretLeaked(d, keys);
}

TEST_CASE("reports: a signed Feishu robot takes rich text, a timestamp an hour off is refused",
          "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.feishuUrl(), WebhookFormat::Feishu, keys.feishuSecret);
  RunFacts run = facts();
  run.link = "https://console.acme.example/runs/21";
  auto result = d.report(run, everyKind(20));
  INFO(result.channels[0].detail);
  CHECK(result.channels[0].action == Action::Sent);
  const RobotRequest r = onlyRequest(robots);
  CHECK(r.robot == "feishu");
  CHECK(r.body.size() <= 20000u);  // the server refuses more than 20 KB itself
  // The injected clock runs two hours behind: its signature is refused as the vendor documents.
  ReportDriver late(std::chrono::system_clock::now() - 2h);
  late.robot(robots.feishuUrl(), WebhookFormat::Feishu, keys.feishuSecret);
  result = late.report(facts(), heldAndInvalid());
  CHECK(result.channels[0].action == Action::Failed);
  CHECK(result.channels[0].detail.find("refused with code 19021") != std::string::npos);
  checkNoSecretLeaked(d, keys);
  checkNoSecretLeaked(late, keys);
}

TEST_CASE("reports: json is POSTed as documented and signed in its header",
          "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.jsonUrl(), WebhookFormat::Json, keys.jsonSecret);
  const auto result = d.report(facts(), heldAndInvalid());
  CHECK(result.channels[0].action == Action::Sent);
  const RobotRequest r = onlyRequest(robots);
  const auto body = Poco::JSON::Parser().parse(r.body).extract<Poco::JSON::Object::Ptr>();
  CHECK(body->getValue<int>("run") == 21);
  CHECK(body->getArray("attention")->size() == 2);
}

TEST_CASE("reports: the same situation twice sends one report", "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.weComUrl(), WebhookFormat::WeCom);
  d.report(facts(), heldAndInvalid());
  RunFacts next = facts();
  next.run = 22;
  d.clock.advance(15min);
  const auto result = d.report(next, heldAndInvalid());
  CHECK(result.channels[0].action == Action::Skipped);
  CHECK(robots.requests().size() == 1);
}

TEST_CASE("reports: a robot throttling or down is a failed send named by its origin, no key",
          "[notify][integration]") {
  const auto keys = signedRobots();
  RobotProcess robots(keys);
  ReportDriver d;
  d.robot(robots.weComUrl(), WebhookFormat::WeCom);
  robots.refuseNext("wecom", 45009, "api freq out of limit");
  auto result = d.report(facts(), heldAndInvalid());
  CHECK(result.channels[0].action == Action::Failed);
  CHECK(result.channels[0].detail.find("45009: api freq out of limit") != std::string::npos);
  robots.stop();
  RunFacts next = facts();
  next.run = 22;
  result = d.report(next, heldAndInvalid());
  CHECK(result.channels[0].action == Action::Failed);
  CHECK(result.channels[0].reason == SendReason::Retry);
  CHECK(d.log.back().find("the WeCom robot (https://127.0.0.1:" + std::to_string(robots.port()) +
                          ")") != std::string::npos);
  CHECK(d.log.back().find("not sent") != std::string::npos);
  checkNoSecretLeaked(d, keys);
}
