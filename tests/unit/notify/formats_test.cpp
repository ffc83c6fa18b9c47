// Each robot's message as its vendor documents it (robot_request.h cites the pages), each
// signature against a vector computed by hand with openssl, each size limit in UTF-8 bytes,
// and what counts as the robot taking the message.

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>
#include <chrono>

#include "jobs/notify/robot_answer.h"
#include "jobs/notify/robot_request.h"
#include "tests/unit/notify/notify_fixture.h"

using namespace membersync::notify;
using namespace membersync::notify::testing;
using membersync::Clock;
using membersync::Secret;
using membersync::center::TransportResult;
using Poco::JSON::Object;

namespace {

// 2023-11-14T22:13:20Z: the vectors' time.
const Clock::WallPoint kAt{std::chrono::milliseconds(1700000000000)};

Object::Ptr json(const std::string& body) {
  return Poco::JSON::Parser().parse(body).extract<Object::Ptr>();
}

ReportContent contentOf(const membersync::report::Attention& attention) {
  return reportContent(facts(), attention, SendReason::New, "", ReportLanguage::En);
}

}  // namespace

TEST_CASE("formats: the DingTalk signature matches a vector computed with openssl", "[notify]") {
  // T=1700000000000; S='SEC0123456789abcdef'
  // printf '%s\n%s' "$T" "$S" | openssl dgst -sha256 -hmac "$S" -binary | base64
  //   TSZbRFUuvaSQaRKUpF970OPCb2/LcQAP3wOvwZIzBZk=   (then URL-encoded)
  CHECK(dingTalkSign(Secret("SEC0123456789abcdef"), 1700000000000) ==
        "TSZbRFUuvaSQaRKUpF970OPCb2%2FLcQAP3wOvwZIzBZk%3D");
}

TEST_CASE("formats: the Feishu signature matches a vector computed with openssl", "[notify]") {
  // printf '' | openssl dgst -sha256 -hmac "$(printf '1700000000\nSECfeishu-0123')" -binary |
  // base64
  CHECK(feishuSign(Secret("SECfeishu-0123"), 1700000000) ==
        "SUp7GapoGKR6xOsuMTku7zvSf3Icbfg+k5jMdpcPI/8=");
}

TEST_CASE("formats: WeCom gets a markdown message at its URL, within 4096 bytes", "[notify]") {
  const std::string url = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx";
  const auto attention = everyKind(20);
  const auto r = weComRequest(url, contentOf(attention));
  CHECK(r.method == "POST");
  CHECK(r.url == url);
  const auto body = json(r.body);
  CHECK(body->getValue<std::string>("msgtype") == "markdown");
  const std::string content = body->getObject("markdown")->getValue<std::string>("content");
  CHECK(content.size() <= 4096);  // WeCom's documented limit, not the constant under test
  CHECK(content.size() > 4096 - 400);  // the room is used, not wasted
  CHECK(content.find("more") != std::string::npos);
}

TEST_CASE("formats: DingTalk gets a markdown title and text, unsigned, the URL is as given",
          "[notify]") {
  const std::string url = "https://oapi.dingtalk.com/robot/send?access_token=abc123token";
  const auto attention = heldAndInvalid();
  const auto r = dingTalkRequest(url, contentOf(attention), Secret(), kAt);
  CHECK(r.url == url);
  const auto body = json(r.body);
  CHECK(body->getValue<std::string>("msgtype") == "markdown");
  const auto markdown = body->getObject("markdown");
  CHECK(markdown->getValue<std::string>("title") ==
        "membersync acme: run 21 needs a person (2 held, 1 invalid row)");
  CHECK(markdown->getValue<std::string>("text").find("zhangsan 张三") != std::string::npos);
}

TEST_CASE("formats: a signed DingTalk message carries &timestamp (ms) and &sign in its URL",
          "[notify]") {
  const std::string url = "https://oapi.dingtalk.com/robot/send?access_token=abc123token";
  const auto attention = heldAndInvalid();
  const auto r = dingTalkRequest(url, contentOf(attention), Secret("SEC0123456789abcdef"), kAt);
  CHECK(r.url ==
        url + "&timestamp=1700000000000&sign=TSZbRFUuvaSQaRKUpF970OPCb2%2FLcQAP3wOvwZIzBZk%3D");
}

TEST_CASE("formats: DingTalk's body stays within 20,000 bytes", "[notify]") {
  const auto attention = everyKind(20);
  const auto r = dingTalkRequest("https://oapi.dingtalk.com/robot/send?access_token=t",
                                 contentOf(attention), Secret(), kAt);
  CHECK(r.body.size() <= 20000);
  CHECK(r.body.size() > 20000 - 1000);
}

