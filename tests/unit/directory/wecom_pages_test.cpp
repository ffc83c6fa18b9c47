// WeCom answers -> platform answers (wecom_pages.h), on the examples of WeCom's documentation
// (developer.work.weixin.qq.com) and on what goes wrong: each errcode class, HTML where JSON was
// expected, malformed JSON, missing fields.
#include <catch2/catch.hpp>

#include <string>

#include "jobs/directory/platform/wecom_pages.h"

using namespace membersync::directory::platform;
using namespace membersync::directory::platform::wecom;

namespace {

std::string error(int code, const std::string& msg) {
  return R"({"errcode":)" + std::to_string(code) + R"(,"errmsg":")" + msg + R"("})";
}

std::string field(const User& u, const std::string& key) {
  for (const auto& [k, v] : u.fields)
    if (k == key) return v;
  return "<absent>";
}

}  // namespace

TEST_CASE("WeCom gettoken gives the token and its lifetime", "[wecom]") {
  const auto a =
      decodeToken(200, R"({"errcode":0,"errmsg":"ok","access_token":"tok-1","expires_in":7200})");
  REQUIRE(a.ok());
  CHECK(a.value->value == "tok-1");
  CHECK(a.value->expiresInS == 7200);
}

TEST_CASE("WeCom gettoken without access_token fails", "[wecom]") {
  const auto a = decodeToken(200, R"({"errcode":0,"errmsg":"ok"})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
  CHECK(a.problem.message.find("access_token") != std::string::npos);
}

TEST_CASE("WeCom simplelist gives ids and parents, the root without a parent", "[wecom]") {
  const auto a = decodeSimpleList(200, R"({"errcode":0,"errmsg":"ok","department_id":[
      {"id":1,"parentid":0,"order":100},{"id":2,"parentid":1,"order":10},{"id":3,"parentid":2,"order":40}]})");
  REQUIRE(a.ok());
  REQUIRE(a.value->size() == 3);
  CHECK(a.value->at(0).id == "1");
  CHECK(a.value->at(0).parentId.empty());
  CHECK(a.value->at(2).id == "3");
  CHECK(a.value->at(2).parentId == "2");
  CHECK(a.value->at(2).name.empty());
}

TEST_CASE("WeCom simplelist listing a department twice fails", "[wecom]") {
  const auto a = decodeSimpleList(
      200, R"({"errcode":0,"department_id":[{"id":2,"parentid":1},{"id":2,"parentid":1}]})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
}

TEST_CASE("WeCom department/get gives the Chinese name", "[wecom]") {
  const auto a = decodeDepartment(
      200, R"({"errcode":0,"errmsg":"ok","department":{"id":2,"name":"广州研发中心",
      "name_en":"RDGZ","department_leader":["zhangsan"],"parentid":1,"order":10}})");
  REQUIRE(a.ok());
  CHECK(a.value->id == "2");
  CHECK(a.value->parentId == "1");
  CHECK(a.value->name == "广州研发中心");
}

TEST_CASE("WeCom department/get without a name fails rather than naming a path with a hole",
          "[wecom]") {
  const auto a = decodeDepartment(200, R"({"errcode":0,"department":{"id":2,"parentid":1}})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
}

TEST_CASE("WeCom user/list_id gives each person once and the next cursor", "[wecom]") {
  const auto a =
      decodeUserIds(200, R"({"errcode":0,"errmsg":"ok","next_cursor":"xxxxxx","dept_user":[
      {"userid":"zhangsan","department":1},{"userid":"lisi","department":2},{"userid":"zhangsan","department":2}]})");
  REQUIRE(a.ok());
  CHECK(a.value->items == std::vector<std::string>{"zhangsan", "lisi"});
  CHECK(a.value->next == "xxxxxx");
  CHECK(a.value->more);
  const auto last =
      decodeUserIds(200, R"({"errcode":0,"errmsg":"ok","next_cursor":"","dept_user":[]})");
  REQUIRE(last.ok());
  CHECK_FALSE(last.value->more);
}

TEST_CASE("WeCom user/get gives the fields, the departments and main_department", "[wecom]") {
  const auto a = decodeUser(200, R"({"errcode":0,"errmsg":"ok","userid":"zhangsan","name":"张三",
      "department":[1,2],"order":[1,2],"position":"后台工程师","mobile":"13800000000","gender":"1",
      "email":"zhangsan@gzdev.com","biz_mail":"zhangsan@qyycs2.wecom.work","status":1,"enable":1,
      "main_department":2})");
  REQUIRE(a.ok());
  const User& u = a.value->user;
  CHECK(u.userId == "zhangsan");
  CHECK(field(u, "name") == "张三");
  CHECK(field(u, "mobile") == "13800000000");
  CHECK(field(u, "email") == "zhangsan@gzdev.com");
  CHECK(field(u, "biz_mail") == "zhangsan@qyycs2.wecom.work");
  CHECK(field(u, "position") == "后台工程师");
  CHECK(field(u, "status") == "1");
  CHECK(field(u, "enable") == "1");
  CHECK(u.departmentIds == std::vector<std::string>{"1", "2"});
  CHECK(u.mainDepartmentId == "2");
  CHECK_FALSE(a.value->contactWithheld);
}

