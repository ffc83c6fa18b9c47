#include "jobs/directory/platform/feishu_pages.h"

#include <Poco/Dynamic/Var.h>

#include <utility>

#include "jobs/directory/platform/page_json.h"

namespace membersync::directory::platform::feishu {
namespace {

using json::Array;
using json::forward;
using json::missing;
using json::Object;
using json::objectAt;
using json::problem;
using json::text;

constexpr const char* kScopes =
    "grant the app contact:user.base:readonly, contact:user.employee_id:readonly and "
    "contact:department.base:readonly (开发者后台 - 权限管理), publish a version, and set "
    "通讯录权限范围 to 全部成员 (all staff)";

// Feishu's codes (open.feishu.cn/document/server-docs/getting-started/server-error-codes and
// the contact v3 pages): what a walk does about each.
Problem classify(long long code, const std::string& msg) {
  const std::string c = std::to_string(code);
  switch (code) {
    case 99991661:  // missing access token
    case 99991663:  // tenant access token invalid
    case 99991664:  // app access token invalid
    case 99991668:  // token invalid or expired
    case 99991677:  // token expired
      return problem(AnswerKind::TokenExpired, c, msg);
    case 99991400:  // request trigger frequency limit
      return problem(AnswerKind::RateLimited, c, msg);
    case 99991403:  // the app's monthly API calls are spent (with HTTP 429)
      return problem(AnswerKind::Quota, c, msg,
                     "the app's API calls for this month are spent (the free edition allows "
                     "10,000): wait for the next month or upgrade, and set [directory] "
                     "max_calls_month so that runs the month cannot pay for stop before they "
                     "start");
    case 10003:  // tenant_access_token/internal: invalid app_id
    case 10014:  // app secret invalid
      return problem(AnswerKind::Permission, c, msg, "check app_id and app_secret_file");
    case 40004:  // no dept authority: the department is outside 通讯录权限范围
    case 41050:  // no user authority
      return problem(AnswerKind::Permission, c, msg,
                     "set the app's 通讯录权限范围 (开发者后台 - 权限管理 - 通讯录权限范围) to "
                     "全部成员 (all staff): department 0, the root, needs it; publish a version");
    case 99991672:  // the app lacks a scope
    case 99991679:  // user authorisation missing (a user token's scope)
      return problem(AnswerKind::Permission, c, msg, kScopes);
    default:
      return problem(AnswerKind::Failed, c, msg);
  }
}

Answer<Object::Ptr> parsed(int httpStatus, const std::string& body) {
  return json::parse(httpStatus, body, {"code", "msg", classify});
}

// data.items and where the next page starts; nullopt problem when data or items is missing.
// An empty department has no items key at all in Feishu's answers: an empty page.
struct Items {
  Array::Ptr items;
  std::string next;
  bool more = false;
};

Answer<Items> items(const Object& root) {
  const auto data = root.getObject("data");
  if (!data) return Answer<Items>::failure(missing("data"));
  Items out;
  out.items = data->getArray("items");
  if (!out.items) out.items = new Array;
  if (data->has("has_more")) {
    const Poco::Dynamic::Var v = data->get("has_more");
    if (!v.isBoolean()) return Answer<Items>::failure(missing("a boolean has_more"));
    out.more = v.extract<bool>();
  }
  out.next = text(*data, "page_token");
  if (out.more && out.next.empty())
    return Answer<Items>::failure(missing("page_token with has_more"));
  if (!out.more) out.next.clear();
  return Answer<Items>::success(std::move(out));
}

}  // namespace

Answer<Token> decodeToken(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Token>(a);
  return json::tokenOf(**a.value, "tenant_access_token", "expire");
}

Answer<Page<Department>> decodeDepartments(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Page<Department>>(a);
  const auto listed = items(**a.value);
  if (!listed.ok()) return Answer<Page<Department>>::failure(listed.problem);
  Page<Department> page;
  page.next = listed.value->next;
  page.more = listed.value->more;
  const Array& list = *listed.value->items;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto d = objectAt(list, i);
    if (!d || text(*d, "department_id").empty())
      return Answer<Page<Department>>::failure(missing("department_id in items"));
    Department dep;
    dep.id = text(*d, "department_id");
    dep.parentId = text(*d, "parent_department_id");
    dep.name = text(*d, "name");
    if (dep.name.empty())
      return Answer<Page<Department>>::failure(missing("the name of department " + dep.id));
    page.items.push_back(std::move(dep));
  }
  return Answer<Page<Department>>::success(std::move(page));
}

Answer<UserPage> decodeUsers(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<UserPage>(a);
  const auto listed = items(**a.value);
  if (!listed.ok()) return Answer<UserPage>::failure(listed.problem);
  UserPage out;
  out.page.next = listed.value->next;
  out.page.more = listed.value->more;
  const Array& list = *listed.value->items;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto u = objectAt(list, i);
    if (!u || text(*u, "user_id").empty())
      return Answer<UserPage>::failure(
          missing("user_id in items (ask with user_id_type=user_id and grant "
                  "contact:user.employee_id:readonly)"));
    User user;
    user.userId = text(*u, "user_id");
    for (const char* key : {"user_id", "open_id", "union_id", "name", "en_name", "mobile", "email",
                            "enterprise_email", "employee_no", "job_title"})
      if (u->has(key)) user.fields.emplace_back(key, text(*u, key));
    if (const auto status = u->getObject("status"))
      for (const char* key : {"is_activated", "is_resigned", "is_frozen", "is_exited", "is_unjoin"})
        if (status->has(key)) user.fields.emplace_back(key, text(*status, key));
    user.departmentIds = json::textList(*u, "department_ids");
    if (!u->has("mobile") && !u->has("email")) out.contactWithheld = true;
    out.page.items.push_back(std::move(user));
  }
  return Answer<UserPage>::success(std::move(out));
}

}  // namespace membersync::directory::platform::feishu
