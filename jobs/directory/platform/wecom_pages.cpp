#include "jobs/directory/platform/wecom_pages.h"

#include <Poco/Dynamic/Var.h>

#include <set>
#include <utility>

#include "jobs/directory/platform/page_json.h"

namespace membersync::directory::platform::wecom {
namespace {

using json::Array;
using json::forward;
using json::missing;
using json::Object;
using json::objectAt;
using json::problem;
using json::text;
using json::textList;

constexpr const char* kContactsSecret =
    "use the secret of 通讯录同步 (管理工具 - 通讯录同步 - Secret) as corp_secret_file, and "
    "give it read access to the whole organisation";

// WeCom's errcodes (developer.work.weixin.qq.com/devtool/query): what a walk does about each.
Problem classify(long long errcode, const std::string& errmsg) {
  const std::string code = std::to_string(errcode);
  switch (errcode) {
    case 40014:  // invalid access_token
    case 42001:  // access_token expired
      return problem(AnswerKind::TokenExpired, code, errmsg);
    case 45009:  // api freq out of limit
    case 45033:  // api concurrent out of limit
      return problem(AnswerKind::RateLimited, code, errmsg);
    case 60020:  // not allow to access from your ip
      return problem(AnswerKind::Permission, code, errmsg,
                     "add this host's public IP to 企业可信IP (管理工具 - 通讯录同步 - 企业可信IP "
                     "in the WeCom admin console)");
    case 40001:  // invalid credential (the secret)
    case 40013:  // invalid corpid
    case 41004:  // corpsecret missing
      return problem(AnswerKind::Permission, code, errmsg,
                     "check corp_id and corp_secret_file; " + std::string(kContactsSecret));
    case 48002:  // api forbidden
    case 48009:  // api not authorised for this app
    case 60011:  // no privilege to access/modify contact/party/agent
      return problem(AnswerKind::Permission, code, errmsg, kContactsSecret);
    default:
      return problem(AnswerKind::Failed, code, errmsg);
  }
}

Answer<Object::Ptr> parsed(int httpStatus, const std::string& body) {
  return json::parse(httpStatus, body, {"errcode", "errmsg", classify});
}

}  // namespace

Answer<Token> decodeToken(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Token>(a);
  return json::tokenOf(**a.value, "access_token", "expires_in");
}

Answer<std::vector<Department>> decodeSimpleList(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<std::vector<Department>>(a);
  const auto list = (*a.value)->getArray("department_id");
  if (!list) return Answer<std::vector<Department>>::failure(missing("department_id"));
  std::vector<Department> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto d = objectAt(*list, i);
    if (!d || text(*d, "id").empty())
      return Answer<std::vector<Department>>::failure(missing("an id in department_id"));
    Department dep;
    dep.id = text(*d, "id");
    dep.parentId = text(*d, "parentid");
    if (dep.parentId == "0") dep.parentId.clear();  // the root's parent
    if (!seen.insert(dep.id).second)
      return Answer<std::vector<Department>>::failure(
          problem(AnswerKind::Failed, "0", "department " + dep.id + " is listed twice"));
    out.push_back(std::move(dep));
  }
  return Answer<std::vector<Department>>::success(std::move(out));
}

Answer<Department> decodeDepartment(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Department>(a);
  const auto d = (*a.value)->getObject("department");
  if (!d || text(*d, "id").empty()) return Answer<Department>::failure(missing("department.id"));
  Department dep;
  dep.id = text(*d, "id");
  dep.parentId = text(*d, "parentid");
  if (dep.parentId == "0") dep.parentId.clear();
  dep.name = text(*d, "name");
  if (dep.name.empty()) return Answer<Department>::failure(missing("department.name"));
  return Answer<Department>::success(std::move(dep));
}

Answer<Page<std::string>> decodeUserIds(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Page<std::string>>(a);
  const Object& o = **a.value;
  const auto list = o.getArray("dept_user");
  if (!list) return Answer<Page<std::string>>::failure(missing("dept_user"));
  // dept_user has one entry per (person, department): a person in three departments thrice.
  Page<std::string> page;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto u = objectAt(*list, i);
    const std::string id = u ? text(*u, "userid") : "";
    if (id.empty()) return Answer<Page<std::string>>::failure(missing("a userid in dept_user"));
    if (seen.insert(id).second) page.items.push_back(id);
  }
  page.next = text(o, "next_cursor");
  page.more = !page.next.empty();
  return Answer<Page<std::string>>::success(std::move(page));
}

Answer<UserDetail> decodeUser(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<UserDetail>(a);
  const Object& o = **a.value;
  UserDetail d;
  d.user.userId = text(o, "userid");
  if (d.user.userId.empty()) return Answer<UserDetail>::failure(missing("userid"));
  for (const char* key : {"userid", "name", "mobile", "email", "biz_mail", "position", "alias",
                          "telephone", "open_userid", "status", "enable", "main_department"})
    if (o.has(key)) d.user.fields.emplace_back(key, text(o, key));
  d.user.departmentIds = textList(o, "department");
  d.user.mainDepartmentId = text(o, "main_department");
  d.contactWithheld = !o.has("mobile") && !o.has("email") && !o.has("biz_mail");
  return Answer<UserDetail>::success(std::move(d));
}

}  // namespace membersync::directory::platform::wecom
