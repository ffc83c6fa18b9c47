#include "jobs/directory/platform/dingtalk_pages.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <set>

#include "jobs/directory/platform/page_json.h"

namespace membersync::directory::platform::dingtalk {

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;
using json::looksLikeHtml;
using json::problem;

std::string text(const Object::Ptr& o, const std::string& key) {
  if (!o->has(key)) return {};
  const Var v = o->get(key);
  if (v.isEmpty()) return {};
  if (v.isBoolean()) return v.convert<bool>() ? "true" : "false";
  if (v.isString() || v.isNumeric()) return v.convert<std::string>();
  throw Poco::DataFormatException(key + " is not a value");
}

// An id: a whole number (DingTalk's are) or text; never empty.
std::string id(const Object::Ptr& o, const std::string& key) {
  std::string s = text(o, key);
  if (s.empty()) throw Poco::DataFormatException(key + " is missing");
  return s;
}

AnswerKind kindOfCode(long code, bool carriesToken) {
  switch (code) {
    case 40001:
    case 40014:
    case 42001:
      return carriesToken ? AnswerKind::TokenExpired : AnswerKind::Permission;
    case -1:
    case 90002:
    case 90018:
      return AnswerKind::RateLimited;
    case 90020:
      return AnswerKind::Quota;
    case 88:
    case 60011:
    case 60020:
    case 60121:
    case 50002:
    case 50004:
    case 60003:
      return AnswerKind::Permission;
    default:
      return AnswerKind::Failed;
  }
}

std::string todoOf(AnswerKind kind, long code) {
  if (code == 60020)
    return "add this host's public IP to the app's server IP allow-list (开发者后台 > 应用 > "
           "开发管理)";
  if (code == 40001 || code == 40014 || code == 42001)
    return "check [directory] app_key and app_secret_file: they are the app's AppKey and AppSecret";
  if (kind == AnswerKind::Permission)
    return "grant the app the contacts permissions (权限管理: 通讯录部门信息读权限, "
           "成员信息读权限, "
           "通讯录个人信息读权限 / 手机号码信息, 邮箱等个人信息) and make its 通讯录 range the "
           "whole "
           "organisation";
  if (kind == AnswerKind::Quota)
    return "the month's API calls are spent (DingTalk's edition limit); lower the schedule or "
           "raise [directory] max_calls_month after upgrading";
  return {};
}

// The errcode's problem; Ok (kind Ok) when errcode is 0.
Problem problemOf(const Object::Ptr& o, bool carriesToken) {
  const long code = o->has("errcode") ? o->getValue<long>("errcode") : 0;
  if (code == 0) return Problem{};
  std::string message = text(o, "errmsg");
  AnswerKind kind = kindOfCode(code, carriesToken);
  std::string codeText = std::to_string(code);
  if (code == 88 && o->has("sub_code")) {
    const std::string sub = text(o, "sub_code");
    codeText += "/" + sub;
    message = text(o, "sub_msg");
    try {
      const long subCode = std::stol(sub);
      if (kindOfCode(subCode, carriesToken) != AnswerKind::Failed)
        kind = kindOfCode(subCode, carriesToken);
      return problem(kind, codeText, message, todoOf(kind, subCode));
    } catch (const std::exception&) {
    }
  }
  return problem(kind, codeText, message, todoOf(kind, code));
}

// The answer's object, or the problem it is: HTML or a non-JSON error status, an errcode.
template <typename T, typename F>
Answer<T> decode(int status, const std::string& body, bool carriesToken, F&& read) {
  if (looksLikeHtml(body))
    return Answer<T>::failure(problem(AnswerKind::RateLimited, "HTTP " + std::to_string(status),
                                      "an HTML page where JSON was expected (DingTalk blocks an "
                                      "address that calls too often this way)"));
  try {
    Poco::JSON::Parser parser;
    const Var v = parser.parse(body);
    const Object::Ptr o = v.extract<Object::Ptr>();
    Problem p = problemOf(o, carriesToken);
    if (p.kind != AnswerKind::Ok) return Answer<T>::failure(std::move(p));
    if (status != 200)
      return Answer<T>::failure(
          problem(status == 429 ? AnswerKind::RateLimited : AnswerKind::Failed,
                  "HTTP " + std::to_string(status),
                  "errcode 0 with HTTP status " + std::to_string(status)));
    return Answer<T>::success(read(o));
  } catch (const Poco::Exception& e) {
    return Answer<T>::failure(problem(status == 429 ? AnswerKind::RateLimited : AnswerKind::Failed,
                                      "HTTP " + std::to_string(status),
                                      "not the answer DingTalk documents: " + e.displayText()));
  } catch (const std::exception&
               e) {  // Poco::BadCastException derives from Poco::Exception; std::bad_cast does not
    return Answer<T>::failure(
        problem(AnswerKind::Failed, "HTTP " + std::to_string(status),
                std::string("not the answer DingTalk documents: ") + e.what()));
  }
}

Object::Ptr object(const Object::Ptr& o, const std::string& key) {
  const Object::Ptr r = o->getObject(key);
  if (!r) throw Poco::DataFormatException(key + " is not an object");
  return r;
}

Array::Ptr array(const Object::Ptr& o, const std::string& key) {
  const Array::Ptr r = o->getArray(key);
  if (!r) throw Poco::DataFormatException(key + " is not an array");
  return r;
}

Department departmentOf(const Object::Ptr& d) {
  Department out;
  out.id = id(d, "dept_id");
  out.parentId = out.id == kRootDepartmentId ? "" : text(d, "parent_id");
  out.name = text(d, "name");
  if (out.name.empty()) throw Poco::DataFormatException("department " + out.id + " has no name");
  return out;
}

User userOf(const Object::Ptr& u) {
  User out;
  out.userId = id(u, "userid");
  for (const std::string& field : userFields()) {
    if (field != "dept_id_list") {
      out.fields.emplace_back(field, text(u, field));
      continue;
    }
    const Array::Ptr ids = array(u, "dept_id_list");
    std::string joined;
    for (std::size_t i = 0; i < ids->size(); ++i) {
      const std::string one = ids->get(i).convert<std::string>();
      out.departmentIds.push_back(one);
      joined += (joined.empty() ? "" : ",") + one;
    }
    out.fields.emplace_back(field, joined);
  }
  return out;
}

}  // namespace

