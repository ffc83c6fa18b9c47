#pragma once

#include <string>
#include <vector>

#include "jobs/apply/entitlement_reads.h"
#include "jobs/center/members.h"
#include "jobs/directory/directory_settings.h"
#include "jobs/plan/planner.h"
#include "jobs/policy/policy.h"
#include "jobs/report/explanation.h"
#include "jobs/state/types.h"

namespace membersync::cli {

// What `explain` has read: the export, the policy, the member list, the state, the entitlement
// reads, the account's recent journal steps, and the planner's inputs for this account alone
// (entitlements filled, onlyAccount set).
struct ExplainSources {
  std::string account;  // lower case, without the suffix
  std::string accountSuffix;
  const directory::Export& hr;
  const directory::DirectorySettings& directory;
  const policy::Policy& policy;
  const std::vector<center::MemberListItem>& members;
  const state::Snapshot& snapshot;
  const apply::EntitlementReads& reads;
  const std::vector<state::Step>& recentSteps;  // newest first
  int recentLimit = 0;
  const plan::PlanInputs& planInputs;
};

// The explanation of one account from what was read. Pure: the planner decides what is planned
// and which rule grants each held asset (plan::heldAssets), so the story told is the one acted on.
report::Explanation explainAccount(const ExplainSources& in);

}  // namespace membersync::cli
