#include "jobs/apply/entitlement_reads.h"

#include "jobs/apply/parallel.h"
#include "jobs/apply/step_detail.h"

namespace membersync::apply {

ReadNeeds readNeedsOf(const policy::Policy& policy, const std::vector<state::Step>& unsettled,
                      const state::Snapshot* state) {
  ReadNeeds needs;
  const bool owns = state && !state->ownedAssets.empty();
  const bool lends = state && !state->lendings.empty();
  needs.assets = !policy.assets.empty() || !policy.locks.empty() || owns || lends;
  needs.locks = !policy.locks.empty() || lends;
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

// "A6 lists nothing: N of the M asset numbers membersync holds are missing (AN-1, AN-2, ...)",
// or nullopt when `listed` may be believed.
template <class Owned>
std::optional<std::string> missingOwned(const Owned& owned, const std::set<std::string>& listed,
                                        const char* what, const char* read) {
  std::vector<std::string> missing;
  for (const auto& entry : owned)
    if (!listed.count(entry.first)) missing.push_back(entry.first);
  const bool empty = listed.empty() && !owned.empty();
  const bool most = owned.size() >= kMinOwnedForReadCheck && missing.size() * 2 > owned.size();
  if (!empty && !most) return std::nullopt;
  std::string named;
  for (std::size_t i = 0; i < missing.size() && i < 5; ++i) named += (i ? ", " : "") + missing[i];
  if (missing.size() > 5) named += ", ...";
  return std::string(read) + " lists " + (empty ? "nothing" : "too little") + ": " +
         std::to_string(missing.size()) + " of the " + std::to_string(owned.size()) + " " + what +
         " membersync holds are missing (" + named + ")";
}

}  // namespace

std::optional<ImplausibleRead> implausibleEntitlements(const state::Snapshot& state,
                                                       const EntitlementReads& reads) {
  // Both reads are checked, not the first only: a glitch that empties A6 and A8 alike is held
  // (and released by one `allow`) as a whole, not found one read a run.
  ImplausibleRead refused;
  auto add = [&refused](const char* key, std::string why) {
    refused.keys.push_back(key);
    refused.message += (refused.message.empty() ? "" : "; ") + why;
  };
  if (reads.assets && !state.releasedItems.count(kAssetOwnershipKey)) {
    std::set<std::string> listed;
    for (const auto& a : *reads.assets) listed.insert(a.assetNum);
    if (auto why = missingOwned(state.ownedAssets, listed, "asset numbers", "A6"))
      add(kAssetOwnershipKey, *why);
  }
  if (reads.locks && !state.releasedItems.count(kLockOwnershipKey)) {
    std::set<std::string> listed;
    for (const auto& l : *reads.locks) listed.insert(l.assetNum);
    std::map<std::string, state::Lending> byLock;
    for (const auto& [globalId, lending] : state.lendings)
      byLock.emplace(lending.lockNumber, lending);
    if (auto why = missingOwned(byLock, listed, "lent locks", "A8")) add(kLockOwnershipKey, *why);
  }
  if (refused.keys.empty()) return std::nullopt;
  refused.message += std::string("; refusing to plan on ") +
                     (refused.keys.size() > 1 ? "them" : "it") +
                     ", ownership is kept (check the service; if they were really removed on the "
                     "center, `membersync allow RUN` lets the next run forget them)";
  return refused;
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
    reads.errorIsConfiguration = a6->error().kind == center::ErrorKind::Configuration;
    return false;
  }
  if (a8 && !a8->ok()) {
    reads.error = "cannot read the enterprise's borrowed locks: " + a8->error().describe();
    reads.errorIsConfiguration = a8->error().kind == center::ErrorKind::Configuration;
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
      reads.errorIsConfiguration = answer.error().kind == center::ErrorKind::Configuration;
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
