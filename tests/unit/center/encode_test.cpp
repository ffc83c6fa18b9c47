#include <catch2/catch.hpp>

#include "jobs/center/encode.h"

using namespace membersync::center;
using membersync::Secret;

TEST_CASE("encode: an add sends the given fields only, department as a number", "[center]") {
  NewMember full{"zhangsan", Secret("Pw12345678"), std::string("1001"), "张三", std::string(""),
                 std::string("13800000000")};
  NewMember bare{"lisi", Secret("Pw87654321"), std::nullopt, "Li Si", std::nullopt, std::nullopt};
  auto body = encodeAddMembers({full, bare});
  REQUIRE(body.ok());
  CHECK(body.value() ==
        R"({"userList":[{"userName":"zhangsan","password":"Pw12345678","departmentId":1001,"name":"张三",)"
        R"("remark":"","passwordMobile":"13800000000"},{"userName":"lisi","password":"Pw87654321","name":"Li Si"}]})");
}

TEST_CASE("encode: a department id that is not an integer refuses the call before sending", "[center]") {
  NewMember m{"zhangsan", Secret("Pw12345678"), std::string("ENG"), "张三", std::nullopt, std::nullopt};
  auto body = encodeAddMembers({m});
  REQUIRE(body.failed());
  CHECK(body.error().kind == ErrorKind::BadInput);
  CHECK(body.error().endpoint == "A1 add members");
  CHECK(body.error().message.find("Pw12345678") == std::string::npos);
}

TEST_CASE("encode: an edit leaves absent fields out and sends an empty string to clear", "[center]") {
  MemberEdit keep{"zhangsan", "张三", std::nullopt, std::nullopt, std::nullopt};
  CHECK(encodeMemberEdit(keep).value() == R"({"userName":"zhangsan","name":"张三"})");
  MemberEdit clear{"zhangsan", "张三", std::string("1002"), std::string(""), std::string("")};
  CHECK(encodeMemberEdit(clear).value() ==
        R"({"userName":"zhangsan","departmentId":1002,"name":"张三","remark":"","passwordMobile":""})");
}

TEST_CASE("encode: reset, configure, lend and enrol bodies", "[center]") {
  CHECK(encodeResetPassword(Secret("a\"b\\c")) == R"({"password":"a\"b\\c"})");
  CHECK(encodeConfigureAssets({"AN-0001"}, {}) == R"({"deleteAssets":["AN-0001"],"addAssets":[]})");
  CHECK(encodeLendAssets("LK-0001", {"A1", "A2"}) == R"({"borrowedUsbKey":"LK-0001","assetIDs":["A1","A2"]})");
  EnrolRequest r{"zhangsan@acme", "welcome-2026", "membersync", "HQ", std::nullopt};
  CHECK(encodeEnrol(r) ==
        R"({"identity":"zhangsan@acme","activityLabel":"welcome-2026","source":"membersync","branch":"HQ"})");
  r.mode = "sync";
  CHECK(encodeEnrol(r).find(R"("extParams":{"mode":"sync"})") != std::string::npos);
}
