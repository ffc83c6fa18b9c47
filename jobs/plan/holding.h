#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/i18n/message.h"
#include "jobs/plan/asset_index.h"
#include "jobs/policy/policy.h"
#include "jobs/state/records.h"

namespace membersync::plan::detail {

// An asset rule's grant to one member: `rule` indexes policy.assets, `asset` the AssetIndex.
struct Grant {
  std::size_t rule;
  std::size_t asset;
};

// A held asset the plan takes back, and why.
struct Withdrawal {
  std::size_t asset;
  i18n::Message why;
  std::string rule;  // the rule the asset was assigned for, or whose exclusive pool holds it
};

// What the asset rules make of the assets one member holds (A6).
struct Holding {
  std::vector<Grant> kept;  // for each rule matched, the held asset it counts as its grant
  std::vector<Withdrawal> withdrawn;  // in assetNum order
};

// The one answer to "which rule grants this held asset, and may it be taken back", shared by
// the allocator and by `explain` (held_assets.h), so the two can never disagree.
// - `entitled` (an active HR person's member; `matched`: the asset rules it meets, in policy
//   order): each rule keeps the best held asset it grants (membersync's own for that rule, then
//   membersync's, then any; pool rules choose first; an exclusive pool's asset only for its own
//   rule). A held asset no rule keeps is withdrawn when state says membersync assigned it to this
//   member, or when an exclusive pool lists it; never one assigned by hand outside those pools.
// - not entitled (a member no HR row manages): nothing is kept; exclusive pools' assets are
//   withdrawn.
Holding judgeHeld(const AssetIndex& index, const std::vector<policy::AssetRule>& rules,
                  const state::Snapshot& state, const std::string& globalId,
                  const std::vector<std::size_t>& matched, bool entitled);

// The asset rules (indexes into `rules`) the person meets, in policy order.
std::vector<std::size_t> matchedRules(const std::vector<policy::AssetRule>& rules,
                                      const directory::Person& person);

// Why the grant: "rule R grants N from its pool" or "rule R grants N, which holds P".
i18n::Message grantText(const AssetIndex& index, const std::vector<policy::AssetRule>& rules,
                        const Grant& grant);

}  // namespace membersync::plan::detail
