// Feishu/Lark answers -> platform answers (feishu_pages.h), on the examples of Feishu's
// documentation (open.feishu.cn contact v3) and on what goes wrong: each code class, HTTP 429,
// HTML where JSON was expected, malformed JSON, missing fields.
#include <catch2/catch.hpp>

#include <string>

#include "jobs/directory/platform/feishu_pages.h"

using namespace membersync::directory::platform;
using namespace membersync::directory::platform::feishu;

namespace {

std::string error(long long code, const std::string& msg) {
  return R"({"code":)" + std::to_string(code) + R"(,"msg":")" + msg + R"(","data":{}})";
}

std::string field(const User& u, const std::string& key) {
  for (const auto& [k, v] : u.fields)
    if (k == key) return v;
  return "<absent>";
}

const char* kUsers =
    R"({"code":0,"msg":"success","data":{"has_more":true,"page_token":"AQD9/Rn9eij9Pm39ED40/RD/cIFmu77WxpxPB/2oHfQLZ+G8JG6tK7+ZnHiT7COhD2hMSICh/eBl7cpzU6JEC3J7COKNe4jrQ8ExwBCR",
  "items":[{"union_id":"on_94a1ee5551019f18cd73d9f111898cf2","user_id":"3e3cf96b","open_id":"ou_7dab8a3d3cdcc9da365777c7ad535d62",
    "name":"张三","en_name":"San Zhang","email":"zhangsan@gmail.com","mobile":"13011111111","enterprise_email":"demo@mail.com",
    "department_ids":["od-4e6ac4d14bcd5071a37a39de902c7141","eedb"],
    "status":{"is_frozen":false,"is_resigned":false,"is_activated":true,"is_exited":false,"is_unjoin":false},
    "employee_no":"1","job_title":"xxxxx"}]}})";

}  // namespace

TEST_CASE("Feishu tenant_access_token/internal gives the token and expire", "[feishu]") {
  const auto a = decodeToken(
      200,
      R"({"code":0,"msg":"ok","tenant_access_token":"t-caecc734c2e3328a62489fe0648c4b98779515d3","expire":7200})");
  REQUIRE(a.ok());
  CHECK(a.value->value == "t-caecc734c2e3328a62489fe0648c4b98779515d3");
  CHECK(a.value->expiresInS == 7200);
  CHECK(decodeToken(200, R"({"code":0,"msg":"ok","expire":7200})").problem.kind ==
        AnswerKind::Failed);
}

TEST_CASE("Feishu departments' children give ids, parents, Chinese names and the page token",
          "[feishu]") {
  const auto a = decodeDepartments(
      200, R"({"code":0,"msg":"success","data":{"has_more":true,"page_token":"AQD9/Rn9",
      "items":[{"name":"工程部","department_id":"D096","parent_department_id":"0","open_department_id":"od-4e6ac4d14bcd5071a37a39de902c7141",
                "status":{"is_deleted":false}},
               {"name":"总部/一","department_id":"D097","parent_department_id":"D096"}]}})");
  REQUIRE(a.ok());
  REQUIRE(a.value->items.size() == 2);
  CHECK(a.value->items[0].id == "D096");
  CHECK(a.value->items[0].parentId == "0");
  CHECK(a.value->items[0].name == "工程部");
  CHECK(a.value->more);
  CHECK(a.value->next == "AQD9/Rn9");
}

TEST_CASE("Feishu: an empty page without items is the last page", "[feishu]") {
  const auto a = decodeDepartments(200, R"({"code":0,"msg":"success","data":{"has_more":false}})");
  REQUIRE(a.ok());
  CHECK(a.value->items.empty());
  CHECK_FALSE(a.value->more);
}