TEST_CASE("WeCom user/get without mobile, email and biz_mail says they were withheld", "[wecom]") {
  // What a self-built app other than 通讯录同步 gets since 2022-06-20.
  const auto a =
      decodeUser(200, R"({"errcode":0,"errmsg":"ok","userid":"lisi","name":"李四","department":[2],
      "main_department":2,"status":1})");
  REQUIRE(a.ok());
  CHECK(a.value->contactWithheld);
  CHECK(field(a.value->user, "mobile") == "<absent>");
  // A person of the contacts app with an empty mobile but an email is not "withheld".
  const auto b = decodeUser(
      200, R"({"errcode":0,"userid":"wangwu","name":"王五","mobile":"","email":"w@x.cn"})");
  REQUIRE(b.ok());
  CHECK_FALSE(b.value->contactWithheld);
}

TEST_CASE("WeCom user/get without userid fails", "[wecom]") {
  const auto a = decodeUser(200, R"({"errcode":0,"errmsg":"ok","name":"张三"})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Failed);
}

TEST_CASE("WeCom errcodes sort into what a walk does", "[wecom]") {
  CHECK(decodeUser(200, error(40014, "invalid access_token")).problem.kind ==
        AnswerKind::TokenExpired);
  CHECK(decodeUser(200, error(42001, "access_token expired")).problem.kind ==
        AnswerKind::TokenExpired);
  CHECK(decodeUserIds(200, error(45009, "api freq out of limit")).problem.kind ==
        AnswerKind::RateLimited);
  const auto ip = decodeSimpleList(200, error(60020, "not allow to access from your ip"));
  CHECK(ip.problem.kind == AnswerKind::Permission);
  CHECK(ip.problem.code == "60020");
  CHECK(ip.problem.todo.find("企业可信IP") != std::string::npos);
  const auto priv =
      decodeUser(200, error(60011, "no privilege to access/modify contact/party/agent"));
  CHECK(priv.problem.kind == AnswerKind::Permission);
  CHECK(priv.problem.todo.find("通讯录同步") != std::string::npos);
  CHECK(decodeUser(200, error(48009, "api forbidden")).problem.kind == AnswerKind::Permission);
  CHECK(decodeToken(200, error(40001, "invalid credential")).problem.kind ==
        AnswerKind::Permission);
  const auto gone = decodeUser(200, error(60111, "userid not found"));
  CHECK(gone.problem.kind == AnswerKind::Failed);
  CHECK(gone.problem.message == "userid not found");
}

TEST_CASE("WeCom: an HTML page where JSON was expected is a rate limit", "[wecom]") {
  const auto a = decodeUserIds(502, "\n<html><body>502 Bad Gateway</body></html>");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::RateLimited);
  CHECK(a.problem.code == "HTTP 502");
}

TEST_CASE("WeCom: malformed JSON, a non-object and a missing errcode fail", "[wecom]") {
  CHECK(decodeToken(200, R"({"errcode":0,"access_token":)").problem.kind == AnswerKind::Failed);
  CHECK(decodeToken(200, "[1,2]").problem.kind == AnswerKind::Failed);
  CHECK(decodeToken(200, "").problem.kind == AnswerKind::Failed);
  CHECK(decodeToken(200, R"({"access_token":"t"})").problem.kind == AnswerKind::Failed);
  CHECK(decodeSimpleList(200, R"({"errcode":0,"department_id":[7]})").problem.kind ==
        AnswerKind::Failed);
  CHECK(decodeUserIds(200, R"({"errcode":0})").problem.kind == AnswerKind::Failed);
  CHECK(decodeToken(500, R"({"errcode":0,"access_token":"t"})").problem.kind == AnswerKind::Failed);
}

TEST_CASE("WeCom: an errcode too large for a number or not whole fails instead of throwing", "[wecom]") {
  // Found by fuzz_wecom_pages: Poco throws RangeException converting it.
  CHECK(decodeToken(200, R"({"errcode":9723022222222222222291})").problem.kind == AnswerKind::Failed);
  CHECK(decodeToken(200, R"({"errcode":0.5,"access_token":"t"})").problem.kind == AnswerKind::Failed);
}
