#include "jobs/plan/planner.h"

#include "jobs/plan/account_owners.h"
#include "jobs/plan/context.h"
#include "jobs/plan/delete_guard.h"
#include "jobs/plan/departures.h"
#include "jobs/plan/edit_guard.h"
#include "jobs/plan/entitlement_items.h"
#include "jobs/plan/history.h"
#include "jobs/plan/ordering.h"
#include "jobs/plan/orphans.h"
#include "jobs/plan/people_matching.h"
#include "jobs/plan/problems.h"
#include "jobs/plan/scope.h"

namespace membersync::plan {

Plan makePlan(const PlanInputs& in) {
  // An account on several rows: the row of the employee membersync links to it goes on (the
  // export with those rows kept has none left to keep, so this recurses once at most).
  if (const auto kept = keepAccountOwners(in.hr, in.state)) {
    const PlanInputs owners{*kept,   in.members,       in.policy, in.state, in.settings,
                            in.now,  in.managedAssets, in.assets, in.locks, in.productsByAssetId,
                            in.times};
    return makePlan(owners);
  }
  Plan plan;
  plan.exportHash = in.hr.contentHash;
  plan.exportRows = static_cast<std::int64_t>(in.hr.rowCount);
  plan.policyHash = in.policy.contentHash;
  plan.membersFingerprint = membersFingerprint(in.members);
  plan.entitlementsFingerprint = entitlementsFingerprint(in.assets, in.locks, in.productsByAssetId);
  plan.computedAt = in.now;

  detail::Context ctx(in, plan);
  detail::planPeople(ctx);   // adds, adoptions, edits, renames; departed rows' departures
  detail::planMissing(ctx);  // departures of people missing from the export; stale links
  detail::settleAbsences(ctx);
  detail::planOrphans(ctx);  // members nobody claims
  detail::pointOutPossibleDuplicates(ctx);
  detail::addRowProblems(ctx);
  detail::planEntitlements(ctx);  // assets, locks, activities: needs the adds and adoptions
  // The history holds what was refused or waits for a retry, before the guard counts what
  // will really be sent; --only narrows the plan before the guard, so it guards that account.
  detail::applyHistory(ctx);
  detail::restrictToAccount(ctx);
  detail::applyGuard(ctx);
  detail::applyEditGuard(ctx);
  detail::holdDependents(ctx);  // what waits for an add or an assignment that is not going out
  detail::addDepartmentProblems(ctx);
  detail::orderItems(plan);
  detail::orderStateChanges(plan);
  detail::countItems(plan);
  return plan;
}

}  // namespace membersync::plan
