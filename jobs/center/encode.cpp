#include "jobs/center/encode.h"

#include <cstdint>
#include <optional>

#include "jobs/center/error_codes.h"
#include "jobs/center/json_write.h"

namespace membersync::center {
namespace {

using json::ObjectWriter;

// A departmentId is sent as a JSON number; the text must be a decimal integer. nullopt when
// absent or not one.
std::optional<std::int64_t> departmentNumber(const std::optional<std::string>& id) {
  if (!id) return std::nullopt;
  const std::string& s = *id;
  const std::size_t start = (!s.empty() && s[0] == '-') ? 1 : 0;
  if (s.size() <= start || s.size() - start > 18 ||
      s.find_first_not_of("0123456789", start) != std::string::npos)
    return std::nullopt;
  return std::stoll(s);
}

template <class T>
Result<T> badDepartment(Endpoint endpoint, const std::string& who, const std::string& id) {
  return Result<T>::failure(makeError(
      endpoint, ErrorKind::BadInput,
      "departmentId \"" + id + "\" of " + who + " is not a decimal integer; nothing was sent"));
}

void putIfPresent(ObjectWriter& o, const char* key, const std::optional<std::string>& value) {
  if (value) o.text(key, *value);
}

// The fields an add (A1 row) and an edit (A2) share, from departmentId on, in the order sent.
void putMemberFields(ObjectWriter& o, const std::optional<std::int64_t>& department,
                     const std::string& name, const std::optional<std::string>& remark,
                     const std::optional<std::string>& passwordMobile) {
  if (department) o.integer("departmentId", *department);
  o.text("name", name);
  putIfPresent(o, "remark", remark);
  putIfPresent(o, "passwordMobile", passwordMobile);
}

// A one-field body.
std::string objectWith(const char* key, const std::string& value) {
  std::string body;
  ObjectWriter o(body);
  o.text(key, value);
  o.close();
  return body;
}

}  // namespace

Result<std::string> encodeAddMembers(const std::vector<NewMember>& members) {
  std::string body;
  body.reserve(16 + members.size() * 160);  // a typical row is 100-150 bytes: one allocation
  body += R"({"userList":[)";
  for (std::size_t i = 0; i < members.size(); ++i) {
    const NewMember& m = members[i];
    const auto department = departmentNumber(m.departmentId);
    if (m.departmentId && !department)
      return badDepartment<std::string>(Endpoint::AddMembers, m.account, *m.departmentId);
    if (i > 0) body += ',';
    ObjectWriter row(body);
    row.text("userName", m.account);
    row.text("password", m.password.reveal());
    putMemberFields(row, department, m.name, m.remark, m.passwordMobile);
    row.close();
  }
  body += "]}";
  return Result<std::string>::success(std::move(body));
}

Result<std::string> encodeMemberEdit(const MemberEdit& edit) {
  const auto department = departmentNumber(edit.departmentId);
  if (edit.departmentId && !department)
    return badDepartment<std::string>(Endpoint::EditMember, edit.account, *edit.departmentId);
  std::string body;
  ObjectWriter o(body);
  o.text("userName", edit.account);
  putMemberFields(o, department, edit.name, edit.remark, edit.passwordMobile);
  o.close();
  return Result<std::string>::success(std::move(body));
}

std::string encodeResetPassword(const Secret& password) {
  return objectWith("password", password.reveal());
}

std::string encodeConfigureAssets(const std::vector<std::string>& deleteAssets,
                                  const std::vector<std::string>& addAssets) {
  std::string body;
  ObjectWriter o(body);
  o.texts("deleteAssets", deleteAssets);
  o.texts("addAssets", addAssets);
  o.close();
  return body;
}

std::string encodeLendAssets(const std::string& lockNumber, const std::vector<std::string>& assetIds) {
  std::string body;
  ObjectWriter o(body);
  o.text("borrowedUsbKey", lockNumber);
  o.texts("assetIDs", assetIds);
  o.close();
  return body;
}

std::string encodeEnrol(const EnrolRequest& request) {
  std::string body;
  ObjectWriter o(body);
  o.text("identity", request.identity);
  o.text("activityLabel", request.activityLabel);
  o.text("source", request.source);
  o.text("branch", request.branch);
  if (request.mode) {
    ObjectWriter ext = o.object("extParams");
    ext.text("mode", *request.mode);
    ext.close();
  }
  o.close();
  return body;
}

}  // namespace membersync::center
