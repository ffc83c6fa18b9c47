#include "jobs/plan/pool_counts.h"

namespace membersync::plan::detail {
namespace {

// True when state records that membersync assigned the asset to the member holding it now
// (ownership A6 contradicts is stale, and dropped by the allocator).
bool ownedByHolder(const center::AssetNumber& asset, const state::Snapshot& state) {
  auto it = state.ownedAssets.find(asset.assetNum);
  return it != state.ownedAssets.end() && asset.cloudAccountGlobalId &&
         *asset.cloudAccountGlobalId == it->second.globalId;
}

}  // namespace

std::vector<state::PoolCount> countPools(const AssetIndex& index,
                                         const std::vector<policy::AssetRule>& rules,
                                         const state::Snapshot& state,
                                         const std::vector<std::size_t>& wanted) {
  std::vector<state::PoolCount> counts(rules.size());
  for (std::size_t r = 0; r < rules.size(); ++r) {
    state::PoolCount& c = counts[r];
    c.rule = rules[r].rule;
    c.product = !rules[r].product.empty();
    for (std::size_t a : index.candidates(r)) {
      ++c.capacity;
      if (index.unassigned(a)) continue;
      ++c.assigned;
      if (ownedByHolder(index.at(a), state)) ++c.owned;
    }
    c.free = c.capacity - c.assigned;
    c.wanted = r < wanted.size() ? static_cast<std::int64_t>(wanted[r]) : 0;
  }
  return counts;
}

}  // namespace membersync::plan::detail
