// What a failed call tells a person: where it was going (the URL and the key that sets it) when it
// did not get there, which keys to correct when credentials are refused, and never the kind the
// code acts on ("(RetryLater)").

#include <catch2/catch.hpp>

#include <string>

#include "jobs/center/url.h"
#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;

namespace {

// A token endpoint that refuses every grant with `status` and `error`.
void refuseGrants(Rig& rig, int status, const std::string& error) {
  rig.service.tokenHandler = [=](const HttpRequest&,
                                 const std::string&) -> std::optional<TransportResult> {
    return TransportResult::answered(status, R"({"error":")" + error + R"("})");
  };
}

}  // namespace

TEST_CASE("messages: an error described for people names no internal kind", "[center]") {
  for (ErrorKind kind :
       {ErrorKind::RetryLater, ErrorKind::RenewTokens, ErrorKind::BadInput, ErrorKind::Conflict,
        ErrorKind::NotFound, ErrorKind::Configuration, ErrorKind::Protocol}) {
    Error e;
    e.endpoint = "A1 add members";
    e.code = "50003";
    e.kind = kind;
    e.message = "password length must lie between 8 and 20";
    e.httpStatus = 299;
    const std::string text = e.describe();
    INFO(text);
    CHECK(text ==
          "A1 add members: code 50003: password length must lie between 8 and 20 "
          "[HTTP 299]");
    CHECK(text.find(toString(kind)) == std::string::npos);
  }
}

TEST_CASE(
    "messages: a token endpoint that cannot be reached is named by its URL and "
    "[center] token_url",
    "[center]") {
  Rig rig;
  rig.service.tokenHandler = [](const HttpRequest&,
                                const std::string&) -> std::optional<TransportResult> {
    return TransportResult::notSent("Connection refused");
  };
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  const std::string text = r.error().describe();
  INFO(text);
  CHECK(text.find("could not reach " + kTokenUrl + " ([center] token_url)") != std::string::npos);
  CHECK(text.find("Connection refused") != std::string::npos);
  CHECK(text.find("RetryLater") == std::string::npos);
}

TEST_CASE(
    "messages: a member center that cannot be reached is named by its URL and "
    "[center] base_url, a request that cannot be sent as configured too",
    "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) {
    return TransportResult::notSent("Connection refused");
  };
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK_THAT(r.error().describe(), Catch::Contains("could not reach " + kBase +
                                                   " ([center] base_url): Connection refused"));

  Rig tls;
  tls.service.handler = [](const HttpRequest&) {
    return TransportResult::notSent("certificate verify failed", true);
  };
  auto refused = tls.members.listAssetNumbers();
  REQUIRE(refused.failed());
  CHECK_THAT(refused.error().describe(),
             Catch::Contains("the request to " + kBase + " ([center] base_url) cannot be sent"));
}

TEST_CASE(
    "messages: refused credentials name the keys to correct: the application's, the "
    "admin's, or the activity application's",
    "[center]") {
  Rig app;
  refuseGrants(app, 401, "invalid_client");
  auto r = app.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK_THAT(r.error().message,
             Catch::Contains("correct [center] client_id and client_secret_file"));

  Rig admin;
  admin.service.tokenHandler = [](const HttpRequest&,
                                  const std::string& grant) -> std::optional<TransportResult> {
    if (grant != "password") return std::nullopt;
    return TransportResult::answered(400, R"({"error":"invalid_grant"})");
  };
  auto a = admin.members.listAssetNumbers();
  REQUIRE(a.failed());
  CHECK_THAT(a.error().message,
             Catch::Contains("correct [center] admin_user and admin_password_file"));

  ClientOptions o = testOptions();
  o.activityClientId = "act-app";
  o.activityClientSecret = membersync::Secret("act-secret-77");
  Rig activity(o);
  refuseGrants(activity, 401, "invalid_client");
  auto b = activity.activity.enrol({"zhangsan@acme", "welcome-2026", "membersync", "HQ", {}});
  REQUIRE(b.failed());
  CHECK_THAT(
      b.error().message,
      Catch::Contains("correct [center] activity_client_id and activity_client_secret_file"));
}

TEST_CASE("messages: tokens refused again after renewal name the keys to check", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return businessAnswer("60000", "no permission"); };
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::Configuration);
  CHECK_THAT(r.error().message,
             Catch::Contains("[center] client_id") && Catch::Contains("enterprise_global_id"));
}

TEST_CASE("messages: a URL shown to people carries no credentials, query or fragment", "[center]") {
  CHECK(urlForPeople("https://mc.example.com") == "https://mc.example.com");
  CHECK(urlForPeople("https://u:p@mc.example.com:8443/uc/oauth/token?key=k#x") ==
        "https://mc.example.com:8443/uc/oauth/token");
  CHECK(urlForPeople("https://mc.example.com/a@b") == "https://mc.example.com/a@b");
  CHECK(urlForPeople("http://127.0.0.1:8700?x=1") == "http://127.0.0.1:8700");
}
