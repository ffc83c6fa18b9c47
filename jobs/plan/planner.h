#pragma once

#include <set>
#include <map>
#include <string>
#include <vector>

#include "jobs/center/assets.h"
#include "jobs/center/members.h"
#include "jobs/core/text.h"
#include "jobs/directory/person.h"
#include "jobs/plan/plan.h"
#include "jobs/plan/plan_settings.h"
#include "jobs/policy/policy.h"
#include "jobs/state/records.h"

namespace membersync::plan {

struct PlanInputs {
  const directory::Export& hr;
  const std::vector<center::MemberListItem>& members;  // every member A5 lists
  const policy::Policy& policy;
  const state::Snapshot& state;
  const PlanSettings& settings;
  state::Millis now = 0;  // wall clock, for delete_after_days and retry back-off
  // Asset numbers membersync assigned (from state): the only ones a Withdraw strips. Null or
  // empty: none (asset ownership arrives with the asset policy), so withdrawals strip nothing.
  const std::set<std::string>* managedAssets = nullptr;
  // The entitlement side (asset, lock and activity rules). Null: not read this run (no such
  // rules in the policy), and no Assign, Lend or Enrol item is planned.
  const std::vector<center::AssetNumber>* assets = nullptr;  // A6
  const std::vector<center::BorrowedLock>* locks = nullptr;  // A8
  // Every productUri of each asset's product tree (A7, nested merchandise included), by assetId;
  // filled from the state's product cache, refreshed by the caller.
  const std::map<std::string, std::vector<std::string>>* productsByAssetId = nullptr;
  // How the reasons write times (a retry's, a departure's grace): the verbs and the daemon pass
  // LocalTimes, as every verb writes times; null: UTC in the same form (a plan does not depend
  // on the machine's zone unless asked to).
  const TimeWriter* times = nullptr;
  // Accounts (lower case) whose add is still in doubt after settling (the look-up that would
  // judge it failed): their adds are held, never sent twice. Null: none.
  const std::set<std::string>* addsInDoubt = nullptr;
};

// The whole diff. Pure: no I/O, no clock, no randomness; the same inputs give the same plan.
Plan makePlan(const PlanInputs& in);

// A digest of the member, asset and lock fields a plan is computed from (not those that change on
// their own, like onlineFlag or updateTime), for detecting a stale saved plan.
std::string membersFingerprint(const std::vector<center::MemberListItem>& members);

// A digest of the asset (A6: number, id, holder, lent), lock (A8: number, id, lent, to whom) and
// product (A7, by assetId) fields a plan is computed from, for detecting a stale saved plan
// (onlineFlag changes on its own and is left out). Order-independent. "" when `assets` and
// `locks` are both null (not read): then there is nothing to compare. makePlan() stores it in
// Plan::entitlementsFingerprint; `apply PLANFILE` compares it with one of the current reads.
std::string entitlementsFingerprint(const std::vector<center::AssetNumber>* assets,
                                    const std::vector<center::BorrowedLock>* locks,
                                    const std::map<std::string, std::vector<std::string>>* productsByAssetId);

}  // namespace membersync::plan
