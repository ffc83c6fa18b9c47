// A1's member records (spec 2.2, with 60027's failed rows): an answer body -> AddMembersResult.
// What decodes, encoded again in the spec's shape (ids as strings, times as numbers) and decoded
// again, gives the same records.
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <sstream>

#include "tests/fuzz/center_answer.h"

namespace {

using namespace membersync::center;
using Poco::JSON::Array;
using Poco::JSON::Object;

template <class T>
void setOptional(Object& o, const char* key, const std::optional<T>& value) {
  if (value) o.set(key, *value);
}

Object::Ptr recordJson(const MemberRecord& m) {
  Object::Ptr o = new Object;
  o->set("id", m.id);
  o->set("userId", m.userId);
  o->set("globalId", m.globalId);
  o->set("enterpriseId", m.enterpriseId);
  setOptional(*o, "departmentId", m.departmentId);
  setOptional(*o, "departmentName", m.departmentName);
  o->set("userName", m.userName);
  o->set("name", m.name);
  setOptional(*o, "remark", m.remark);
  o->set("deleted", m.deleted);
  o->set("updateTime", static_cast<Poco::Int64>(m.updateTime));
  o->set("createTime", static_cast<Poco::Int64>(m.createTime));
  return o;
}

std::string answerJson(const AddMembersResult& r) {
  Array::Ptr succeeded = new Array, failed = new Array;
  for (const MemberRecord& m : r.succeeded) succeeded->add(recordJson(m));
  for (const FailedMember& f : r.failed) {
    Object::Ptr o = new Object;
    o->set("userName", f.userName);
    o->set("message", f.message);
    failed->add(o);
  }
  Object::Ptr data = new Object, answer = new Object;
  data->set("succeeded", succeeded);
  data->set("failed", failed);
  answer->set("code", "0");
  answer->set("data", data);
  std::ostringstream out;
  answer->stringify(out);
  return out.str();
}

bool same(const MemberRecord& a, const MemberRecord& b) {
  return a.id == b.id && a.userId == b.userId && a.globalId == b.globalId &&
         a.enterpriseId == b.enterpriseId && a.departmentId == b.departmentId &&
         a.departmentName == b.departmentName && a.userName == b.userName && a.name == b.name &&
         a.remark == b.remark && a.deleted == b.deleted && a.updateTime == b.updateTime &&
         a.createTime == b.createTime;
}

bool same(const AddMembersResult& a, const AddMembersResult& b) {
  if (a.succeeded.size() != b.succeeded.size() || a.failed.size() != b.failed.size()) return false;
  for (std::size_t i = 0; i < a.succeeded.size(); ++i)
    if (!same(a.succeeded[i], b.succeeded[i])) return false;
  for (std::size_t i = 0; i < a.failed.size(); ++i)
    if (a.failed[i].userName != b.failed[i].userName || a.failed[i].message != b.failed[i].message)
      return false;
  return true;
}

Result<AddMembersResult> decoded(const std::string& body) {
  const auto env = membersync::fuzz::successfulEnvelope(Endpoint::AddMembers, body, true);
  if (!env) return Result<AddMembersResult>::failure(Error{});
  return decodeAddMembersResult(env->data.get());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto first = decoded(membersync::fuzz::text(data, size));
  if (!first.ok()) return 0;
  const auto second = decoded(answerJson(first.value()));
  FUZZ_CHECK(second.ok());
  FUZZ_CHECK(same(first.value(), second.value()));
  return 0;
}
