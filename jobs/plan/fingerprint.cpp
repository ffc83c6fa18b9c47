#include <algorithm>
#include <numeric>

#include "jobs/plan/field_buffer.h"
#include "jobs/plan/planner.h"

namespace membersync::plan {
namespace {

// The fields a plan is computed from. onlineFlag, updateTime and createTime change on their
// own and are left out; ids the planner never reads likewise.
std::string record(const center::MemberListItem& m) {
  detail::FieldBuffer f;
  f.field(m.globalId).field(m.userName).field(m.name);
  f.optional(m.departmentId).optional(m.remark).optional(m.passwordMobile);
  f.field(m.deleted ? "deleted" : "live");
  std::vector<std::string> assets = m.assetNums;
  std::sort(assets.begin(), assets.end());
  f.field(std::to_string(assets.size()));
  for (const std::string& a : assets) f.field(a);
  f.optional(m.borrowNum);
  return f.text();
}

}  // namespace

std::string membersFingerprint(const std::vector<center::MemberListItem>& members) {
  // Records in globalId order, so the listing's page order does not matter; a globalId listed
  // twice is ordered by its records. One digest over them all: a digest per member would cost
  // more than everything else the planner does.
  std::vector<std::string> records(members.size());
  for (std::size_t i = 0; i < members.size(); ++i) records[i] = record(members[i]);
  std::vector<std::size_t> order(members.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const int byId = members[a].globalId.compare(members[b].globalId);
    return byId != 0 ? byId < 0 : records[a] < records[b];
  });
  Sha256 h;
  h.field(std::to_string(members.size()));
  std::string chunk;
  for (std::size_t i : order) {
    chunk += records[i];
    if (chunk.size() >= 64 * 1024) {  // few, large updates
      h.update(chunk);
      chunk.clear();
    }
  }
  h.update(chunk);
  return h.hex();
}

}  // namespace membersync::plan
