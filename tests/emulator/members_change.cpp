// A2 edit, A3 reset password, A4 delete: changes to one existing member.
#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/password_digest.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

Member* liveMember(Service& svc, const Route& route) {
  Member* m = svc.state.memberByGlobalId(route.memberGlobalId);
  return (m == nullptr || m->deleted) ? nullptr : m;
}

Reply unknownMember(const Route& route) {
  return memberCenterError("60002", "no member " + route.memberGlobalId + " that is not deleted");
}

Reply committed(Reply r) {
  r.committed = true;
  return r;
}

// The body's userName names the member with or without the suffix, ignoring case.
bool namesMember(const Service& svc, const std::string& userName, const Member& m) {
  return equalsIgnoreCase(userName, m.userName) ||
         equalsIgnoreCase(userName + svc.expandedSuffix(), m.userName);
}

// An optional text field of A2: absent or null keeps the value, "" clears it.
enum class Edit { kKeep, kSet, kBadType };
Edit readEdit(const Poco::JSON::Object::Ptr& body, const char* key, std::string& value) {
  JsonField f = field(body, key);
  if (f.absentOrNull()) return Edit::kKeep;
  if (!f.isString()) return Edit::kBadType;
  value = f.string();
  return Edit::kSet;
}

void setOrClear(std::optional<std::string>& target, const std::string& value) {
  if (value.empty()) {
    target.reset();
  } else {
    target = value;
  }
}

}  // namespace

Reply editMember(Service& svc, const Request& req, const Route& route) {
  Member* m = liveMember(svc, route);
  if (m == nullptr) return unknownMember(route);
  auto body = hasJsonContentType(req) ? parseObject(req.body) : nullptr;
  if (!body) return memberCenterError("40000", kNeedsJson);
  JsonField userName = field(body, "userName");
  JsonField name = field(body, "name");
  if (!userName.isString() || userName.string().empty()) {
    return memberCenterError("40000", "userName is required");
  }
  if (!name.isString() || name.string().empty())
    return memberCenterError("40000", "name is required");
  if (!namesMember(svc, userName.string(), *m)) {
    return memberCenterError("60002", "userName '" + userName.string() + "' is not member " +
                                          route.memberGlobalId + "'s");
  }
  if (codePointCount(name.string()) > kMaxNameChars) {
    return memberCenterError("30002", "name exceeds 30 characters");
  }
  std::string remark, mobile;
  Edit remarkEdit = readEdit(body, "remark", remark);
  Edit mobileEdit = readEdit(body, "passwordMobile", mobile);
  if (remarkEdit == Edit::kBadType || mobileEdit == Edit::kBadType) {
    return memberCenterError("40000", "remark and passwordMobile are strings");
  }
  if (remarkEdit == Edit::kSet && codePointCount(remark) > kMaxRemarkChars) {
    return memberCenterError("30003", "remark exceeds 200 characters");
  }
  JsonField dept = field(body, "departmentId");
  std::optional<std::int64_t> departmentId;
  if (!dept.absentOrNull()) {
    departmentId = dept.integer();
    if (!departmentId) return memberCenterError("40000", "departmentId must be an integer");
    if (svc.state.department(*departmentId) == nullptr) {
      return memberCenterError("40000",
                               "department " + std::to_string(*departmentId) + " does not exist");
    }
  }

  m->name = name.string();
  if (departmentId) m->departmentId = departmentId;
  if (remarkEdit == Edit::kSet) setOrClear(m->remark, remark);
  if (mobileEdit == Edit::kSet) setOrClear(m->passwordMobile, mobile);
  m->updateTime = std::max(svc.nowMs(), m->updateTime);
  return committed(memberCenterSuccess());
}

Reply resetPassword(Service& svc, const Request& req, const Route& route) {
  auto body = hasJsonContentType(req) ? parseObject(req.body) : nullptr;
  if (!body) return memberCenterError("40000", kNeedsJson);
  JsonField password = field(body, "password");
  if (password.absentOrNull() || (password.isString() && password.string().empty())) {
    return memberCenterError("40001", "password is empty");
  }
  if (!password.isString()) return memberCenterError("40000", "password must be a string");
  if (!isValidPasswordLength(password.string())) {
    return memberCenterTemplatedError("50003", "password length",
                                      {static_cast<std::int64_t>(kMinPasswordChars),
                                       static_cast<std::int64_t>(kMaxPasswordChars)});
  }
  Member* m = liveMember(svc, route);
  if (m == nullptr) return unknownMember(route);
  m->passwordSha256 = passwordDigest(password.string());
  m->updateTime = std::max(svc.nowMs(), m->updateTime);
  return committed(memberCenterSuccess());
}

Reply deleteMember(Service& svc, const Route& route) {
  Member* m = liveMember(svc, route);
  if (m == nullptr) return unknownMember(route);
  // A soft delete: the record stays (A5 can list it), its assets and locks are freed.
  svc.state.releaseEverythingOf(*m);
  svc.state.markDeleted(*m);
  m->updateTime = std::max(svc.nowMs(), m->updateTime);
  return committed(memberCenterSuccess());
}

}  // namespace membersync::emulator
