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

EntitlementReads readEntitlements(center::MemberCenterClient& client, const ReadNeeds& needs,
                                  const std::map<std::string, state::ProductCacheEntry>& cache,
                                  state::Millis now, int cacheHours, int workers) {
  EntitlementReads reads;
  const bool assets = needs.assets || needs.products;
  std::optional<center::Result<std::vector<center::AssetNumber>>> a6;
  std::optional<center::Result<std::vector<center::BorrowedLock>>> a8;
  parallelFor(2, workers, [&](std::size_t i) {
    if (i == 0 && assets) a6.emplace(client.listAssetNumbers());
    if (i == 1 && needs.locks) a8.emplace(client.listBorrowedLocks());
  });
  if (a6) {
    if (!a6->ok()) {
      reads.error = "cannot read the enterprise's asset numbers: " + a6->error().describe();
      return reads;
    }
    reads.assets = std::move(*a6).value();
  }
  if (a8) {
    if (!a8->ok()) {
      reads.error = "cannot read the enterprise's borrowed locks: " + a8->error().describe();
      return reads;
    }
    reads.locks = std::move(*a8).value();
  }
  if (!needs.products) return reads;

  // Product trees: cached, read again when new or older than the configured age.
  const state::Millis maxAge = static_cast<state::Millis>(cacheHours) * 60 * 60 * 1000;
  std::map<std::string, std::vector<std::string>> products;
  std::vector<std::string> toRead;
  for (const auto& asset : *reads.assets) {
    auto cached = cache.find(asset.assetId);
    const bool fresh =
        cached != cache.end() && cacheHours > 0 && now - cached->second.fetchedAt < maxAge;
    if (fresh) {
      products[asset.assetId] = cached->second.productUris;
    } else if (products.find(asset.assetId) == products.end()) {
      products[asset.assetId] = {};
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
    if (answer.ok()) {
      auto uris = center::productUris(answer.value());
      products[assetId] = uris;
      reads.refreshed.push_back({assetId, std::move(uris), now});
      continue;
    }
    auto cached = cache.find(assetId);
    if (cached != cache.end()) {
      products[assetId] = cached->second.productUris;
      reads.notes.push_back("the products of asset " + assetId +
                            " could not be read again; the cached ones are used: " +
                            answer.error().describe());
      continue;
    }
    reads.error = "cannot read the products of asset " + assetId + " (A7): " +
                  answer.error().describe();
    return reads;
  }
  reads.productsByAssetId = std::move(products);
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
