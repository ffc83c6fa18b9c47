#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/emulator/fixture.h"
#include "tests/emulator/text_rules.h"

using namespace membersync::emulator;
using Catch::Matchers::Contains;

namespace {

const std::string kFixtures = EMULATOR_FIXTURES_DIR;

// A minimal valid fixture with `extra` spliced into the top-level object.
std::string fixtureWith(const std::string& extra, const std::string& enterprise = "") {
  return R"({"enterprise":{"globalId":"E1","id":1,"code":"acme","customerId":"C1")" + enterprise +
         R"(},"apps":[{"clientId":"a","clientSecret":"s","scopes":["auth_me"]}],"admins":[],)"
         R"("departments":[{"id":10,"name":"ENG"}])" +
         extra + "}";
}

std::string errorOf(const std::string& text) {
  try {
    parseFixture(text, "t.json");
  } catch (const FixtureError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("fixture: the demo fixture holds the credentials the example config relies on",
          "[emulator][fixture]") {
  Fixture f = loadFixture(kFixtures + "/demo.json");
  CHECK(f.enterprise.globalId == "ENT-ACME-0001");
  CHECK(f.enterprise.id == 880001);
  CHECK(f.enterprise.code == "acme");
  CHECK(f.enterprise.accountSuffix == "@{code}");
  CHECK(f.enterprise.customerId == "CUST-ACME");
  REQUIRE(f.apps.size() == 2);
  CHECK(f.apps[0].clientId == "membersync-demo");
  CHECK(f.apps[0].clientSecret == "demo-client-secret");
  CHECK(f.apps[0].scopes == std::vector<std::string>{"auth_me", "auth_activity"});
  CHECK(f.apps[1].clientId == "me-only-app");
  CHECK(f.apps[1].clientSecret == "me-only-secret");
  CHECK(f.apps[1].scopes == std::vector<std::string>{"auth_me"});
  REQUIRE(f.admins.size() == 1);
  CHECK(f.admins[0].username == "admin@acme");
  CHECK(f.admins[0].password == "demo-admin-pass1");
  CHECK(f.assets.size() == 30);
  CHECK(f.locks.size() == 5);
  CHECK(f.activities.size() == 2);
}

TEST_CASE("fixture: members get 64-bit ids, the expanded suffix and stable global ids",
          "[emulator][fixture]") {
  Fixture a = loadFixture(kFixtures + "/demo.json");
  Fixture b = loadFixture(kFixtures + "/demo.json");
  REQUIRE_FALSE(a.members.empty());
  const Member& first = a.members.front();
  CHECK(first.userName == "zhangwei@acme");
  CHECK(first.name == "张伟");
  CHECK(first.id == 1700000000000000001);
  CHECK(first.userId == 1800000000000000001);
  CHECK(first.globalId.size() == 32);
  CHECK(first.globalId == b.members.front().globalId);
  CHECK(first.borrowNum == "LK-0003");
}

TEST_CASE("fixture: every fixture shipped under fixtures/ loads", "[emulator][fixture]") {
  for (const char* name : {"demo.json", "switches.json", "strict.json", "many-members.json"}) {
    INFO(name);
    CHECK_NOTHROW(loadFixture(kFixtures + "/" + name));
  }
  CHECK(loadFixture(kFixtures + "/many-members.json").members.size() == 250);
  CHECK_FALSE(loadFixture(kFixtures + "/switches.json").enterprise.customerBound);
  CHECK(loadFixture(kFixtures + "/strict.json").enterprise.trialMemberLimit == 8);
}

TEST_CASE("fixture: every asset's product tree carries the spec's fields", "[emulator][fixture]") {
  Fixture f = loadFixture(kFixtures + "/demo.json");
  const std::string& tree = f.assets.front().productsJson;
  for (const char* key : {"\"productInstanceList\"", "\"children\"", "\"merchandiseNum\"",
                          "\"parentMerchandiseNum\"", "\"productExtendInstanceList\"",
                          "\"timeDurationExpression\"", "\"crmProductId\"", "\"uri:render\""}) {
    CHECK_THAT(tree, Contains(key));
  }
}

TEST_CASE("fixture: a file that is missing or not JSON is a clear error", "[emulator][fixture]") {
  CHECK_THROWS_WITH(loadFixture(kFixtures + "/nope.json"), Contains("nope.json: cannot be read"));
  CHECK_THAT(errorOf("{\"enterprise\":"), Contains("t.json: not valid JSON"));
}

TEST_CASE("fixture: errors name the file and the JSON path", "[emulator][fixture]") {
  CHECK_THAT(errorOf(fixtureWith("")), !Contains("t.json"));
  CHECK(errorOf(fixtureWith("")) == "(no error)");
  CHECK_THAT(errorOf(fixtureWith(",\"member\":[]")),
             Contains("t.json: top level: unknown key 'member'"));
  CHECK_THAT(errorOf(fixtureWith("", ",\"customerBund\":false")),
             Contains("enterprise: unknown key 'customerBund'"));
  CHECK_THAT(errorOf(fixtureWith(",\"members\":[{\"account\":\"bob\"}]")),
             Contains("members[0].name: required, missing"));
  CHECK_THAT(errorOf(fixtureWith(",\"members\":[{\"account\":\"bob\",\"name\":7}]")),
             Contains("members[0].name: expected a string"));
  CHECK_THAT(errorOf(fixtureWith(",\"members\":[{\"account\":\"b-b\",\"name\":\"B\"}]")),
             Contains("members[0].account: letters and digits only"));
  CHECK_THAT(errorOf(fixtureWith("", ",\"trialMemberLimit\":-1")),
             Contains("enterprise.trialMemberLimit: must lie between"));
}

TEST_CASE("fixture: references to departments, members and locks must resolve",
          "[emulator][fixture]") {
  CHECK_THAT(errorOf(fixtureWith(
                 ",\"members\":[{\"account\":\"bob\",\"name\":\"B\",\"departmentId\":99}]")),
             Contains("members[0].departmentId: no department 99"));
  CHECK_THAT(errorOf(fixtureWith(
                 ",\"assets\":[{\"assetNum\":\"A\",\"assetId\":\"I\",\"assignedTo\":\"ghost\"}]")),
             Contains("assets[0].assignedTo: no member 'ghost'"));
  CHECK_THAT(errorOf(fixtureWith(
                 ",\"locks\":[{\"assetNum\":\"L\",\"assetId\":\"LI\",\"lentTo\":\"ghost\"}]")),
             Contains("locks[0].lentTo: no member 'ghost'"));
  CHECK_THAT(errorOf(fixtureWith(",\"members\":[{\"account\":\"bob\",\"name\":\"B\"}],"
                                 "\"locks\":[{\"assetNum\":\"L\",\"assetId\":\"LI\"}],"
                                 "\"assets\":[{\"assetNum\":\"A\",\"assetId\":\"I\",\"assignedTo\":"
                                 "\"bob\",\"lentIn\":\"L\"}]")),
             Contains("assets[0].lentIn: an asset can only be lent to a lock lent to the member"));
}

TEST_CASE("fixture: duplicates are refused", "[emulator][fixture]") {
  CHECK_THAT(errorOf(fixtureWith(",\"members\":[{\"account\":\"bob\",\"name\":\"B\"},{\"account\":"
                                 "\"BOB\",\"name\":\"C\"}]")),
             Contains("members[1].account: two members that are not deleted share this account"));
  // A deleted member may share the account of a live one (a re-hire).
  CHECK(errorOf(fixtureWith(",\"members\":[{\"account\":\"bob\",\"name\":\"B\",\"deleted\":true},"
                            "{\"account\":\"bob\",\"name\":\"B\"}]")) == "(no error)");
  CHECK_THAT(errorOf(fixtureWith(",\"assets\":[{\"assetNum\":\"A\",\"assetId\":\"I\"},{"
                                 "\"assetNum\":\"A\",\"assetId\":\"J\"}]")),
             Contains("assets[1].assetNum: duplicate number 'A'"));
  CHECK_THAT(errorOf(fixtureWith(",\"activities\":[{\"label\":\"x\",\"id\":\"1\",\"units\":[]}]")),
             Contains("activities[0].units: an activity needs at least one unit"));
}

TEST_CASE("fixture: product trees and activities are checked too", "[emulator][fixture]") {
  CHECK_THAT(
      errorOf(fixtureWith(",\"assets\":[{\"assetNum\":\"A\",\"assetId\":\"I\",\"products\":"
                          "{\"children\":[{\"merchandiseNum\":\"M\",\"productInstanceList\":[{"
                          "\"productUri\":\"\"}]}]}}]")),
      Contains(
          "assets[0].products.children[0].productInstanceList[0].productUri: must not be empty"));
  CHECK_THAT(
      errorOf(fixtureWith(",\"activities\":[{\"label\":\"x\",\"id\":\"1\",\"units\":[{\"id\":\"u\","
                          "\"products\":[{\"productUri\":\"p\",\"activateType\":\"2\"}]}]}]")),
      Contains("activities[0].units[0].products[0].activateType: must be \"0\" or \"1\""));
}