const std::vector<std::string>& userFields() {
  static const std::vector<std::string> kFields{"userid",       "unionid",   "name",       "mobile",
                                                "email",        "org_email", "job_number", "title",
                                                "dept_id_list", "active"};
  return kFields;
}

Answer<Token> decodeToken(int status, const std::string& body) {
  return decode<Token>(status, body, false, [](const Object::Ptr& o) {
    Answer<Token> t = json::tokenOf(*o, "access_token", "expires_in");
    if (!t.ok()) throw Poco::DataFormatException(t.problem.message);
    return std::move(*t.value);
  });
}

Answer<Department> decodeDepartment(int status, const std::string& body) {
  return decode<Department>(status, body, true,
                            [](const Object::Ptr& o) { return departmentOf(object(o, "result")); });
}

Answer<std::vector<Department>> decodeSubDepartments(int status, const std::string& body) {
  return decode<std::vector<Department>>(status, body, true, [](const Object::Ptr& o) {
    const Array::Ptr list = array(o, "result");
    std::vector<Department> out;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Object::Ptr d = list->getObject(static_cast<unsigned>(i));
      if (!d) throw Poco::DataFormatException("result[" + std::to_string(i) + "] is not an object");
      out.push_back(departmentOf(d));
      if (out.back().parentId.empty())
        throw Poco::DataFormatException("department " + out.back().id + " has no parent_id");
    }
    return out;
  });
}

Answer<Page<User>> decodeUsers(int status, const std::string& body) {
  return decode<Page<User>>(status, body, true, [](const Object::Ptr& o) {
    const Object::Ptr result = object(o, "result");
    Page<User> page;
    const Array::Ptr list = array(result, "list");
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Object::Ptr u = list->getObject(static_cast<unsigned>(i));
      if (!u) throw Poco::DataFormatException("list[" + std::to_string(i) + "] is not an object");
      page.items.push_back(userOf(u));
    }
    page.more = result->has("has_more") && result->getValue<bool>("has_more");
    if (page.more) {
      page.next = text(result, "next_cursor");
      if (page.next.empty()) throw Poco::DataFormatException("has_more without next_cursor");
    }
    return page;
  });
}

}  // namespace membersync::directory::platform::dingtalk
