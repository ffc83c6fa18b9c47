#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/emulator/text_rules.h"
#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

std::string join(const std::string& identity, const std::string& label = "welcome-2026",
                 const std::string& extra = "") {
  return R"({"identity":")" + identity + R"(","activityLabel":")" + label +
         R"(","source":"membersync")" + extra + "}";
}

}  // namespace

TEST_CASE("B1: a claim grants the unit's products with dates and activation type",
          "[emulator][activity]") {
  InProcess emu;
  emu.clock.advance(std::chrono::hours(1));
  const std::int64_t nowMs =
      std::chrono::duration_cast<std::chrono::milliseconds>(emu.clock.wallNow().time_since_epoch())
          .count();
  Reply r = emu.activity(
      join("zhangwei@acme", "welcome-2026", R"(,"branch":"HQ","extParams":{"mode":"sync"})"));
  REQUIRE(r.status == 200);
  auto o = parse(r.body);
  CHECK(o->getValue<std::string>("resultCode") == "0000");
  auto p = o->getObject("detail")->getArray("products")->getObject(0);
  CHECK(p->getValue<std::string>("activityId") == "ACT-WELCOME-2026");
  CHECK(p->getValue<std::string>("subActivityId") == "U-WELCOME-VIEWER");
  CHECK(p->getValue<std::string>("productUri") == "uri:viewer");
  CHECK(p->getValue<std::string>("limitStartDate") == formatUtcDateTime(nowMs));
  CHECK(p->getValue<std::string>("limitEndDate") == formatUtcDateTime(nowMs + 365LL * 86400000));
  CHECK(p->getValue<std::string>("limitStartDate").size() == 19);  // yyyy-MM-dd HH:mm:ss
  CHECK(p->getValue<std::string>("activateType") == "0");
  CHECK(r.committed);
}

TEST_CASE("B1: claiming past the limit is 3002 with the unit's reason", "[emulator][activity]") {
  InProcess emu;
  REQUIRE(InProcess::code(emu.activity(join("13800138000"))) == "0000");
  Reply r = emu.activity(join("13800138000"));
  auto o = parse(r.body);
  CHECK(o->getValue<std::string>("resultCode") == "3002");
  auto act = o->getArray("activityDtoList")->getObject(0);
  CHECK(act->getValue<std::string>("id") == "ACT-WELCOME-2026");
  CHECK_FALSE(act->getValue<bool>("participateResult"));
  auto unit = act->getArray("engineSubActivityDtos")->getObject(0);
  CHECK_FALSE(unit->getValue<bool>("participateResult"));
  CHECK(unit->getValue<int>("errorCode") == 14005);
  CHECK_FALSE(unit->getValue<std::string>("errorMessage").empty());
  // Identities compare ignoring case: the same member in other letters has claimed too.
  REQUIRE(InProcess::code(emu.activity(join("zhangwei@acme"))) == "0000");
  CHECK(InProcess::code(emu.activity(join("ZHANGWEI@ACME"))) == "3002");
}

TEST_CASE("B1: units are claimed while any is open", "[emulator][activity]") {
  InProcess emu;
  const std::string who = "someone@example.com";
  auto products = [&](const Reply& r) {
    return parse(r.body)->getObject("detail")->getArray("products")->size();
  };
  CHECK(products(emu.activity(join(who, "render-trial-2026"))) == 2);  // both units
  CHECK(products(emu.activity(join(who, "render-trial-2026"))) == 1);  // render allows 2 claims
  CHECK(InProcess::code(emu.activity(join(who, "render-trial-2026"))) == "3002");
}

TEST_CASE("B1: refusals", "[emulator][activity]") {
  InProcess emu;
  CHECK(InProcess::code(emu.activity("not json")) == "1001");
  CHECK(InProcess::code(emu.activity(R"({"activityLabel":"welcome-2026","source":"s"})")) ==
        "1001");
  CHECK(InProcess::code(emu.activity(
            R"({"identity":"a@b.cn","activityLabel":"welcome-2026","source":""})")) == "1001");
  CHECK(InProcess::code(emu.activity(join("a@b.cn", "welcome-2026", R"(,"extParams":"sync")"))) ==
        "1001");
  CHECK(InProcess::code(emu.activity(join("a@b.cn", "no-such-activity"))) == "3001");
  CHECK(InProcess::code(emu.activity(join("nobody"))) == "1004");
  CHECK(InProcess::code(emu.activity(join("olduser@acme"))) == "1004");  // deleted
  CHECK(InProcess::code(emu.activity(join("LK-0002"))) == "0000");       // a lock number
  CHECK(InProcess::code(emu.activity(
            R"({"identity":"a@b.cn","activityLabel":"welcome-2026","source":"blocked-system"})")) ==
        "2001");
  CHECK(InProcess::code(emu.activity(
            join("a@b.cn", "render-trial-2026", R"(,"branch":"EMBARGOED")"))) == "2001");
}

TEST_CASE("B1: the gate wants an auth_activity token and a fresh nonce", "[emulator][activity]") {
  InProcess emu;
  Reply meOnly = emu.token("me-only-app", "me-only-secret", "grant_type=client_credentials");
  const std::string token = parse(meOnly.body)->getValue<std::string>("access_token");
  Reply r = emu.raw("POST", "/activity/services/activity?g_nonce=z1",
                    {{"Authorization", "Bearer " + token}}, join("a@b.cn"));
  CHECK(r.status == 401);
  CHECK(InProcess::code(r) == "invalid_token");
  std::map<std::string, std::string> good{{"Authorization", "Bearer " + emu.appToken}};
  CHECK(InProcess::code(emu.raw("POST", "/activity/services/activity?g_nonce=z0", good,
                                join("a@b.cn"))) == "1001");  // no Content-Type
  good["Content-Type"] = "application/json; charset=UTF-8";
  CHECK(InProcess::code(emu.raw("POST", "/activity/services/activity", good, join("a@b.cn"))) ==
        "1001");
  CHECK(InProcess::code(emu.raw("POST", "/activity/services/activity?g_nonce=z2", good,
                                join("a@b.cn"))) == "0000");
  CHECK(InProcess::code(emu.raw("POST", "/activity/services/activity?g_nonce=z2", good,
                                join("x@b.cn"))) == "1001");
}

TEST_CASE("B1: --activity-fail-rate answers 1002 and grants nothing", "[emulator][faults]") {
  ServiceOptions o;
  o.activityFailRate = 1;
  InProcess emu("demo.json", o);
  CHECK(InProcess::code(emu.activity(join("a@b.cn"))) == "1002");
  auto claims = emu.state()->getArray("activities")->getObject(0)->getObject("claims");
  CHECK(claims->size() == 0);
}
