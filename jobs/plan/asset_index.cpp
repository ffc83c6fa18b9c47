#include "jobs/plan/asset_index.h"

#include <algorithm>

namespace membersync::plan::detail {
namespace {

const std::vector<std::size_t> kNothing;

}  // namespace

AssetIndex::AssetIndex(const std::vector<center::AssetNumber>& assets, const policy::Policy& policy,
                       const std::map<std::string, std::vector<std::string>>* productsByAssetId) {
  assets_.reserve(assets.size());
  for (const center::AssetNumber& a : assets) assets_.push_back(&a);
  std::stable_sort(assets_.begin(), assets_.end(),
                   [](const auto* a, const auto* b) { return a->assetNum < b->assetNum; });
  byNum_.reserve(assets_.size());
  for (std::size_t i = 0; i < assets_.size(); ++i) {
    byNum_.emplace(assets_[i]->assetNum, i);  // a number listed twice: the first one counts
    if (!unassigned(i)) heldBy_[*assets_[i]->cloudAccountGlobalId].push_back(i);
  }

  const std::size_t rules = policy.assets.size();
  poolRule_.assign(assets_.size(), kNoRule);
  hasProduct_.resize(rules);
  candidates_.resize(rules);
  missing_.resize(rules);
  for (std::size_t r = 0; r < rules; ++r) {
    for (const std::string& num : policy.assets[r].pool) {
      const std::size_t i = find(num);
      if (i == kNone) {
        missing_[r].push_back(num);
        continue;
      }
      poolRule_[i] = static_cast<int>(r);
      candidates_[r].push_back(i);
    }
  }
  // Product rules: one walk over the product cache, asking only for the products rules name.
  std::unordered_map<std::string_view, std::vector<std::size_t>> rulesOf;  // productUri -> rules
  for (std::size_t r = 0; r < rules; ++r) {
    if (policy.assets[r].product.empty()) continue;
    rulesOf[policy.assets[r].product].push_back(r);
    hasProduct_[r].assign(assets_.size(), 0);
  }
  if (rulesOf.empty() || !productsByAssetId) return;
  for (std::size_t i = 0; i < assets_.size(); ++i) {
    auto products = productsByAssetId->find(assets_[i]->assetId);
    if (products == productsByAssetId->end()) continue;
    for (const std::string& uri : products->second) {
      auto it = rulesOf.find(uri);
      if (it == rulesOf.end()) continue;
      for (std::size_t r : it->second) {
        if (hasProduct_[r][i]) continue;  // a uri listed twice in one tree
        hasProduct_[r][i] = 1;
        if (poolRule_[i] == kNoRule) candidates_[r].push_back(i);  // in assetNum order
      }
    }
  }
}

std::size_t AssetIndex::find(std::string_view assetNum) const {
  auto it = byNum_.find(assetNum);
  return it == byNum_.end() ? kNone : it->second;
}

bool AssetIndex::unassigned(std::size_t i) const {
  return !assets_[i]->cloudAccountGlobalId || assets_[i]->cloudAccountGlobalId->empty();
}

const std::vector<std::size_t>& AssetIndex::heldBy(std::string_view globalId) const {
  auto it = heldBy_.find(globalId);
  return it == heldBy_.end() ? kNothing : it->second;
}

bool AssetIndex::grants(std::size_t rule, std::size_t i) const {
  if (!hasProduct_[rule].empty()) return hasProduct_[rule][i] != 0;
  return poolRule_[i] == static_cast<int>(rule);
}

}  // namespace membersync::plan::detail
