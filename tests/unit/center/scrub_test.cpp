// Every text the service sends back leaves the Session scrubbed: error messages and causes, a
// token endpoint's error_description, 60027 rows' reasons, B1's messages and units, whatever
// secret they quote (configured, token, generated password) and in whatever form.

#include <catch2/catch.hpp>

#include "jobs/center/url.h"
#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;
using membersync::Secret;

namespace {

// `text` as a JSON string literal's inside.
std::string jsonText(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The request quoted back, as a server that echoes its requests would.
std::string echo(const HttpRequest& r) {
  std::string out = r.method + " " + r.url;
  for (const auto& [name, value] : r.headers) out += " | " + name + ": " + value;
  return out + " | body: " + r.body;
}

void checkClean(const std::string& text) {
  INFO(text);
  for (const std::string& secret :
       {kClientSecret, kAdminPassword, percentEncode(kAdminPassword), std::string("client-token-1"),
        std::string("user-token-1"),
        basicAuthorization("membersync-demo", Secret(kClientSecret)).reveal().substr(6)}) {
    CHECK(text.find(secret) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("scrub: a member-center error quoting the tokens and the request is scrubbed",
          "[center][scrub]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest& r) {
    return TransportResult::answered(299, R"({"code":"40000","message":"bad )" +
                                              jsonText(kClientSecret) + R"(","cause":")" +
                                              jsonText(echo(r)) + R"(","data":null})");
  };
  auto r = rig.members.deleteMember("G-1");
  REQUIRE(r.failed());
  const std::string text = r.error().describe();
  checkClean(text);
  CHECK_THAT(text, Catch::Contains("clientToken: [redacted]") &&
                       Catch::Contains("userToken: [redacted]") &&
                       Catch::Contains("server: bad [redacted]"));
}

TEST_CASE("scrub: a refused password grant quoting its form body and Basic header is scrubbed",
          "[center][scrub]") {
  Rig rig;
  rig.service.tokenHandler = [](const HttpRequest& r,
                                const std::string& grant) -> std::optional<TransportResult> {
    if (grant != "password") return std::nullopt;
    return TransportResult::answered(
        400, R"({"error":"invalid_grant","error_description":")" + jsonText(echo(r)) + "\"}");
  };
  auto check = rig.session.checkTokens();
  REQUIRE(check.failed());
  checkClean(check.error().describe());
  CHECK_THAT(check.error().describe(), Catch::Contains("password=[redacted]") &&
                                           Catch::Contains("Authorization: Basic [redacted]"));
  auto call = rig.members.listAssetNumbers();
  REQUIRE(call.failed());
  checkClean(call.error().describe());
}

TEST_CASE("scrub: every token joins the scrubber as it is issued", "[center][scrub]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return okAnswer("[]"); };
  REQUIRE(rig.members.listAssetNumbers().ok());
  CHECK(rig.scrubber.scrub("client-token-1 user-token-1") == "[redacted] [redacted]");
}

TEST_CASE("scrub: a 60027 row's reason quoting the generated password is scrubbed",
          "[center][scrub]") {
  Rig rig;
  const Secret password("Gen3ratedPassw0rd");  // registered by the client as it sends it
  rig.service.handler = [](const HttpRequest& r) {
    return businessAnswer("60027", "some failed",
                          R"({"succeeded":[],"failed":[{"userName":"zhangsan","message":")" +
                              jsonText("exists: " + r.body) + "\"}]}");
  };
  auto r = rig.members.addMembers(
      {NewMember{"zhangsan", password, std::string("1001"), "Name", std::nullopt, std::nullopt}});
  REQUIRE(r.ok());
  REQUIRE(r.value().failed.size() == 1);
  const std::string& message = r.value().failed[0].message;
  CHECK(message.find("Gen3ratedPassw0rd") == std::string::npos);
  CHECK_THAT(message, Catch::Contains(R"("password":"[redacted]")"));
}

TEST_CASE("scrub: a password reset's error quoting the new password is scrubbed, in doubt too",
          "[center][scrub]") {
  Rig rig;
  const Secret password("N3wPassw0rd-for-lisi");
  rig.service.handler = [](const HttpRequest& r) {
    return businessAnswer("500", "processing exception: " + jsonText(echo(r)), "null");
  };
  auto r = rig.members.resetPassword("G-1", password);
  REQUIRE_FALSE(r.ok());
  const std::string text = r.error().describe();
  INFO(text);
  CHECK(text.find("N3wPassw0rd-for-lisi") == std::string::npos);
  CHECK_THAT(text, Catch::Contains("[redacted]"));
  CHECK(rig.scrubber.scrub("was N3wPassw0rd-for-lisi") == "was [redacted]");
}

TEST_CASE("scrub: B1's messages and a 3002 unit's reason are scrubbed", "[center][scrub]") {
  Rig rig;
  const EnrolRequest enrol{"zhangsan@acme", "welcome-2026", "membersync", "HQ", std::nullopt};
  rig.service.handler = [](const HttpRequest& r) {
    const std::string quoted = jsonText(echo(r));
    return TransportResult::answered(
        200, R"({"resultCode":"3002","resultMessage":")" + quoted +
                 R"(","activityDtoList":[{"id":"ACT","name":"w","participateResult":false,)"
                 R"("engineSubActivityDtos":[{"id":"U1","name":"seat","participateResult":false,)"
                 R"("errorCode":14005,"errorMessage":")" +
                 quoted + "\"}]}]}");
  };
  auto refused = rig.activity.enrol(enrol);
  REQUIRE(refused.failed());
  checkClean(refused.error().describe());
  CHECK(refused.error().activities.at(0).units.at(0).errorMessage.find("[redacted]") !=
        std::string::npos);

  rig.service.handler = [](const HttpRequest& r) {
    return TransportResult::answered(
        200, R"({"resultCode":"0000","resultMessage":")" + jsonText(echo(r)) + "\"}");
  };
  auto ok = rig.activity.enrol(enrol);
  REQUIRE(ok.ok());
  checkClean(ok.value().resultMessage);
  CHECK_THAT(ok.value().resultMessage, Catch::Contains("Bearer [redacted]"));
}
