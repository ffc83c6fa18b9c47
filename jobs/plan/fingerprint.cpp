#include <algorithm>
#include <utility>

#include "jobs/core/sha256.h"
#include "jobs/plan/planner.h"

namespace membersync::plan {
namespace {

// The fields a plan is computed from, one record per member. onlineFlag, updateTime and
// createTime change on their own and are left out; ids the planner never reads likewise.
std::string record(const center::MemberListItem& m) {
  Sha256 h;
  auto optional = [&h](const std::optional<std::string>& v) {
    h.field(v ? "1" : "0").field(v.value_or(""));
  };
  h.field(m.globalId).field(m.userName).field(m.name);
  optional(m.departmentId);
  optional(m.remark);
  optional(m.passwordMobile);
  h.field(m.deleted ? "deleted" : "live");
  std::vector<std::string> assets = m.assetNums;
  std::sort(assets.begin(), assets.end());
  h.field(std::to_string(assets.size()));
  for (const std::string& a : assets) h.field(a);
  optional(m.borrowNum);
  return h.hex();
}

}  // namespace

std::string membersFingerprint(const std::vector<center::MemberListItem>& members) {
  // Sorted by globalId (then by record, should one appear twice), so the listing's page order
  // does not matter.
  std::vector<std::pair<std::string_view, std::string>> records;
  records.reserve(members.size());
  for (const center::MemberListItem& m : members) records.emplace_back(m.globalId, record(m));
  std::sort(records.begin(), records.end());
  Sha256 h;
  h.field(std::to_string(records.size()));
  for (const auto& [globalId, digest] : records) h.field(globalId).field(digest);
  return h.hex();
}

}  // namespace membersync::plan
