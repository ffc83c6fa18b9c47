#include "tests/emulator/member_json.h"

#include <Poco/JSON/Array.h>

#include "tests/emulator/json_support.h"

namespace membersync::emulator {
namespace {

using Poco::Dynamic::Var;

template <typename T>
Var orNull(const std::optional<T>& v) {
  return v ? Var(*v) : Var();
}

Var departmentName(const State& state, const Member& m) {
  const Department* d = m.departmentId ? state.department(*m.departmentId) : nullptr;
  return d ? Var(d->name) : Var();
}

Poco::JSON::Array::Ptr assetNums(const State& state, const Member& m) {
  Poco::JSON::Array::Ptr nums = new Poco::JSON::Array;
  for (const std::string& n : state.assetNumsOf(m.globalId)) nums->add(n);
  return nums;
}

}  // namespace

Poco::JSON::Object::Ptr memberRecord(const State& state, const Member& m) {
  auto o = newObject();
  o->set("id", m.id);
  o->set("userId", m.userId);
  o->set("globalId", m.globalId);
  o->set("enterpriseId", state.enterprise().id);
  o->set("departmentId", orNull(m.departmentId));
  o->set("departmentName", departmentName(state, m));
  o->set("userName", m.userName);
  o->set("name", m.name);
  o->set("remark", orNull(m.remark));
  o->set("deleted", m.deleted);
  o->set("updateTime", m.updateTime);
  o->set("createTime", m.createTime);
  return o;
}

Poco::JSON::Object::Ptr memberListItem(const State& state, const Member& m) {
  auto o = newObject();
  o->set("id", std::to_string(m.id));
  o->set("userId", std::to_string(m.userId));
  o->set("globalId", m.globalId);
  o->set("enterpriseId", std::to_string(state.enterprise().id));
  o->set("departmentId", orNull(m.departmentId));
  o->set("departmentName", departmentName(state, m));
  o->set("userName", m.userName);
  o->set("passwordMobile", orNull(m.passwordMobile));
  o->set("name", m.name);
  o->set("assetNums", assetNums(state, m));
  o->set("borrowNum", m.borrowNum.empty() ? Var() : Var(m.borrowNum));
  o->set("onlineFlag", m.onlineFlag);
  o->set("remark", orNull(m.remark));
  o->set("deleted", m.deleted);
  o->set("updateTime", m.updateTime);
  o->set("createTime", m.createTime);
  o->set("boundUserInfo", Var());
  return o;
}

Poco::JSON::Object::Ptr memberInspection(const State& state, const Member& m) {
  auto o = memberRecord(state, m);
  o->set("passwordMobile", orNull(m.passwordMobile));
  o->set("assetNums", assetNums(state, m));
  o->set("borrowNum", m.borrowNum.empty() ? Var() : Var(m.borrowNum));
  o->set("onlineFlag", m.onlineFlag);
  o->set("trial", m.trial);
  o->set("duplicateEmployee", m.duplicateEmployee);
  o->set("passwordSha256", m.passwordSha256.empty() ? Var() : Var(m.passwordSha256));
  return o;
}

}  // namespace membersync::emulator
