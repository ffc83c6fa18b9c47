// --echo-requests over HTTP: every error answer quotes the request it answers (query string,
// credential headers, body), the way a hostile or careless server would hand membersync's
// secrets back to it; successful answers are left as they are.
#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;
using Catch::Contains;
using Catch::EndsWith;

namespace {

const std::string kMembers = "/me/api/v1/enterprise/ENT-ACME-0001/member";

}  // namespace

TEST_CASE("emulator --echo-requests: a business error's cause ends with the request",
          "[emulator][echo]") {
  EmulatorProcess emu({"", {"--echo-requests"}});
  CenterClient client(emu);
  const std::string body =
      R"({"userList":[{"userName":"bad-name","password":"Secret123abc","name":"X"}]})";
  auto r = client.call("POST", kMembers + "?tag=a%2Fb", body);
  REQUIRE(r.status == 299);
  const std::string cause = parseJson(r.body)->getValue<std::string>("cause");
  CHECK_THAT(cause, Contains(" | request: POST " + kMembers + "?tag=a%2Fb&g_nonce="));
  CHECK_THAT(cause, Contains(" | Authorization: Bearer " + client.appToken()));
  CHECK_THAT(cause, Contains(" | clientToken: " + client.appToken()));
  CHECK_THAT(cause, Contains(" | userToken: " + client.userToken()));
  CHECK_THAT(cause, EndsWith(" | body: " + body));
  CHECK(parseJson(r.body)->getValue<std::string>("code") == "10003");
}

TEST_CASE("emulator --echo-requests: 60027 rows, B1 refusals and token errors quote the request",
          "[emulator][echo]") {
  EmulatorProcess emu({"", {"--echo-requests"}});
  CenterClient client(emu);
  const std::string add =
      R"({"userList":[{"userName":"zhangwei","password":"Passw0rdZw1","name":"Z"},)"
      R"({"userName":"newperson","password":"Passw0rdNp2","name":"N"}]})";
  auto r = client.call("POST", kMembers, add);
  REQUIRE(r.status == 299);
  auto o = parseJson(r.body);
  CHECK(o->getValue<std::string>("code") == "60027");
  auto failed = o->getObject("data")->getArray("failed");
  REQUIRE(failed->size() == 1);
  CHECK_THAT(failed->getObject(0)->getValue<std::string>("message"),
             Contains("account already exists | request: POST") && EndsWith(" | body: " + add));
  CHECK(o->getObject("data")->getArray("succeeded")->size() == 1);

  r = client.activity(
      R"({"identity":"nobody","activityLabel":"welcome-2026","source":"membersync"})");
  CHECK_THAT(parseJson(r.body)->getValue<std::string>("resultMessage"),
             Contains(" | Authorization: Bearer " + client.appToken()) &&
                 Contains("\"identity\":\"nobody\""));

  r = tokenRequest(emu, kDemoClient, kDemoSecret,
                   "grant_type=password&username=admin%40acme&password=wrong%2Bpass");
  CHECK(r.status == 400);
  CHECK_THAT(
      parseJson(r.body)->getValue<std::string>("error_description"),
      Contains(" | Authorization: " + basicAuth(kDemoClient, kDemoSecret)) &&
          EndsWith(" | body: grant_type=password&username=admin%40acme&password=wrong%2Bpass"));
}

TEST_CASE("emulator --echo-requests: successful answers are not touched", "[emulator][echo]") {
  EmulatorProcess emu({"", {"--echo-requests"}});
  CenterClient client(emu);
  auto r = client.call("GET", "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=10");
  CHECK(r.status == 200);
  CHECK_THAT(r.body, !Contains(" | request: "));
  r = client.activity(
      R"({"identity":"zhangwei@acme","activityLabel":"welcome-2026","source":"membersync"})");
  CHECK_THAT(r.body, Contains("\"0000\"") && !Contains(" | request: "));
  r = tokenRequest(emu, kDemoClient, kDemoSecret, "grant_type=client_credentials");
  CHECK(r.status == 200);
  CHECK_THAT(r.body, !Contains(" | request: "));
}

TEST_CASE("emulator without --echo-requests quotes nothing", "[emulator][echo]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  auto r = client.call("POST", kMembers, R"({"userList":[]})");
  CHECK(r.status == 299);
  CHECK_THAT(r.body, !Contains(" | request: "));
}
