#include "jobs/plan/entitlement_items.h"

#include <unordered_map>
#include <unordered_set>

#include "jobs/plan/allocation.h"
#include "jobs/plan/asset_index.h"
#include "jobs/plan/enrolments.h"
#include "jobs/plan/entitled.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/locks.h"
#include "jobs/plan/pool_counts.h"

namespace membersync::plan::detail {
namespace {

bool isEntitlement(ItemKind kind) {
  return kind == ItemKind::Assign || kind == ItemKind::Lend || kind == ItemKind::Enrol;
}

// An Enrol whose identity comes from an HR column does not need the member to exist.
bool needsMember(const Context& ctx, const Item& item) {
  if (item.kind != ItemKind::Enrol) return true;
  for (const policy::ActivityRule& rule : ctx.in.policy.activities)
    if (rule.rule == item.rule) return rule.identityFrom.empty();
  return true;
}

}  // namespace

void planEntitlements(Context& ctx) {
  const policy::Policy& policy = ctx.in.policy;
  const state::Snapshot& state = ctx.in.state;
  const bool assets = ctx.in.assets && (!policy.assets.empty() || !state.ownedAssets.empty());
  const bool locks =
      ctx.in.assets && ctx.in.locks && (!policy.locks.empty() || !state.lendings.empty());
  const bool activities = !policy.activities.empty();
  if (!assets && !locks && !activities) return;

  const std::vector<Entitled> people = entitledPeople(ctx);
  if (assets || locks) {
    const AssetIndex index(*ctx.in.assets, policy, ctx.in.productsByAssetId);
    ManagedAssets managed;
    if (assets) {
      std::vector<std::size_t> wanted;
      managed = planAssets(ctx, index, people, &wanted);
      ctx.plan.poolCounts = countPools(index, policy.assets, state, wanted);
    }
    if (locks) planLocks(ctx, index, people, managed);
  }
  if (activities) planEnrolments(ctx, people);
}

void holdDependents(Context& ctx) {
  std::unordered_set<std::string> adds;
  std::unordered_map<std::string, const Item*> heldAssigns;  // by key
  for (const Item& item : ctx.plan.items) {
    if (item.kind == ItemKind::Add) adds.insert(item.employeeId);
    if (item.kind == ItemKind::Held && item.heldKind == ItemKind::Assign &&
        !item.assetsToAdd.empty())
      heldAssigns.emplace(item.key, &item);
  }
  for (Item& item : ctx.plan.items) {
    if (!isEntitlement(item.kind)) continue;
    if (item.globalId.empty() && !adds.count(item.employeeId) && needsMember(ctx, item)) {
      hold(item, i18n::msg("waits for the add of {account}, which is not made this run; planned "
                           "again once the member exists")
                     .with("account", item.account));
      continue;
    }
    if (item.kind != ItemKind::Lend) continue;
    const std::string owner = item.globalId.empty() ? item.employeeId : item.globalId;
    auto assign = heldAssigns.find("assign:" + owner);
    if (assign != heldAssigns.end())
      hold(item, i18n::msg("waits for the assignment of the member's assets, which is held: "
                           "{reason}")
                     .with("reason", assign->second->reason));
  }
}

}  // namespace membersync::plan::detail
