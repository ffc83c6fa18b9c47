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

namespace {

// Records sorted, then one digest: the listing's order does not matter.
std::string digest(std::vector<std::string> records) {
  std::sort(records.begin(), records.end());
  detail::FieldBuffer all;
  all.field(std::to_string(records.size()));
  for (const std::string& r : records) all.field(r);
  return all.sha256();
}

}  // namespace

std::string entitlementsFingerprint(
    const std::vector<center::AssetNumber>* assets, const std::vector<center::BorrowedLock>* locks,
    const std::map<std::string, std::vector<std::string>>* productsByAssetId) {
  if (!assets && !locks) return "";
  std::vector<std::string> records;
  if (assets) {
    for (const center::AssetNumber& a : *assets) {
      detail::FieldBuffer f;
      f.field("asset").field(a.assetNum).field(a.assetId).optional(a.cloudAccountGlobalId);
      f.field(a.borrowedFlag ? "lent" : "free");
      if (productsByAssetId) {
        auto products = productsByAssetId->find(a.assetId);
        std::vector<std::string> uris;
        if (products != productsByAssetId->end()) uris = products->second;
        std::sort(uris.begin(), uris.end());
        f.field(std::to_string(uris.size()));
        for (const std::string& uri : uris) f.field(uri);
      }
      records.push_back(f.text());
    }
  }
  if (locks) {
    for (const center::BorrowedLock& l : *locks) {
      detail::FieldBuffer f;
      f.field("lock").field(l.assetNum).field(l.assetId).field(l.borrowedFlag ? "lent" : "free");
      f.optional(l.cloudAccountGlobalId);
      records.push_back(f.text());
    }
  }
  detail::FieldBuffer f;
  f.field(assets ? "A6" : "-").field(locks ? "A8" : "-").field(productsByAssetId ? "A7" : "-");
  f.field(digest(std::move(records)));
  return f.sha256();
}

}  // namespace membersync::plan
