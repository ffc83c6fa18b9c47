#include "jobs/center/encode.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSONString.h>

#include <sstream>

#include "jobs/center/error_codes.h"

namespace membersync::center {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Object::Ptr newObject() { return new Object(Poco::JSON_PRESERVE_KEY_ORDER); }

std::string text(const Object::Ptr& o) {
  std::ostringstream out;
  o->stringify(out);
  return out.str();
}

Array::Ptr strings(const std::vector<std::string>& values) {
  Array::Ptr a = new Array;
  for (const auto& v : values) a->add(v);
  return a;
}

void putIfPresent(Object::Ptr o, const char* key, const std::optional<std::string>& value) {
  if (value) o->set(key, *value);
}

// A departmentId is sent as a JSON number; the text must be a decimal integer.
bool putDepartment(Object::Ptr o, const std::optional<std::string>& id) {
  if (!id) return true;
  const std::string& s = *id;
  const std::size_t start = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (s.size() <= start || s.size() - start > 18 ||
      s.find_first_not_of("0123456789", start) != std::string::npos)
    return false;
  o->set("departmentId", static_cast<Poco::Int64>(std::stoll(s)));
  return true;
}

template <class T>
Result<T> badDepartment(Endpoint endpoint, const std::string& who, const std::string& id) {
  return Result<T>::failure(makeError(
      endpoint, ErrorKind::BadInput,
      "departmentId \"" + id + "\" of " + who + " is not a decimal integer; nothing was sent"));
}

}  // namespace

Result<std::string> encodeAddMembers(const std::vector<NewMember>& members) {
  Array::Ptr list = new Array;
  for (const NewMember& m : members) {
    Object::Ptr row = newObject();
    row->set("userName", m.account);
    row->set("password", m.password.reveal());
    if (!putDepartment(row, m.departmentId))
      return badDepartment<std::string>(Endpoint::AddMembers, m.account, *m.departmentId);
    row->set("name", m.name);
    putIfPresent(row, "remark", m.remark);
    putIfPresent(row, "passwordMobile", m.passwordMobile);
    list->add(row);
  }
  Object::Ptr body = newObject();
  body->set("userList", list);
  return Result<std::string>::success(text(body));
}

Result<std::string> encodeMemberEdit(const MemberEdit& edit) {
  Object::Ptr body = newObject();
  body->set("userName", edit.account);
  if (!putDepartment(body, edit.departmentId))
    return badDepartment<std::string>(Endpoint::EditMember, edit.account, *edit.departmentId);
  body->set("name", edit.name);
  putIfPresent(body, "remark", edit.remark);
  putIfPresent(body, "passwordMobile", edit.passwordMobile);
  return Result<std::string>::success(text(body));
}

std::string encodeResetPassword(const Secret& password) {
  Object::Ptr body = newObject();
  body->set("password", password.reveal());
  return text(body);
}

std::string encodeConfigureAssets(const std::vector<std::string>& deleteAssets,
                                  const std::vector<std::string>& addAssets) {
  Object::Ptr body = newObject();
  body->set("deleteAssets", strings(deleteAssets));
  body->set("addAssets", strings(addAssets));
  return text(body);
}

std::string encodeLendAssets(const std::string& lockNumber, const std::vector<std::string>& assetIds) {
  Object::Ptr body = newObject();
  body->set("borrowedUsbKey", lockNumber);
  body->set("assetIDs", strings(assetIds));
  return text(body);
}

std::string encodeEnrol(const EnrolRequest& request) {
  Object::Ptr body = newObject();
  body->set("identity", request.identity);
  body->set("activityLabel", request.activityLabel);
  body->set("source", request.source);
  body->set("branch", request.branch);
  if (request.mode) {
    Object::Ptr ext = newObject();
    ext->set("mode", *request.mode);
    body->set("extParams", ext);
  }
  return text(body);
}

}  // namespace membersync::center
