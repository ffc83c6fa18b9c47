#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "jobs/plan/planner.h"

namespace membersync::plan {

// One asset a member holds (A6), and which asset rule grants it and why.
struct HeldAsset {
  std::string assetNum;
  std::string assetId;
  bool lent = false;  // A6 borrowedFlag: lent into a lock
  // State says membersync assigned it to this member, for this rule, then; "" and 0 otherwise.
  std::string assignedFor;
  state::Millis assignedAt = 0;
  // The asset rule that counts it as its grant to this member ("" when none does), and why:
  // "rule R grants N from its pool" or "rule R grants N, which holds P".
  std::string grantedBy;
  std::string grant;
  std::string exclusivePool;  // the rule whose exclusive pool lists it; "" when none
};

// Which rule grants each asset the member `globalId` holds, and why, as makePlan() decides it:
// both ask the same function (detail::judgeHeld), so `explain` cannot tell a story the planner
// does not act on. In assetNum order; empty when in.assets is null (A6 not read) or no live
// member has that globalId. Pure.
std::vector<HeldAsset> heldAssets(const PlanInputs& in, std::string_view globalId);

}  // namespace membersync::plan
