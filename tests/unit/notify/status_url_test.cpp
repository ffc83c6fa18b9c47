// What `status` says of the reports, and the robot's URL: checked without repeating it, shown
// by its origin alone, and every piece of it that carries the key given to the scrubber.

#include <catch2/catch.hpp>
#include <cstdlib>

#include "jobs/core/scrubber.h"
#include "jobs/notify/report_status.h"
#include "jobs/notify/webhook_url.h"

using namespace membersync::notify;
using membersync::Scrubber;
using membersync::state::ReportSend;
using membersync::state::ReportSendState;

TEST_CASE("report status: the newest send of each channel, a failure with why and what next",
          "[notify]") {
  ::setenv("TZ", "Asia/Shanghai", 1);
  ::tzset();
  const membersync::state::Millis at = 1700000000000;  // 2023-11-15 06:13:20 in Shanghai
  const std::vector<ReportSend> last{
      {1, 0, "mail:it@acme.example", at, ReportSendState::Failed, "new", "x", "connection refused"},
      {2, 21, "wecom", at, ReportSendState::Sent, "new", "x", ""}};
  CHECK(
      reportStatusLine(last) ==
      "Reports: mail:it@acme.example failed 2023-11-15 06:13 CST (a run that failed): "
      "connection refused; the next run sends it again; wecom sent 2023-11-15 06:13 CST (run 21)");
  CHECK(reportStatusLine({}).empty());
  ::unsetenv("TZ");
  ::tzset();
}

TEST_CASE("webhook url: https, or http only to this machine, problems never repeat the URL",
          "[notify]") {
  CHECK_FALSE(webhookUrlProblem("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k"));
  CHECK_FALSE(webhookUrlProblem("http://127.0.0.1:8080/robot/send?access_token=t"));
  CHECK_FALSE(webhookUrlProblem("http://localhost/hook"));
  const auto plain =
      webhookUrlProblem("http://oapi.dingtalk.com/robot/send?access_token=secret-token");
  REQUIRE(plain);
  CHECK(plain->find("secret-token") == std::string::npos);
  CHECK(plain->find("plain http://") != std::string::npos);
  CHECK(webhookUrlProblem("ftp://example.com/x"));
  CHECK(webhookUrlProblem("https:///nohost"));
}

TEST_CASE("webhook url: a person reads the robot's origin, never its path or key", "[notify]") {
  CHECK(webhookOrigin("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k") ==
        "https://qyapi.weixin.qq.com");
  CHECK(webhookOrigin("http://127.0.0.1:8080/open-apis/bot/v2/hook/0a1b2c3d-4e5f-6789") ==
        "http://127.0.0.1:8080");
}

TEST_CASE("webhook url: the key in the query and a hook token in the path are scrubbed",
          "[notify]") {
  Scrubber scrubber;
  const std::string wecom =
      "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aoc-4bc4";
  const std::string feishu = "https://open.feishu.cn/open-apis/bot/v2/hook/0a1b2c3d-4e5f-6789-abcd";
  for (const auto& url : {wecom, feishu})
    for (const auto& secret : webhookUrlSecrets(url)) scrubber.add(secret);
  CHECK(scrubber.scrub("POST " + wecom + " failed") == "POST [redacted] failed");
  CHECK(scrubber.scrub("hint: key=693a91f6-7aoc-4bc4") == "hint: [redacted]");  // the query whole
  CHECK(scrubber.scrub("key 693a91f6-7aoc-4bc4") == "key [redacted]");
  CHECK(scrubber.scrub("GET /open-apis/bot/v2/hook/0a1b2c3d-4e5f-6789-abcd HTTP/1.1") ==
        "GET [redacted] HTTP/1.1");
  CHECK(scrubber.scrub("token 0a1b2c3d-4e5f-6789-abcd") == "token [redacted]");
  // The ordinary words of the path are not secrets.
  CHECK(scrubber.scrub("send to the webhook") == "send to the webhook");
}

TEST_CASE("webhook url: query pairs are appended with ? or &", "[notify]") {
  CHECK(withQuery("https://h/robot/send?access_token=t", {{"timestamp", "1"}, {"sign", "s"}}) ==
        "https://h/robot/send?access_token=t&timestamp=1&sign=s");
  CHECK(withQuery("https://h/hook", {{"a", "1"}}) == "https://h/hook?a=1");
}
