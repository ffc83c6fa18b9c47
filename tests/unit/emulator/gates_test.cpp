#include <catch2/catch.hpp>

#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

std::map<std::string, std::string> headers(const InProcess& emu) {
  return {{"Authorization", "Bearer " + emu.appToken},
          {"clientToken", emu.appToken},
          {"userToken", emu.userToken}};
}

const std::string kList = "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=5";

}  // namespace

TEST_CASE("gates: a missing g_nonce is 70001, checked before the tokens", "[emulator][auth]") {
  InProcess emu;
  Reply r = emu.raw("GET", kList, {});
  CHECK(r.status == 299);
  CHECK(r.reason == "Business Exception");
  CHECK(InProcess::code(r) == "70001");
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=", headers(emu))) == "70001");
}

TEST_CASE("gates: a g_nonce seen before on any endpoint is 70001", "[emulator][auth]") {
  InProcess emu;
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=once", headers(emu))) == "0");
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=once", headers(emu))) == "70001");
  CHECK(InProcess::code(emu.raw("GET",
                                "/me/api/v1/enterprise/ENT-ACME-0001/asset/assetNums?g_nonce=once",
                                headers(emu))) == "70001");
  // A refused call still used its nonce up.
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=bad-token", {})) == "60000");
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=bad-token", headers(emu))) == "70001");
}

TEST_CASE("gates: the application token must be live, hold auth_me and equal clientToken",
          "[emulator][auth]") {
  InProcess emu;
  auto h = headers(emu);
  h["Authorization"] = "Bearer nope";
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=1", h)) == "60000");
  h = headers(emu);
  h["clientToken"] = "other";
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=2", h)) == "60000");
  h = headers(emu);
  h.erase("clientToken");
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=3", h)) == "60000");
  h = headers(emu);  // a user token is no application token
  h["Authorization"] = "Bearer " + emu.userToken;
  h["clientToken"] = emu.userToken;
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=4", h)) == "60000");
  emu.emulator->handle(Request{"POST", "/_emulator/expire-tokens", {}, {}, ""});
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=5", headers(emu))) == "60000");
}

TEST_CASE("gates: an app without auth_me is refused with 60000", "[emulator][auth]") {
  InProcess emu("switches.json");
  Reply t = emu.token("activity-only-app", "activity-only-secret", "grant_type=client_credentials");
  const std::string app = parse(t.body)->getValue<std::string>("access_token");
  Reply r = emu.raw(
      "GET", "/me/api/v1/enterprise/ENT-ACME-0001/asset/assetNums?g_nonce=1",
      {{"Authorization", "Bearer " + app}, {"clientToken", app}, {"userToken", emu.userToken}});
  CHECK(InProcess::code(r) == "60000");
  CHECK(parse(r.body)->getValue<std::string>("cause").find("auth_me") != std::string::npos);
}

TEST_CASE("gates: the user token must be a live password-grant token (60005)", "[emulator][auth]") {
  InProcess emu;
  auto h = headers(emu);
  h["userToken"] = "nope";
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=1", h)) == "60005");
  h["userToken"] = emu.appToken;
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=2", h)) == "60005");
  h.erase("userToken");
  CHECK(InProcess::code(emu.raw("GET", kList + "&g_nonce=3", h)) == "60005");
}

TEST_CASE("gates: another enterprise in the path is 60000", "[emulator][auth]") {
  InProcess emu;
  CHECK(InProcess::code(emu.call("GET", "/enterprise/ENT-OTHER/members?pageNum=1&pageSize=5")) ==
        "60000");
}

TEST_CASE("gates: --fail-rate answers 500 and does nothing", "[emulator][faults]") {
  ServiceOptions o;
  o.failRate = 1;
  InProcess emu("demo.json", o);
  Reply r = emu.call("POST", kEnt + "/member",
                     R"({"userList":[{"userName":"nobody","password":"abcdefgh1","name":"N"}]})");
  CHECK(r.status == 299);
  CHECK(InProcess::code(r) == "500");
  CHECK_THROWS(emu.globalIdOf("nobody@acme"));
}

