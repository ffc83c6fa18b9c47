#include <catch2/catch.hpp>

#include "tests/emulator/router.h"

using namespace membersync::emulator;

TEST_CASE("router: every spec path maps to its endpoint with its path variables",
          "[emulator][router]") {
  const std::string base = "/me/api/v1/enterprise";
  auto m = matchRoute("POST", base + "/ENT/member");
  CHECK(m.status == 200);
  CHECK(m.route.endpoint == Endpoint::kA1);
  CHECK(m.route.enterpriseGlobalId == "ENT");
  m = matchRoute("PUT", base + "/ENT/member/M1");
  CHECK(m.route.endpoint == Endpoint::kA2);
  CHECK(m.route.memberGlobalId == "M1");
  CHECK(matchRoute("PUT", base + "/ENT/member/M1/resetPassword").route.endpoint == Endpoint::kA3);
  CHECK(matchRoute("DELETE", base + "/ENT/member/M1").route.endpoint == Endpoint::kA4);
  CHECK(matchRoute("GET", base + "/ENT/members").route.endpoint == Endpoint::kA5);
  CHECK(matchRoute("GET", base + "/ENT/asset/assetNums").route.endpoint == Endpoint::kA6);
  m = matchRoute("GET", base + "/asset/AID-1/merchandiseProducts");
  CHECK(m.route.endpoint == Endpoint::kA7);
  CHECK(m.route.assetId == "AID-1");
  CHECK(matchRoute("GET", base + "/ENT/asset/borrowUsbKeys").route.endpoint == Endpoint::kA8);
  CHECK(matchRoute("POST", base + "/member/M1/privileges").route.endpoint == Endpoint::kA9);
  CHECK(matchRoute("POST", base + "/member/M1/borrow").route.endpoint == Endpoint::kA10);
  CHECK(matchRoute("POST", "/activity/services/activity").route.endpoint == Endpoint::kB1);
  CHECK(matchRoute("POST", "/uc/oauth/token").route.endpoint == Endpoint::kToken);
  CHECK(matchRoute("GET", "/_emulator/state").route.endpoint == Endpoint::kState);
  CHECK(matchRoute("GET", "/_emulator/stats").route.endpoint == Endpoint::kStats);
  CHECK(matchRoute("POST", "/_emulator/reset").route.endpoint == Endpoint::kReset);
}

TEST_CASE("router: unknown paths are 404 and known paths with another method 405",
          "[emulator][router]") {
  CHECK(matchRoute("GET", "/nope").status == 404);
  CHECK(matchRoute("GET", "/me/api/v2/enterprise/E/members").status == 404);
  CHECK(matchRoute("GET", "/me/api/v1/enterprise/E/members/").status == 404);
  CHECK(matchRoute("GET", "/uc/oauth/token").status == 405);
  CHECK(matchRoute("POST", "/me/api/v1/enterprise/E/members").status == 405);
  CHECK(matchRoute("PATCH", "/me/api/v1/enterprise/E/member/M").status == 405);
}

TEST_CASE("router: the statistics name writes and reads as the spec groups them",
          "[emulator][router]") {
  CHECK(std::string(statsName(Endpoint::kA10)) == "A10");
  CHECK(std::string(statsName(Endpoint::kState)).empty());
  CHECK(isWrite(Endpoint::kB1));
  CHECK(isWrite(Endpoint::kA9));
  CHECK_FALSE(isWrite(Endpoint::kA5));
  CHECK(isMemberCenter(Endpoint::kA7));
  CHECK_FALSE(isMemberCenter(Endpoint::kB1));
}
