#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "jobs/plan/asset_index.h"
#include "jobs/plan/entitled.h"

namespace membersync::plan::detail {

// For each entitled person (by Entitled::key), the assets (AssetIndex positions) its member will
// hold after this plan that membersync manages: those it assigned and keeps, those of an
// exclusive pool it keeps, and those this plan assigns. What a lock rule lends.
using ManagedAssets = std::unordered_map<std::string, std::vector<std::size_t>>;

// Plans the asset rules (A9): at most one Assign item per member, with the assets to add and to
// withdraw.
// - Each asset rule a person matches grants one asset. A member keeps a held asset a rule grants
//   (membersync's own first, then pool rules before product rules); the rest is allocated from
//   assets assigned to nobody, a pool in pool order, a product in assetNum order, people in
//   employee id order, never one asset twice. A rule that runs dry is one Problem listing the
//   people left without; nobody loses an asset to make room.
// - Withdrawn: held assets no rule grants the member that membersync assigned to it (state), or
//   that belong to an exclusive pool (also from members no HR row manages). Never an asset
//   assigned by hand outside the exclusive pools. Withdrawing makes the item destructive; a
//   protected account's destructive item is Held.
// - State ownership A6 contradicts is dropped (StateChanges::droppedOwnedAssets).
// `wanted`, when given, receives for each rule how many of `people` it grants an asset (for the
// pool counts: pool_counts.h).
ManagedAssets planAssets(Context& ctx, const AssetIndex& index, const std::vector<Entitled>& people,
                         std::vector<std::size_t>* wanted = nullptr);

}  // namespace membersync::plan::detail