TEST_CASE("formats: Feishu gets signed rich text of text and a tags, within 20,000 bytes",
          "[notify]") {
  const std::string url =
      "https://open.feishu.cn/open-apis/bot/v2/hook/0a1b2c3d-4e5f-6789-abcd-ef0123456789";
  auto attention = everyKind(20);
  RunFacts f = facts();
  f.link = "https://console.acme.example/runs/21";
  const ReportContent c = reportContent(f, attention, SendReason::New, "", ReportLanguage::En);
  const auto r = feishuRequest(url, c, Secret("SECfeishu-0123"), kAt, ReportLanguage::En);
  CHECK(r.url == url);
  CHECK(r.body.size() <= 20000);
  CHECK(r.body.size() > 20000 - 1000);
  const auto body = json(r.body);
  CHECK(body->getValue<std::string>("timestamp") == "1700000000");  // seconds, as a string
  CHECK(body->getValue<std::string>("sign") == "SUp7GapoGKR6xOsuMTku7zvSf3Icbfg+k5jMdpcPI/8=");
  CHECK(body->getValue<std::string>("msg_type") == "post");
  const auto post = body->getObject("content")->getObject("post")->getObject("en_us");
  CHECK(post->getValue<std::string>("title") == c.title);
  const auto lines = post->getArray("content");
  REQUIRE(lines->size() > 10);
  for (std::size_t i = 0; i < lines->size(); ++i) {
    const auto tags = lines->getArray(static_cast<unsigned>(i));
    for (std::size_t k = 0; k < tags->size(); ++k) {
      const std::string tag =
          tags->getObject(static_cast<unsigned>(k))->getValue<std::string>("tag");
      CHECK((tag == "text" || tag == "a"));
    }
  }
  const auto last = lines->getArray(static_cast<unsigned>(lines->size() - 1))->getObject(0);
  CHECK(last->getValue<std::string>("tag") == "a");
  CHECK(last->getValue<std::string>("href") == "https://console.acme.example/runs/21");
}

TEST_CASE("formats: an unsigned Feishu message has no timestamp or sign", "[notify]") {
  const auto attention = heldAndInvalid();
  const auto r = feishuRequest("https://open.feishu.cn/open-apis/bot/v2/hook/x",
                               contentOf(attention), Secret(), kAt, ReportLanguage::En);
  const auto body = json(r.body);
  CHECK_FALSE(body->has("timestamp"));
  CHECK_FALSE(body->has("sign"));
}

TEST_CASE("formats: json is membersync's documented object, signed in a header", "[notify]") {
  const auto attention = heldAndInvalid();
  RunFacts f = facts();
  const ReportContent c = reportContent(f, attention, SendReason::Changed, "", ReportLanguage::En);
  const auto r = jsonRequest("https://hooks.acme.example/membersync", c,
                             JsonFacts{f, SendReason::Changed, kAt}, Secret("hook-secret"));
  const auto body = json(r.body);
  CHECK(body->getValue<std::string>("format") == "membersync-report");
  CHECK(body->getValue<int>("version") == 1);
  CHECK(body->getValue<std::string>("enterprise") == "acme");
  CHECK(body->getValue<int>("run") == 21);
  CHECK(body->getValue<std::string>("outcome") == "partly-failed");
  CHECK(body->getValue<std::string>("reason") == "changed");
  CHECK(body->getValue<std::string>("at") == "2023-11-14T22:13:20Z");
  CHECK(body->getObject("counts")->getValue<int>("added") == 3);
  const auto groups = body->getArray("attention");
  REQUIRE(groups->size() == 2);
  const auto held = groups->getObject(0);
  CHECK(held->getValue<std::string>("kind") == "held");
  CHECK(held->getValue<int>("count") == 2);
  CHECK(held->getValue<std::string>("command") == "membersync allow 21");
  CHECK(held->getArray("items")->getObject(1)->getValue<std::string>("name") == "李四");
  CHECK(held->getValue<int>("more") == 0);
  CHECK(body->getValue<std::string>("text").find("2 held by a safety guard") != std::string::npos);
  bool signedHeader = false;
  for (const auto& [name, value] : r.headers)
    if (name == "X-Membersync-Signature-256")
      signedHeader = value.rfind("sha256=", 0) == 0 && value.size() == 71;
  CHECK(signedHeader);
}

TEST_CASE("formats: a robot took the message only when it answered errcode or code 0", "[notify]") {
  CHECK_FALSE(robotRefusal(WebhookFormat::WeCom,
                           TransportResult::answered(200, R"({"errcode":0,"errmsg":"ok"})")));
  CHECK_FALSE(
      robotRefusal(WebhookFormat::Feishu,
                   TransportResult::answered(200, R"({"code":0,"msg":"success","data":{}})")));
  const auto sign = robotRefusal(
      WebhookFormat::DingTalk,
      TransportResult::answered(200, R"({"errcode":310000,"errmsg":"sign not match"})"));
  REQUIRE(sign);
  CHECK(*sign == "refused with code 310000: sign not match");
  const auto feishu = robotRefusal(
      WebhookFormat::Feishu,
      TransportResult::answered(
          200,
          R"({"code":19021,"msg":"sign match fail or timestamp is not within one hour from current time","data":{}})"));
  REQUIRE(feishu);
  CHECK(feishu->rfind("refused with code 19021", 0) == 0);
  CHECK(robotRefusal(WebhookFormat::WeCom, TransportResult::answered(502, "Bad Gateway")) ==
        std::string("HTTP 502: Bad Gateway"));
  CHECK(robotRefusal(WebhookFormat::WeCom, TransportResult::answered(200, "<html>")));
  CHECK(robotRefusal(WebhookFormat::WeCom, TransportResult::notSent("Connection refused")) ==
        std::string("not sent: Connection refused"));
  // json: any 2xx answer, unless it says an error code.
  CHECK_FALSE(robotRefusal(WebhookFormat::Json, TransportResult::answered(204, "")));
  CHECK(robotRefusal(WebhookFormat::Json, TransportResult::answered(200, R"({"code":7})")));
}
