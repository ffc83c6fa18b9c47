#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

Poco::JSON::Object::Ptr stats(InProcess& emu) {
  return parse(emu.raw("GET", "/_emulator/stats", {}).body);
}

const std::string kAdd =
    R"({"userList":[{"userName":"dropped1","password":"abcdefgh1","name":"D"}]})";

}  // namespace

TEST_CASE("stats: every call counts once under its endpoint and outcome", "[emulator][stats]") {
  InProcess emu;  // two token calls so far
  emu.call("GET", kEnt + "/members?pageNum=1&pageSize=5");
  emu.call("GET", kEnt + "/members");
  emu.call("GET", kEnt + "/asset/assetNums");
  emu.call("POST", kEnt + "/member", R"({"userList":[]})");
  emu.activity(R"({"identity":"a@b.cn","activityLabel":"welcome-2026","source":"s"})");
  emu.raw("GET", "/nowhere", {});
  auto s = stats(emu);
  auto a5 = s->getObject("endpoints")->getObject("A5");
  CHECK(a5->getValue<int>("calls") == 2);
  CHECK(a5->getObject("outcomes")->getValue<int>("0") == 1);
  CHECK(a5->getObject("outcomes")->getValue<int>("40000") == 1);
  CHECK(s->getObject("endpoints")->getObject("A1")->getObject("outcomes")->getValue<int>("40021") ==
        1);
  CHECK(s->getObject("endpoints")->getObject("B1")->getObject("outcomes")->getValue<int>("0000") ==
        1);
  CHECK(s->getObject("endpoints")->getObject("token")->getValue<int>("calls") == 2);
  CHECK(s->getObject("endpoints")->getObject("A10")->getValue<int>("calls") == 0);
  auto totals = s->getObject("totals");
  CHECK(totals->getValue<int>("calls") == 7);
  CHECK(totals->getValue<int>("reads") == 3);
  CHECK(totals->getValue<int>("writes") == 2);
}

TEST_CASE("drop-after-commit: a carried-out write loses its answer, a refused one does not",
          "[emulator][faults]") {
  ServiceOptions o;
  o.dropAfterCommit = 1;
  InProcess emu("demo.json", o);
  Reply r = emu.call("POST", kEnt + "/member", kAdd);
  CHECK(r.dropConnection);
  CHECK_NOTHROW(emu.globalIdOf("dropped1@acme"));                          // carried out
  CHECK_FALSE(emu.call("POST", kEnt + "/member", kAdd).dropConnection);    // 60027, nothing done
  CHECK_FALSE(emu.call("GET", kEnt + "/asset/assetNums").dropConnection);  // reads are answered
  auto a1 = stats(emu)->getObject("endpoints")->getObject("A1")->getObject("outcomes");
  CHECK(a1->getValue<int>("dropped") == 1);
  CHECK(a1->getValue<int>("60027") == 1);
}

TEST_CASE("reset: back to the fixture, stats and nonces cleared, tokens kept",
          "[emulator][stats]") {
  InProcess emu;
  REQUIRE(emu.call("POST", kEnt + "/member", kAdd).status == 200);
  REQUIRE(emu.call("DELETE", kEnt + "/member/" + emu.globalIdOf("lina@acme")).status == 200);
  const std::map<std::string, std::string> h{{"Authorization", "Bearer " + emu.appToken},
                                             {"clientToken", emu.appToken},
                                             {"userToken", emu.userToken}};
  const std::string list =
      "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=50&g_nonce=same";
  REQUIRE(emu.raw("GET", list, h).status == 200);

  Reply r = emu.raw("POST", "/_emulator/reset", {});
  CHECK(r.status == 200);
  CHECK_THROWS(emu.globalIdOf("dropped1@acme"));
  auto s = stats(emu);
  CHECK(s->getObject("totals")->getValue<int>("calls") == 0);
  auto again = emu.raw("GET", list, h);  // the nonce may be used again, the tokens still work
  REQUIRE(again.status == 200);
  CHECK(parse(again.body)->getObject("data")->getValue<int>("total") == 6);
}

TEST_CASE("state: lists everything, deleted members included, without passwords",
          "[emulator][stats]") {
  InProcess emu;
  auto st = emu.state();
  CHECK(st->getObject("enterprise")->getValue<std::string>("code") == "acme");
  CHECK(st->getArray("departments")->size() == 4);
  CHECK(st->getArray("members")->size() == 7);
  CHECK(st->getArray("assets")->size() == 30);
  CHECK(st->getArray("locks")->size() == 5);
  CHECK(st->getArray("activities")->size() == 2);
  const std::string raw = emu.raw("GET", "/_emulator/state", {}).body;
  CHECK(raw.find("demo-admin-pass1") == std::string::npos);
  CHECK(raw.find("\"password\"") == std::string::npos);
}

TEST_CASE("routing: unknown paths are 404 and wrong methods 405, neither counted",
          "[emulator][router]") {
  InProcess emu;
  CHECK(emu.raw("GET", "/me/api/v1/nothing", {}).status == 404);
  CHECK(emu.raw("GET", "/uc/oauth/token", {}).status == 405);
  CHECK(stats(emu)->getObject("totals")->getValue<int>("calls") == 2);
}
