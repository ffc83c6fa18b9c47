#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jobs/center/assets.h"
#include "jobs/center/member_center_client.h"
#include "jobs/plan/planner.h"
#include "jobs/policy/policy.h"
#include "jobs/state/store.h"

namespace membersync::apply {

// What the entitlement side of a plan needs read from the center.
struct ReadNeeds {
  bool assets = false;    // A6: asset or lock rules, or an asset step in doubt
  bool locks = false;     // A8: lock rules, or a lending in doubt
  bool products = false;  // A7 per asset: product rules
};
// Everything either needs.
inline ReadNeeds operator|(ReadNeeds a, const ReadNeeds& b) {
  a.assets = a.assets || b.assets;
  a.locks = a.locks || b.locks;
  a.products = a.products || b.products;
  return a;
}

// The needs of `policy`, plus those of the steps in doubt (`unsettled`, from the store): an A9
// in doubt is settled by reading A6, an A10 by reading A8; plus, given the `state`, those of what
// membersync owns: assets it assigned (A6) and lendings it made (A6, A8) are read even when no
// rule is left, so removing the last rule withdraws what it granted.
ReadNeeds readNeedsOf(const policy::Policy& policy, const std::vector<state::Step>& unsettled,
                      const state::Snapshot* state = nullptr);


struct EntitlementReads {
  std::optional<std::vector<center::AssetNumber>> assets;  // A6, when read
  std::optional<std::vector<center::BorrowedLock>> locks;  // A8, when read
  // Product rules only: every productUri of each A6 asset's tree, from the cache or A7.
  std::optional<std::map<std::string, std::vector<std::string>>> productsByAssetId;
  std::vector<state::ProductCacheEntry> refreshed;  // read from A7 now: for the product cache
  int productReads = 0;                             // A7 calls made
  std::vector<std::string> notes;                   // for the run's log (a stale entry used)
  std::string error;  // not empty: a read the plan needs failed; the run must not plan on it
  // The failed read was refused for membersync's credentials or settings (error names the key).
  bool errorIsConfiguration = false;
};

// Why an A6 or A8 answer must not be planned on, or nullopt when it may: one that lists none of
// the asset numbers (lock numbers) membersync assigned (lent), or lacks more than half of them
// once it owns at least kMinOwnedForReadCheck, is far more likely a glitch of the service than
// assets removed by hand; planning on it would forget who holds what membersync granted, and
// leavers would keep their licences. A few missing (deleted by hand, expired) only lose their
// ownership, reported by the planner. Keys released by `allow` (ownership:assets,
// ownership:locks) skip the check once. One refusal names every read refused. Pure.
inline constexpr std::size_t kMinOwnedForReadCheck = 4;
struct ImplausibleRead {
  std::vector<std::string> keys;  // what `allow` on the failed run releases (Held items' keys)
  std::string message;            // names each read, what is missing and `membersync allow RUN`
};
std::optional<ImplausibleRead> implausibleEntitlements(const state::Snapshot& state,
                                                       const EntitlementReads& reads);
inline constexpr const char* kAssetOwnershipKey = "ownership:assets";
inline constexpr const char* kLockOwnershipKey = "ownership:locks";

// Reads A6 and A8 (at once), then A7 for every asset whose product tree is not in `cache` or
// is older than `cacheHours` (0: all), up to `workers` calls at a time. An A7 that fails for an
// asset with a cached tree keeps the cached one (noted); one with no cached tree, or a failed
// A6 or A8, is an error: planning on a partial picture could withdraw what a rule still grants.
EntitlementReads readEntitlements(center::MemberCenterClient& client, const ReadNeeds& needs,
                                  const std::map<std::string, state::ProductCacheEntry>& cache,
                                  state::Millis now, int cacheHours, int workers);

// The planner's entitlement inputs from the state and the reads: the asset numbers membersync
// assigned (Snapshot::ownedAssets), A6, A8 and the product lists. Keeps what the pointers point
// to: it must outlive the makePlan() call it fills the inputs of.
class PlanEntitlements {
 public:
  PlanEntitlements(const state::Snapshot& snapshot, const EntitlementReads& reads);
  void fill(plan::PlanInputs& inputs) const;

 private:
  std::set<std::string> managed_;
  const EntitlementReads& reads_;
};

}  // namespace membersync::apply