TEST_CASE("Feishu: has_more without a page_token fails rather than stopping early", "[feishu]") {
  const auto a = decodeDepartments(200, R"({"code":0,"data":{"has_more":true,"items":[]}})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
}

TEST_CASE("Feishu find_by_department gives user_id, the fields and the status flags", "[feishu]") {
  const auto a = decodeUsers(200, kUsers);
  REQUIRE(a.ok());
  REQUIRE(a.value->page.items.size() == 1);
  const User& u = a.value->page.items[0];
  CHECK(u.userId == "3e3cf96b");
  CHECK(field(u, "name") == "张三");
  CHECK(field(u, "mobile") == "13011111111");
  CHECK(field(u, "enterprise_email") == "demo@mail.com");
  CHECK(field(u, "employee_no") == "1");
  CHECK(field(u, "job_title") == "xxxxx");
  CHECK(field(u, "is_activated") == "true");
  CHECK(field(u, "is_resigned") == "false");
  CHECK(u.departmentIds == std::vector<std::string>{"od-4e6ac4d14bcd5071a37a39de902c7141", "eedb"});
  CHECK(u.mainDepartmentId.empty());
  CHECK(a.value->page.more);
  CHECK_FALSE(a.value->contactWithheld);
}

TEST_CASE("Feishu people without mobile and email say they were withheld", "[feishu]") {
  const auto a = decodeUsers(
      200, R"({"code":0,"data":{"has_more":false,"items":[{"user_id":"u1","name":"李四"}]}})");
  REQUIRE(a.ok());
  CHECK(a.value->contactWithheld);
}

TEST_CASE("Feishu people without user_id fail, naming the scope", "[feishu]") {
  const auto a = decodeUsers(
      200, R"({"code":0,"data":{"has_more":false,"items":[{"open_id":"ou_1","name":"李四"}]}})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
  CHECK(a.problem.message.find("contact:user.employee_id:readonly") != std::string::npos);
}

TEST_CASE("Feishu codes sort into what a walk does", "[feishu]") {
  for (long long c : {99991661LL, 99991663LL, 99991664LL, 99991668LL})
    CHECK(decodeUsers(200, error(c, "token")).problem.kind == AnswerKind::TokenExpired);
  CHECK(decodeUsers(400, error(99991400, "request trigger frequency limit")).problem.kind ==
        AnswerKind::RateLimited);
  const auto scope = decodeUsers(400, error(99991672, "Access denied"));
  CHECK(scope.problem.kind == AnswerKind::Permission);
  CHECK(scope.problem.todo.find("contact:user.base:readonly") != std::string::npos);
  const auto root = decodeDepartments(400, error(40004, "no dept authority error"));
  CHECK(root.problem.kind == AnswerKind::Permission);
  CHECK(root.problem.code == "40004");
  CHECK(root.problem.todo.find("全部成员") != std::string::npos);
  CHECK(decodeToken(200, error(10014, "app secret invalid")).problem.kind ==
        AnswerKind::Permission);
  CHECK(decodeUsers(200, error(40003, "internal error")).problem.kind == AnswerKind::Failed);
}

TEST_CASE("Feishu: HTTP 429 and an HTML page are rate limits", "[feishu]") {
  CHECK(decodeUsers(429, "").problem.kind == AnswerKind::RateLimited);
  CHECK(decodeUsers(429, error(99991400, "request trigger frequency limit")).problem.kind ==
        AnswerKind::RateLimited);
  const auto html = decodeDepartments(503, "<!DOCTYPE html><html>blocked</html>");
  CHECK(html.problem.kind == AnswerKind::RateLimited);
  CHECK(html.problem.code == "HTTP 503");
}

TEST_CASE("Feishu: HTTP 429 with 99991403 is the monthly quota spent, which no pause mends",
          "[feishu]") {
  const auto a = decodeUsers(429, error(99991403, "monthly quota exceeded"));
  CHECK(a.problem.kind == AnswerKind::Quota);
  CHECK(a.problem.code == "99991403");
  CHECK_THAT(a.problem.todo, Catch::Contains("max_calls_month"));
}

TEST_CASE("Feishu: malformed JSON, a missing code or data fail", "[feishu]") {
  CHECK(decodeUsers(200, R"({"code":0,"data":{)").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"("text")").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"msg":"ok","data":{}})").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"code":0,"msg":"ok"})").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"code":0,"data":{"has_more":"yes"}})").problem.kind ==
        AnswerKind::Failed);
  CHECK(decodeDepartments(200, R"({"code":0,"data":{"items":[{"department_id":"D1"}]}})")
            .problem.kind == AnswerKind::Failed);
}

TEST_CASE("Feishu: a code too large for a number or not whole fails instead of throwing", "[feishu]") {
  CHECK(decodeUsers(200, R"({"code":99999999999999999999999,"data":{}})").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"code":0.25,"data":{}})").problem.kind == AnswerKind::Failed);
}
