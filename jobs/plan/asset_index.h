#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jobs/center/assets.h"
#include "jobs/policy/policy.h"

namespace membersync::plan::detail {

// The enterprise's assets (A6) indexed for the asset rules: by number, by the member holding
// them, by the pool that lists them, and by the products the product rules ask for. Built once,
// so a plan never scans the assets per person. Holds views into its inputs: they must outlive it.
class AssetIndex {
 public:
  static constexpr int kNoRule = -1;

  // `productsByAssetId`: every productUri of each asset's product tree (A7); null: none known.
  AssetIndex(const std::vector<center::AssetNumber>& assets, const policy::Policy& policy,
             const std::map<std::string, std::vector<std::string>>* productsByAssetId);
  AssetIndex(const AssetIndex&) = delete;
  AssetIndex& operator=(const AssetIndex&) = delete;

  std::size_t size() const { return assets_.size(); }
  const center::AssetNumber& at(std::size_t i) const { return *assets_[i]; }
  // The asset with that number, or kNone.
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t find(std::string_view assetNum) const;
  // Assigned to nobody (A6 cloudAccountGlobalId null or empty).
  bool unassigned(std::size_t i) const;
  // The assets A6 shows assigned to this member, in assetNum order.
  const std::vector<std::size_t>& heldBy(std::string_view globalId) const;
  // The asset rule (index into policy.assets) whose pool lists the asset, or kNoRule.
  int poolRule(std::size_t i) const { return poolRule_[i]; }
  // True when asset rule `rule` grants asset `i`: a pool rule any asset of its pool, a product
  // rule any asset whose product tree holds its product.
  bool grants(std::size_t rule, std::size_t i) const;
  // What rule `rule` hands out, in the order it hands them out: a pool rule its pool's assets in
  // pool order; a product rule the assets holding its product, in assetNum order, leaving out
  // pool assets (a pool is for its own rule).
  const std::vector<std::size_t>& candidates(std::size_t rule) const { return candidates_[rule]; }
  // Asset numbers rule `rule`'s pool lists that A6 does not have.
  const std::vector<std::string>& missing(std::size_t rule) const { return missing_[rule]; }

 private:
  std::vector<const center::AssetNumber*> assets_;  // in assetNum order
  std::unordered_map<std::string_view, std::size_t> byNum_;
  std::unordered_map<std::string_view, std::vector<std::size_t>> heldBy_;
  std::vector<int> poolRule_;                         // by asset
  std::vector<std::vector<char>> hasProduct_;         // by rule (product rules only), by asset
  std::vector<std::vector<std::size_t>> candidates_;  // by rule
  std::vector<std::vector<std::string>> missing_;     // by rule
};

}  // namespace membersync::plan::detail
