// The emulator over real HTTP: status lines, reason phrases, tokens and nonces as a client sees
// them through the harness.
#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;

namespace {
const std::string kMembers = "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=10";
}

TEST_CASE("emulator over HTTP: the three grants and their refusals", "[emulator][tokens]") {
  EmulatorProcess emu;
  auto r = tokenRequest(emu, kDemoClient, kDemoSecret, "grant_type=client_credentials");
  REQUIRE(r.status == 200);
  auto o = parseJson(r.body);
  CHECK(o->getValue<std::string>("token_type") == "bearer");
  CHECK(o->getValue<int>("expires_in") == 604800);
  CHECK(o->getValue<std::string>("scope") == "auth_me auth_activity");
  CHECK_FALSE(o->has("refresh_token"));

  r = tokenRequest(emu, kDemoClient, kDemoSecret,
                   "grant_type=password&username=admin%40acme&password=demo-admin-pass1");
  REQUIRE(r.status == 200);
  const std::string refresh = parseJson(r.body)->getValue<std::string>("refresh_token");
  r = tokenRequest(emu, kDemoClient, kDemoSecret,
                   "grant_type=refresh_token&refresh_token=" + refresh);
  CHECK(r.status == 200);

  r = tokenRequest(emu, kDemoClient, "not-the-secret", "grant_type=client_credentials");
  CHECK(r.status == 401);
  CHECK(parseJson(r.body)->getValue<std::string>("error") == "invalid_client");
  r = emu.request("POST", "/uc/oauth/token", {}, "grant_type=client_credentials");
  CHECK(r.status == 401);
  r = tokenRequest(emu, kDemoClient, kDemoSecret,
                   "grant_type=password&username=admin%40acme&password=wrong%2Bpass");
  CHECK(r.status == 400);
  CHECK(parseJson(r.body)->getValue<std::string>("error") == "invalid_grant");
  r = tokenRequest(emu, kDemoClient, kDemoSecret, "grant_type=authorization_code");
  CHECK(r.status == 400);
  CHECK(parseJson(r.body)->getValue<std::string>("error") == "unsupported_grant_type");
}

TEST_CASE("emulator over HTTP: a business error is status 299 with its reason and a string code",
          "[emulator][envelope]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  auto r = client.call("POST", "/me/api/v1/enterprise/ENT-ACME-0001/member", R"({"userList":[]})");
  CHECK(r.status == 299);
  CHECK(r.reason == "Business Exception");
  auto o = parseJson(r.body);
  CHECK(o->get("code").isString());
  CHECK(o->getValue<std::string>("code") == "40021");
  CHECK_FALSE(o->getValue<std::string>("message").empty());
  CHECK(o->has("cause"));
  CHECK(o->isNull("data"));

  r = client.call("GET", kMembers);
  CHECK(r.status == 200);
  o = parseJson(r.body);
  CHECK(o->get("code").isInteger());
  CHECK(o->getValue<int>("code") == 0);
  CHECK(o->getValue<std::string>("message") == "success");
}

TEST_CASE("emulator over HTTP: a missing or reused g_nonce is 70001", "[emulator][auth]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  auto missing = client.callWithNonce("GET", kMembers, "");
  CHECK(missing.status == 299);
  CHECK(parseJson(missing.body)->getValue<std::string>("code") == "70001");
  CHECK(client.callWithNonce("GET", kMembers, "abc-1").status == 200);
  auto reused = client.callWithNonce("GET", kMembers, "abc-1");
  CHECK(parseJson(reused.body)->getValue<std::string>("code") == "70001");
  // The activity service shares the nonces and says so in its own way.
  auto b1 = emu.request(
      "POST", "/activity/services/activity?g_nonce=abc-1",
      {{"Authorization", "Bearer " + client.appToken()}, {"Content-Type", "application/json"}},
      R"({"identity":"a@b.cn","activityLabel":"welcome-2026","source":"s"})");
  CHECK(b1.status == 200);
  CHECK(parseJson(b1.body)->getValue<std::string>("resultCode") == "1001");
}

TEST_CASE("emulator over HTTP: 64-bit ids and Chinese names survive the round trip",
          "[emulator][members]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  auto r = client.call(
      "POST", "/me/api/v1/enterprise/ENT-ACME-0001/member",
      R"({"userList":[{"userName":"wuyi","password":"abcdefgh1","name":"吴一二三四五六七八九十一二三四五六七八九十一二三四五六七八九"}]})");
  REQUIRE(r.status == 200);
  auto rec = parseJson(r.body)->getObject("data")->getArray("succeeded")->getObject(0);
  const std::int64_t id = rec->getValue<std::int64_t>("id");
  auto list = parseJson(client.call("GET", kMembers + std::string("&keyword=wuyi")).body);
  auto item = list->getObject("data")->getArray("list")->getObject(0);
  CHECK(item->getValue<std::string>("id") == std::to_string(id));
  CHECK(item->getValue<std::string>("name") == rec->getValue<std::string>("name"));
}

TEST_CASE(
    "emulator over HTTP: expire-tokens makes the next call 60000 until new tokens are fetched",
    "[emulator][auth]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  emu.expireTokens();
  CHECK(parseJson(client.call("GET", kMembers).body)->getValue<std::string>("code") == "60000");
  CenterClient fresh(emu);
  CHECK(fresh.call("GET", kMembers).status == 200);
}
