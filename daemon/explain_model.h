#pragma once

#include <string>
#include <vector>

#include "jobs/directory/directory_settings.h"
#include "jobs/plan/planner.h"
#include "jobs/report/explanation.h"
#include "jobs/state/types.h"

namespace membersync::cli {

// What `explain` has read: the planner's inputs for this account alone (the export, the member
// list, the policy, the state and the entitlement reads, filled as a sync fills them, with
// onlyAccount set), the [directory] settings the export was read with, and the account's recent
// journal steps.
struct ExplainSources {
  std::string account;  // lower case, without the suffix
  const plan::PlanInputs& planInputs;
  const directory::DirectorySettings& directory;
  const std::vector<state::Step>& recentSteps;  // newest first
  int recentLimit = 0;
};

// The explanation of one account from what was read. Pure: the planner decides what is planned
// and which rule grants each held asset (plan::heldAssets), so the story told is the one acted on.
report::Explanation explainAccount(const ExplainSources& in);

}  // namespace membersync::cli
