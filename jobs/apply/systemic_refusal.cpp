#include "jobs/apply/systemic_refusal.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "jobs/apply/refusal_hints.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

// The spec's codes about a row's own fields (7.1): the account's characters, the phone, the
// name's and remark's length, an empty account or name.
const std::set<std::string>& rowCodes() {
  static const std::set<std::string> kCodes = {"10003", "10004", "30002",
                                               "30003", "40008", "40022"};
  return kCodes;
}

std::optional<SystemicRefusal> judgeWhole(const center::Error& e, bool policyMapsDepartments) {
  if (e.kind != center::ErrorKind::Configuration || isRowCode(e.code, policyMapsDepartments) ||
      e.code == "60009") {
    return std::nullopt;
  }
  SystemicRefusal s;
  s.code = e.code;
  s.what = e.describe();
  s.setting = configurationHint(e.code);
  return s;
}

template <class Field>
bool allAlike(const std::vector<RowRefusal>& items, Field field) {
  return std::all_of(items.begin(), items.end(),
                     [&](const RowRefusal& r) { return r.*field == items.front().*field; });
}

std::optional<SystemicRefusal> judgeItems(const CallRefusal& call, bool policyMapsDepartments) {
  const auto& items = call.items;
  if (call.rows < kSystemicRows || call.created > 0 || items.size() != call.rows)
    return std::nullopt;
  const std::string& code = items.front().code;
  SystemicRefusal s;
  s.perItem = true;
  s.rows = call.rows;
  s.code = code;
  if (!code.empty() && allAlike(items, &RowRefusal::code)) {
    if (isRowCode(code, policyMapsDepartments)) return std::nullopt;
    s.what = "code " + code + " for each, e.g. \"" + items.front().message + "\"";
    s.setting = configurationHint(code);
    if (s.setting.empty()) s.setting = settingNamedBy(items.front().message);
    return s;
  }
  const bool codeless =
      std::all_of(items.begin(), items.end(), [](const RowRefusal& r) { return r.code.empty(); });
  if (!codeless || !allAlike(items, &RowRefusal::message)) return std::nullopt;
  if (policyMapsDepartments && call.rowsLackDepartment) return std::nullopt;
  s.what = "\"" + items.front().message + "\" for each";
  s.setting = settingNamedBy(items.front().message);
  return s;
}

}  // namespace

std::string SystemicRefusal::reason() const {
  const std::string fix = setting.empty() ? "" : " -- " + setting;
  if (!perItem) return "the service refused membersync's credentials or settings: " + what + fix;
  return "the service refused all " + std::to_string(rows) + " rows of an A1 call alike (60027, " +
         what + "): membersync's settings are refused, not the rows; nobody is held as refused" +
         fix;
}

center::Error SystemicRefusal::asError(const std::string& endpoint) const {
  center::Error e;
  e.endpoint = endpoint;
  e.code = code.empty() ? "60027" : code;
  e.kind = center::ErrorKind::Configuration;
  e.message = "all " + std::to_string(rows) + " rows of the call refused alike, " + what;
  return e;
}

bool isRowCode(const std::string& code, bool policyMapsDepartments) {
  return rowCodes().count(code) > 0 || (code == "40009" && policyMapsDepartments);
}

std::optional<SystemicRefusal> judgeRefusal(const CallRefusal& call, bool policyMapsDepartments) {
  if (call.whole) return judgeWhole(*call.whole, policyMapsDepartments);
  return judgeItems(call, policyMapsDepartments);
}

CallRefusal refusalOf(const std::vector<center::NewMember>& batch,
                      const center::Result<center::AddMembersResult>& result,
                      const std::string& suffix) {
  CallRefusal call;
  call.rows = batch.size();
  call.rowsLackDepartment =
      std::none_of(batch.begin(), batch.end(),
                   [](const center::NewMember& m) { return m.departmentId.has_value(); });
  if (result.failed()) call.whole = result.error();
  if (!result.ok()) return call;
  const center::AddMembersResult& answer = result.value();
  call.created = answer.succeeded.size();
  std::unordered_map<std::string, const center::FailedMember*> failed;
  for (const auto& f : answer.failed) failed[lowerAscii(accountOf(f.userName, suffix))] = &f;
  for (const auto& m : batch) {
    const auto f = failed.find(lowerAscii(m.account));
    if (f != failed.end()) call.items.push_back({f->second->code, f->second->message});
  }
  return call;
}

}  // namespace membersync::apply