TEST_CASE("gates: --uc-fail-rate answers 80001 on A1-A5 only", "[emulator][faults]") {
  ServiceOptions o;
  o.ucFailRate = 1;
  InProcess emu("demo.json", o);
  CHECK(InProcess::code(emu.call("GET", kEnt + "/members?pageNum=1&pageSize=5")) == "80001");
  CHECK(InProcess::code(emu.call("DELETE", kEnt + "/member/" + emu.globalIdOf("lina@acme"))) ==
        "80001");
  CHECK(InProcess::code(emu.call("GET", kEnt + "/asset/assetNums")) == "0");
}

TEST_CASE("gates: the same seed makes the same fault choices", "[emulator][faults]") {
  auto run = [](std::uint64_t seed) {
    ServiceOptions o;
    o.failRate = 0.5;
    o.seed = seed;
    InProcess emu("demo.json", o);
    std::string codes;
    for (int i = 0; i < 32; ++i)
      codes += InProcess::code(emu.call("GET", kEnt + "/asset/assetNums")) + ",";
    return codes;
  };
  CHECK(run(42) == run(42));
  CHECK(run(42) != run(43));
  CHECK(run(42).find("500") != std::string::npos);
}

TEST_CASE("token endpoint: bad client credentials are 401 invalid_client", "[emulator][tokens]") {
  InProcess emu;
  Reply r = emu.token("membersync-demo", "wrong", "grant_type=client_credentials");
  CHECK(r.status == 401);
  CHECK(InProcess::code(r) == "invalid_client");
  r = emu.raw("POST", "/uc/oauth/token", {{"Authorization", "Basic !!!"}},
              "grant_type=client_credentials");
  CHECK(r.status == 401);
}

TEST_CASE("token endpoint: grants answer OAuth2 JSON, errors name the problem",
          "[emulator][tokens]") {
  InProcess emu;
  Reply r = emu.token("membersync-demo", "demo-client-secret",
                      "grant_type=password&username=admin%40acme&password=demo-admin-pass1");
  REQUIRE(r.status == 200);
  auto o = parse(r.body);
  CHECK(o->getValue<std::string>("token_type") == "bearer");
  CHECK(o->getValue<int>("expires_in") == 604800);
  CHECK(o->getValue<std::string>("scope") == "auth_me auth_activity");
  const std::string refresh = o->getValue<std::string>("refresh_token");
  CHECK(o->getValue<std::string>("access_token") == emu.userToken);  // still valid: same token

  r = emu.token("membersync-demo", "demo-client-secret",
                "grant_type=password&username=admin%40acme&password=wrong");
  CHECK(r.status == 400);
  CHECK(InProcess::code(r) == "invalid_grant");
  r = emu.token("membersync-demo", "demo-client-secret", "grant_type=magic");
  CHECK(r.status == 400);
  CHECK(InProcess::code(r) == "unsupported_grant_type");
  r = emu.token("membersync-demo", "demo-client-secret",
                "grant_type=refresh_token&refresh_token=" + refresh);
  CHECK(r.status == 200);
  r = emu.token("me-only-app", "me-only-secret",
                "grant_type=refresh_token&refresh_token=" + refresh);
  CHECK(InProcess::code(r) == "invalid_grant");
  r = emu.token("me-only-app", "me-only-secret", "grant_type=client_credentials");
  CHECK(parse(r.body)->getValue<std::string>("scope") == "auth_me");
}

TEST_CASE("token endpoint: more than 15 wrong passwords in a minute lock the account",
          "[emulator][tokens]") {
  InProcess emu;
  const std::string wrong = "grant_type=password&username=admin%40acme&password=bad";
  for (int i = 0; i < 15; ++i) {
    CHECK(InProcess::code(emu.token("membersync-demo", "demo-client-secret", wrong)) ==
          "invalid_grant");
  }
  CHECK(InProcess::code(emu.token("membersync-demo", "demo-client-secret", wrong)) ==
        "account_locked");
  const std::string right = "grant_type=password&username=admin%40acme&password=demo-admin-pass1";
  CHECK(InProcess::code(emu.token("membersync-demo", "demo-client-secret", right)) ==
        "account_locked");
  emu.clock.advance(std::chrono::minutes(5));
  CHECK(emu.token("membersync-demo", "demo-client-secret", right).status == 200);
}
