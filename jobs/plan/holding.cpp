#include "jobs/plan/holding.h"

#include <map>

#include "jobs/policy/rules.h"

namespace membersync::plan::detail {
namespace {

class Judge {
 public:
  Judge(const AssetIndex& index, const std::vector<policy::AssetRule>& rules,
        const state::Snapshot& state, const std::string& globalId)
      : index_(index), rules_(rules), owned_(state.ownedAssets), globalId_(globalId) {}

  // A member keeps, for each rule it matches, the best held asset that rule grants; pool rules
  // choose first, so a product rule does not take a pool asset its pool rule would keep.
  std::vector<Grant> keep(const std::vector<std::size_t>& matched) const {
    std::vector<Grant> kept;
    const std::vector<std::size_t>& held = index_.heldBy(globalId_);
    for (bool poolRules : {true, false}) {
      for (std::size_t rule : matched) {
        if (rules_[rule].product.empty() != poolRules) continue;
        std::size_t best = AssetIndex::kNone;
        for (std::size_t a : held) {
          if (keeps(kept, a) || !index_.grants(rule, a) || inOtherExclusivePool(rule, a)) continue;
          if (best == AssetIndex::kNone || rank(rule, a) < rank(rule, best)) best = a;
        }
        if (best != AssetIndex::kNone) kept.push_back({rule, best});
      }
    }
    return kept;
  }

  // Why a held asset that no rule grants this member may be withdrawn; "" when it may not.
  Withdrawal withdrawable(std::size_t a) const {
    const std::string& num = index_.at(a).assetNum;
    auto owned = owned_.find(num);
    if (owned != owned_.end() && owned->second.globalId == globalId_)
      return {a,
              i18n::msg("{asset}: membersync assigned it (rule {rule}) and no rule grants it to "
                        "this member any more")
                  .with("asset", num)
                  .with("rule", owned->second.rule),
              owned->second.rule};
    if (const policy::AssetRule* pool = exclusivePool(a))
      return {a,
              i18n::msg("{asset}: pool {rule} is exclusive and no rule grants it to this member")
                  .with("asset", num)
                  .with("rule", pool->rule),
              pool->rule};
    return {a, {}, ""};
  }

  const policy::AssetRule* exclusivePool(std::size_t a) const {
    const int pool = index_.poolRule(a);
    return pool != AssetIndex::kNoRule && rules_[pool].exclusive ? &rules_[pool] : nullptr;
  }

  static bool keeps(const std::vector<Grant>& kept, std::size_t asset) {
    for (const Grant& g : kept)
      if (g.asset == asset) return true;
    return false;
  }

 private:
  // Lower is better: membersync's asset for this rule, then membersync's, then any; a product
  // rule prefers assets outside every pool (a pool's assets are for its own rule).
  int rank(std::size_t rule, std::size_t asset) const {
    int r = 2;
    auto owned = owned_.find(index_.at(asset).assetNum);
    if (owned != owned_.end() && owned->second.globalId == globalId_)
      r = owned->second.rule == rules_[rule].rule ? 0 : 1;
    const bool foreignPool =
        !rules_[rule].product.empty() && index_.poolRule(asset) != AssetIndex::kNoRule;
    return r * 2 + (foreignPool ? 1 : 0);
  }

  // An exclusive pool's assets are for its own rule alone: a product rule never keeps one.
  bool inOtherExclusivePool(std::size_t rule, std::size_t asset) const {
    const int pool = index_.poolRule(asset);
    return pool != AssetIndex::kNoRule && pool != static_cast<int>(rule) && rules_[pool].exclusive;
  }

  const AssetIndex& index_;
  const std::vector<policy::AssetRule>& rules_;
  const std::map<std::string, state::OwnedAsset>& owned_;
  const std::string& globalId_;
};

}  // namespace

Holding judgeHeld(const AssetIndex& index, const std::vector<policy::AssetRule>& rules,
                  const state::Snapshot& state, const std::string& globalId,
                  const std::vector<std::size_t>& matched, bool entitled) {
  const Judge judge(index, rules, state, globalId);
  Holding out;
  if (entitled) out.kept = judge.keep(matched);
  for (std::size_t a : index.heldBy(globalId)) {
    if (Judge::keeps(out.kept, a)) continue;
    // A member no HR row manages gives back only what an exclusive pool lists: such a pool is
    // membersync's alone; anything else it holds is not for the asset rules to take.
    if (!entitled && !judge.exclusivePool(a)) continue;
    Withdrawal w = judge.withdrawable(a);
    if (!w.why.empty()) out.withdrawn.push_back(std::move(w));
  }
  return out;
}

std::vector<std::size_t> matchedRules(const std::vector<policy::AssetRule>& rules,
                                      const directory::Person& person) {
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < rules.size(); ++r)
    if (policy::matches(rules[r].when, person)) out.push_back(r);
  return out;
}

i18n::Message grantText(const AssetIndex& index, const std::vector<policy::AssetRule>& rules,
                        const Grant& g) {
  const policy::AssetRule& rule = rules[g.rule];
  const std::string& num = index.at(g.asset).assetNum;
  return (rule.product.empty() ? i18n::msg("rule {rule} grants {asset} from its pool")
                               : i18n::msg("rule {rule} grants {asset}, which holds {product}")
                                     .with("product", rule.product))
      .with("rule", rule.rule)
      .with("asset", num);
}

}  // namespace membersync::plan::detail
