#include "jobs/plan/held_assets.h"

#include "jobs/plan/context.h"
#include "jobs/plan/entitled.h"
#include "jobs/plan/holding.h"

namespace membersync::plan {
namespace {

using detail::AssetIndex;

// What the allocator makes of this member's assets: as an entitled person's member, or as one
// no HR row manages (not linked, not named by a skipped row), or nothing (linked to someone
// who left: the departures' business).
detail::Holding holdingOf(const detail::Context& ctx, const AssetIndex& index,
                          const detail::LiveMember& member) {
  const std::vector<policy::AssetRule>& rules = ctx.in.policy.assets;
  const std::string& globalId = member.item->globalId;
  for (const detail::Entitled& e : detail::entitledPeople(ctx)) {
    if (e.member == &member)
      return detail::judgeHeld(index, rules, ctx.in.state, globalId,
                               detail::matchedRules(rules, *e.person), true);
  }
  if (member.link || ctx.skipped("", member.accountKey)) return {};
  return detail::judgeHeld(index, rules, ctx.in.state, globalId, {}, false);
}

HeldAsset describe(const PlanInputs& in, const AssetIndex& index, const detail::Holding& holding,
                   const std::string& globalId, std::size_t a) {
  const center::AssetNumber& asset = index.at(a);
  HeldAsset out;
  out.assetNum = asset.assetNum;
  out.assetId = asset.assetId;
  out.lent = asset.borrowedFlag;
  auto owned = in.state.ownedAssets.find(asset.assetNum);
  if (owned != in.state.ownedAssets.end() && owned->second.globalId == globalId) {
    out.assignedFor = owned->second.rule;
    out.assignedAt = owned->second.assignedAt;
  }
  for (const detail::Grant& g : holding.kept) {
    if (g.asset != a) continue;
    out.grantedBy = in.policy.assets[g.rule].rule;
    // English for now: `explain` (jobs/report/explanation*) shows it as it is.
    out.grant = i18n::english(detail::grantText(index, in.policy.assets, g));
  }
  const int pool = index.poolRule(a);
  if (pool != AssetIndex::kNoRule && in.policy.assets[pool].exclusive)
    out.exclusivePool = in.policy.assets[pool].rule;
  return out;
}

}  // namespace

std::vector<HeldAsset> heldAssets(const PlanInputs& in, std::string_view globalId) {
  std::vector<HeldAsset> out;
  if (!in.assets) return out;
  Plan scratch;  // the Context wants one; nothing is planned into it
  const detail::Context ctx(in, scratch);
  const detail::LiveMember* member = ctx.members.byGlobalId(globalId);
  if (!member) return out;
  const AssetIndex index(*in.assets, in.policy, in.productsByAssetId);
  const detail::Holding holding = holdingOf(ctx, index, *member);
  for (std::size_t a : index.heldBy(member->item->globalId))
    out.push_back(describe(in, index, holding, member->item->globalId, a));
  return out;
}

}  // namespace membersync::plan
