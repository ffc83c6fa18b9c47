// DingTalk's answers -> typed answers (dingtalk_pages.h): as documented, and every way one can
// be wrong.
#include <catch2/catch.hpp>

#include <string>

#include "jobs/directory/platform/dingtalk_pages.h"

using namespace membersync::directory::platform;
using namespace membersync::directory::platform::dingtalk;

namespace {

std::string field(const User& u, const std::string& name) {
  for (const auto& [k, v] : u.fields)
    if (k == name) return v;
  return "<absent>";
}

}  // namespace

TEST_CASE("dingtalk: a token and how long it lasts") {
  const auto a =
      decodeToken(200, R"({"errcode":0,"access_token":"t0k3n","errmsg":"ok","expires_in":7200})");
  REQUIRE(a.ok());
  CHECK(a.value->value == "t0k3n");
  CHECK(a.value->expiresInS == 7200);
}

TEST_CASE("dingtalk: a token without a value or a positive lifetime fails, as WeCom's and Feishu's") {
  CHECK(decodeToken(200, R"({"errcode":0,"expires_in":7200})").problem.kind == AnswerKind::Failed);
  const auto a = decodeToken(200, R"({"errcode":0,"access_token":"t","expires_in":0})");
  REQUIRE_FALSE(a.ok());
  CHECK_THAT(a.problem.message, Catch::Contains("a positive expires_in"));
}

TEST_CASE("dingtalk: a wrong secret at gettoken is a configuration problem, not an expired token") {
  const auto a = decodeToken(200, R"({"errcode":40001,"errmsg":"不合法的access_token"})");
  REQUIRE_FALSE(a.ok());
  CHECK(a.problem.kind == AnswerKind::Permission);
  CHECK_THAT(a.problem.todo, Catch::Contains("app_secret_file"));
}

TEST_CASE("dingtalk: sub-departments with their parents, the root has none") {
  const auto a = decodeSubDepartments(200, R"({"errcode":0,"result":[
      {"dept_id":10,"name":"工程部","parent_id":1,"auto_add_user":true},
      {"dept_id":9,"name":"财务部","parent_id":1}]})");
  REQUIRE(a.ok());
  REQUIRE(a.value->size() == 2);
  CHECK(a.value->at(0).id == "10");
  CHECK(a.value->at(0).parentId == "1");
  CHECK(a.value->at(0).name == "工程部");
  const auto root = decodeDepartment(200, R"({"errcode":0,"result":{"dept_id":1,"name":"总部"}})");
  REQUIRE(root.ok());
  CHECK(root.value->parentId.empty());
}

TEST_CASE("dingtalk: a page of users with every field, the cursor to follow") {
  const auto a =
      decodeUsers(200, R"({"errcode":0,"result":{"has_more":true,"next_cursor":100,"list":[
      {"userid":"zhangsan","unionid":"u1","name":"张三","mobile":"13800138000","email":"zs@acme.cn",
       "job_number":"000123","title":"工程师","dept_id_list":[10,9],"active":false,"avatar":"x"}]}})");
  REQUIRE(a.ok());
  CHECK(a.value->more);
  CHECK(a.value->next == "100");
  REQUIRE(a.value->items.size() == 1);
  const User& u = a.value->items[0];
  CHECK(u.userId == "zhangsan");
  CHECK(u.departmentIds == std::vector<std::string>{"10", "9"});
  CHECK(field(u, "name") == "张三");
  CHECK(field(u, "job_number") == "000123");
  CHECK(field(u, "dept_id_list") == "10,9");
  CHECK(field(u, "active") == "false");
  CHECK(field(u, "org_email").empty());  // every documented field, "" when left out
  CHECK(field(u, "avatar") == "<absent>");
  CHECK(u.fields.size() == userFields().size());
}

TEST_CASE("dingtalk: the last page has no cursor, a page that promises more without one fails") {
  const auto last = decodeUsers(200, R"({"errcode":0,"result":{"has_more":false,"list":[]}})");
  REQUIRE(last.ok());
  CHECK_FALSE(last.value->more);
  const auto bad = decodeUsers(200, R"({"errcode":0,"result":{"has_more":true,"list":[]}})");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.problem.kind == AnswerKind::Failed);
}

TEST_CASE("dingtalk: errcodes sort into what the walk does about them") {
  auto kind = [](const std::string& body) { return decodeUsers(200, body).problem.kind; };
  CHECK(kind(R"({"errcode":42001,"errmsg":"access_token expired"})") == AnswerKind::TokenExpired);
  CHECK(kind(R"({"errcode":40014,"errmsg":"invalid access_token"})") == AnswerKind::TokenExpired);
  CHECK(kind(R"({"errcode":90018,"errmsg":"too many calls"})") == AnswerKind::RateLimited);
  CHECK(kind(R"({"errcode":90002,"errmsg":"too many calls"})") == AnswerKind::RateLimited);
  CHECK(kind(R"({"errcode":-1,"errmsg":"系统繁忙"})") == AnswerKind::RateLimited);
  CHECK(kind(R"({"errcode":90020,"errmsg":"quota"})") == AnswerKind::Quota);
  CHECK(kind(R"({"errcode":60011,"errmsg":"no permission"})") == AnswerKind::Permission);
  CHECK(
      kind(R"({"errcode":88,"sub_code":"60011","sub_msg":"没有调用该接口的权限","errmsg":"x"})") ==
      AnswerKind::Permission);
  CHECK(kind(R"({"errcode":60003,"errmsg":"部门不存在"})") == AnswerKind::Permission);
  CHECK(kind(R"({"errcode":400002,"errmsg":"bad request"})") == AnswerKind::Failed);
  const auto ip = decodeUsers(200, R"({"errcode":60020,"errmsg":"访问ip不在白名单之中"})");
  CHECK(ip.problem.kind == AnswerKind::Permission);
  CHECK_THAT(ip.problem.todo, Catch::Contains("IP"));
  CHECK(ip.problem.code == "60020");
}

TEST_CASE("dingtalk: an HTML page where JSON was expected is a rate limit, garbage fails") {
  CHECK(decodeUsers(200, "<html><body>blocked</body></html>").problem.kind ==
        AnswerKind::RateLimited);
  CHECK(decodeUsers(503, "\n <!DOCTYPE html>").problem.kind == AnswerKind::RateLimited);
  CHECK(decodeUsers(200, "").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, "[1,2]").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(500, "{").problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"errcode":0,"result":{"list":[{"name":"no id"}]}})").problem.kind ==
        AnswerKind::Failed);
  CHECK(decodeUsers(200, R"({"errcode":0,"result":{"list":[{"userid":"a","dept_id_list":"1"}]}})")
            .problem.kind == AnswerKind::Failed);
  CHECK(decodeUsers(429, R"({"errcode":0,"result":{"list":[]}})").problem.kind ==
        AnswerKind::RateLimited);
}
