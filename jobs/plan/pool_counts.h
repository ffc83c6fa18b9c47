#pragma once

#include <cstddef>
#include <vector>

#include "jobs/plan/asset_index.h"
#include "jobs/state/pool_counts.h"
#include "jobs/state/records.h"

namespace membersync::plan::detail {

// Each asset rule's capacity, assigned, free and owned (state::PoolCount), in policy order, from
// the assets as read (the index) and state's ownership; `wanted[r]`: the people rule r grants
// one (the allocator matched them already: matching again would double the planner's cost).
// Pure: one pass over each rule's candidates.
std::vector<state::PoolCount> countPools(const AssetIndex& index,
                                         const std::vector<policy::AssetRule>& rules,
                                         const state::Snapshot& state,
                                         const std::vector<std::size_t>& wanted);

}  // namespace membersync::plan::detail
