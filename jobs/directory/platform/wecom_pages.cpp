#include "jobs/directory/platform/wecom_pages.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <optional>
#include <set>
#include <utility>

namespace membersync::directory::platform::wecom {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr const char* kContactsSecret =
    "use the secret of 通讯录同步 (管理工具 - 通讯录同步 - Secret) as corp_secret_file, and give "
    "it "
    "read access to the whole organisation";

Problem problem(AnswerKind kind, std::string code, std::string message, std::string todo = "") {
  Problem p;
  p.kind = kind;
  p.code = std::move(code);
  p.message = std::move(message);
  p.todo = std::move(todo);
  return p;
}

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

// A code as a whole number; nullopt when it is none or does not fit (Poco throws for that).
std::optional<long long> whole(const Poco::Dynamic::Var& v) {
  if (!v.isInteger()) return std::nullopt;
  try {
    return v.convert<long long>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// A value as text: strings as they are, numbers and booleans as JSON writes them.
std::string text(const Object& o, const std::string& key) {
  if (!o.has(key)) return "";
  const Poco::Dynamic::Var v = o.get(key);
  if (v.isEmpty()) return "";
  if (v.isString()) return v.extract<std::string>();
  if (v.isNumeric() || v.isBoolean()) return v.convert<std::string>();
  return "";
}

// The body as an object and its errcode checked; a problem when it is not an answer to use.
// An HTML page where JSON was expected is what a gateway in front of qyapi sends while it
// blocks an address for a while: treated as a rate limit (pause, then again, within the run's
// time-out) rather than a failure, as for DingTalk.
Answer<Object::Ptr> parsed(int httpStatus, const std::string& body) {
  const auto first = body.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && body[first] == '<')
    return Answer<Object::Ptr>::failure(problem(AnswerKind::RateLimited,
                                                "HTTP " + std::to_string(httpStatus),
                                                "an HTML page where JSON was expected"));
  if (httpStatus == 429)
    return Answer<Object::Ptr>::failure(problem(AnswerKind::RateLimited, "HTTP 429", ""));
  Object::Ptr object;
  try {
    object = Poco::JSON::Parser().parse(body).extract<Object::Ptr>();
  } catch (const Poco::Exception&) {
  } catch (const std::exception&) {  // Var throws std::exceptions for a non-object
  }
  if (!object)
    return Answer<Object::Ptr>::failure(problem(AnswerKind::Failed,
                                                "HTTP " + std::to_string(httpStatus),
                                                "the answer is not a JSON object"));
  const Poco::Dynamic::Var code =
      object->has("errcode") ? object->get("errcode") : Poco::Dynamic::Var();
  const auto number = whole(code);
  if (!number)
    return Answer<Object::Ptr>::failure(problem(AnswerKind::Failed,
                                                "HTTP " + std::to_string(httpStatus),
                                                "the answer has no whole errcode"));
  const long long errcode = *number;
  if (errcode != 0) return Answer<Object::Ptr>::failure(classify(errcode, text(*object, "errmsg")));
  if (httpStatus != 200)
    return Answer<Object::Ptr>::failure(problem(AnswerKind::Failed,
                                                "HTTP " + std::to_string(httpStatus),
                                                "errcode 0 with a failure status"));
  return Answer<Object::Ptr>::success(object);
}

Problem missing(const std::string& what) {
  return problem(AnswerKind::Failed, "0", "the answer lacks " + what);
}

template <typename T>
Answer<T> forward(const Answer<Object::Ptr>& a) {
  return Answer<T>::failure(a.problem);
}

// An element of a list as an object; nullptr for anything else.
Object::Ptr objectAt(const Array& a, std::size_t i) {
  try {
    return a.getObject(static_cast<unsigned>(i));
  } catch (const std::exception&) {
    return nullptr;
  }
}

std::vector<std::string> textList(const Object& o, const std::string& key) {
  std::vector<std::string> out;
  const auto list = o.getArray(key);
  if (!list) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const Poco::Dynamic::Var v = list->get(static_cast<unsigned>(i));
    if (v.isString())
      out.push_back(v.extract<std::string>());
    else if (v.isNumeric())
      out.push_back(v.convert<std::string>());
  }
  return out;
}

}  // namespace

Answer<Token> decodeToken(int httpStatus, const std::string& body) {
  const auto a = parsed(httpStatus, body);
  if (!a.ok()) return forward<Token>(a);
  const Object& o = **a.value;
  Token t;
  t.value = text(o, "access_token");
  if (t.value.empty()) return Answer<Token>::failure(missing("access_token"));
  try {
    t.expiresInS = o.has("expires_in") ? o.getValue<int>("expires_in") : 7200;
  } catch (const std::exception&) {
    return Answer<Token>::failure(missing("a numeric expires_in"));
  }
  if (t.expiresInS <= 0) return Answer<Token>::failure(missing("a positive expires_in"));
  return Answer<Token>::success(std::move(t));
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
