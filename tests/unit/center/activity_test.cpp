#include <catch2/catch.hpp>

#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;

namespace {

const EnrolRequest kEnrol{"zhangsan@acme", "welcome-2026", "membersync", "HQ", std::string("sync")};

TransportResult activityAnswer(const std::string& code, const std::string& extra = "") {
  return TransportResult::answered(200, R"({"resultCode":")" + code + R"(","resultMessage":"detail )" + code +
                                            "\"" + extra + "}");
}

}  // namespace

TEST_CASE("activity: an enrolment returns the products granted", "[center]") {
  Rig rig;
  rig.service.push(activityAnswer("0000", R"(,"detail":{"products":[{"activityId":"A1","subActivityId":"S1",
      "productUri":"uri:render","limitStartDate":"2026-01-01","limitEndDate":"2026-12-31 23:59:59","activateType":"0"}]})"));
  auto r = rig.activity.enrol(kEnrol);
  REQUIRE(r.ok());
  REQUIRE(r.value().products.size() == 1);
  CHECK(r.value().products[0].productUri == "uri:render");
  CHECK(r.value().products[0].limitEndDate.format == ActivityDate::Format::DateTime);
  const auto sent = rig.service.apiRequests();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].body.find(R"("extParams":{"mode":"sync"})") != std::string::npos);
}

TEST_CASE("activity: 3002 is a Conflict carrying the activities and units with their reasons", "[center]") {
  Rig rig;
  rig.service.push(activityAnswer("3002", R"(,"activityDtoList":[{"id":"ACT","name":"welcome-2026",
      "participateResult":false,"engineSubActivityDtos":[{"id":"U1","name":"seat","participateResult":false,
      "errorCode":14005,"errorMessage":"personal claim count exceeded"}]}])"));
  auto r = rig.activity.enrol(kEnrol);
  REQUIRE(r.failed());
  CHECK(r.error().code == "3002");
  CHECK(r.error().kind == ErrorKind::Conflict);
  REQUIRE(r.error().activities.size() == 1);
  REQUIRE(r.error().activities[0].units.size() == 1);
  CHECK(r.error().activities[0].units[0].errorCode == "14005");
  CHECK(r.error().describe().find("personal claim count exceeded") != std::string::npos);
}

TEST_CASE("activity: 1002 and an HTTP 5xx leave an enrolment in doubt, sent once", "[center]") {
  for (int status : {0, 500, 502, 503}) {
    INFO(status);
    Rig rig;
    rig.service.handler = [status](const HttpRequest&) {
      return status ? TransportResult::answered(status, "gateway") : activityAnswer("1002");
    };
    auto r = rig.activity.enrol(kEnrol);
    REQUIRE(r.unknown());
    CHECK(rig.service.apiRequests().size() == 1);
  }
}

TEST_CASE("activity: every refusal code is typed and B1 is sent once", "[center]") {
  const std::vector<std::pair<std::string, ErrorKind>> codes = {
      {"1001", ErrorKind::BadInput}, {"1004", ErrorKind::BadInput},
      {"2001", ErrorKind::Conflict}, {"3001", ErrorKind::Configuration}};
  for (const auto& [code, kind] : codes) {
    INFO(code);
    Rig rig;
    rig.service.handler = [code = code](const HttpRequest&) { return activityAnswer(code); };
    auto r = rig.activity.enrol(kEnrol);
    REQUIRE(r.failed());
    CHECK(r.error().code == code);
    CHECK(r.error().kind == kind);
    CHECK(r.error().serverMessage == "detail " + code);
    CHECK(rig.service.apiRequests().size() == 1);
  }
}

TEST_CASE("activity: HTTP 401 renews the activity token once and repeats", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::answered(401, ""));
  rig.service.push(activityAnswer("0000", R"(,"detail":{"products":[]})"));
  REQUIRE(rig.activity.enrol(kEnrol).ok());
  const auto sent = rig.service.apiRequests();
  REQUIRE(sent.size() == 2);
  CHECK(header(sent[1], "Authorization") == "Bearer client-token-2");

  Rig refused;
  refused.service.handler = [](const HttpRequest&) { return TransportResult::answered(401, ""); };
  auto r = refused.activity.enrol(kEnrol);
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::Configuration);
  CHECK(refused.service.apiRequests().size() == 2);
}

TEST_CASE("activity: an enrolment whose answer is lost is Unknown and never re-sent", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return TransportResult::noAnswer("read time-out"); };
  auto r = rig.activity.enrol(kEnrol);
  REQUIRE(r.unknown());
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("activity: an enrolment that never left is sent again", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::notSent("connection refused"));
  rig.service.push(activityAnswer("0000", R"(,"detail":{"products":[]})"));
  REQUIRE(rig.activity.enrol(kEnrol).ok());
  CHECK(rig.service.apiRequests().size() == 2);
}
