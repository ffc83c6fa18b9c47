#include "jobs/apply/entitlement_reads.h"

#include "jobs/apply/parallel.h"
#include "jobs/apply/step_detail.h"

namespace membersync::apply {

ReadNeeds readNeedsOf(const policy::Policy& policy, const std::vector<state::Step>& unsettled) {
  ReadNeeds needs;
  needs.assets = !policy.assets.empty() || !policy.locks.empty();
  needs.locks = !policy.locks.empty();
  needs.products = policy.hasProductRules();
  for (const auto& step : unsettled) {
    const auto& kind = step.info.kind;
    if (kind == "assign" || (kind == "withdraw" && decodeDetail(step.info.detail))) {
      needs.assets = true;
    } else if (kind == "lend") {
      needs.locks = true;
    }
  }
  return needs;
}

namespace {

// A6 and A8, at once. False (reads.error says why) when a needed one failed.
bool readAssetsAndLocks(center::MemberCenterClient& client, const ReadNeeds& needs, int workers,
                        EntitlementReads& reads) {
  const bool assets = needs.assets || needs.products;
  std::optional<center::Result<std::vector<center::AssetNumber>>> a6;
  std::optional<center::Result<std::vector<center::BorrowedLock>>> a8;
  parallelFor(2, workers, [&](std::size_t i) {
    if (i == 0 && assets) a6.emplace(client.listAssetNumbers());
    if (i == 1 && needs.locks) a8.emplace(client.listBorrowedLocks());
  });
  if (a6 && !a6->ok()) {
    reads.error = "cannot read the enterprise's asset numbers: " + a6->error().describe();
    return false;
  }
  if (a8 && !a8->ok()) {
    reads.error = "cannot read the enterprise's borrowed locks: " + a8->error().describe();
    return false;
  }
  if (a6) reads.assets = std::move(*a6).value();
  if (a8) reads.locks = std::move(*a8).value();
  return true;
}

// Product trees (A7): from the cache while fresh, read again when new or older than the
// configured age; a failed read falls back on a cached tree, and fails the run without one.
void readProducts(center::MemberCenterClient& client,
                  const std::map<std::string, state::ProductCacheEntry>& cache, state::Millis now,
                  int cacheHours, int workers, EntitlementReads& reads) {
  const state::Millis maxAge = static_cast<state::Millis>(cacheHours) * 60 * 60 * 1000;
  std::map<std::string, std::vector<std::string>> products;
  std::vector<std::string> toRead;
  for (const auto& asset : *reads.assets) {
    auto cached = cache.find(asset.assetId);
    if (cached != cache.end() && cacheHours > 0 && now - cached->second.fetchedAt < maxAge) {
      products[asset.assetId] = cached->second.productUris;
    } else if (products.emplace(asset.assetId, std::vector<std::string>{}).second) {
      toRead.push_back(asset.assetId);
    }
  }
  std::vector<std::optional<center::Result<center::ProductTree>>> answers(toRead.size());
  parallelFor(toRead.size(), workers,
              [&](std::size_t i) { answers[i].emplace(client.listProducts(toRead[i])); });
  reads.productReads = static_cast<int>(toRead.size());
  for (std::size_t i = 0; i < toRead.size(); ++i) {
    const std::string& assetId = toRead[i];
    const auto& answer = *answers[i];
    auto cached = cache.find(assetId);
    if (answer.ok()) {
      products[assetId] = center::productUris(answer.value());
      reads.refreshed.push_back({assetId, products[assetId], now});
    } else if (cached != cache.end()) {
      products[assetId] = cached->second.productUris;
      reads.notes.push_back(
          "the products of asset " + assetId +
          " could not be read again; the cached ones are used: " + answer.error().describe());
    } else {
      reads.error =
          "cannot read the products of asset " + assetId + " (A7): " + answer.error().describe();
      return;
    }
  }
  reads.productsByAssetId = std::move(products);
}

}  // namespace

EntitlementReads readEntitlements(center::MemberCenterClient& client, const ReadNeeds& needs,
                                  const std::map<std::string, state::ProductCacheEntry>& cache,
                                  state::Millis now, int cacheHours, int workers) {
  EntitlementReads reads;
  if (readAssetsAndLocks(client, needs, workers, reads) && needs.products) {
    readProducts(client, cache, now, cacheHours, workers, reads);
  }
  return reads;
}

PlanEntitlements::PlanEntitlements(const state::Snapshot& snapshot, const EntitlementReads& reads)
    : reads_(reads) {
  for (const auto& [assetNum, owned] : snapshot.ownedAssets) managed_.insert(assetNum);
}

void PlanEntitlements::fill(plan::PlanInputs& inputs) const {
  inputs.managedAssets = &managed_;
  inputs.assets = reads_.assets ? &*reads_.assets : nullptr;
  inputs.locks = reads_.locks ? &*reads_.locks : nullptr;
  inputs.productsByAssetId = reads_.productsByAssetId ? &*reads_.productsByAssetId : nullptr;
}

}  // namespace membersync::apply
