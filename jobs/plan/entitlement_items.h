#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// The entitlement side of the plan, after planPeople() and before the history and the guard:
// - asset rules (allocation.h), when A6 is given (PlanInputs::assets) and there are asset rules
//   or assets state says membersync assigned (so removing a rule withdraws what it granted);
// - lock rules (locks.h), when A6 and A8 are given and there are lock rules or lendings in state;
// - activity rules (enrolments.h), when there are some.
void planEntitlements(Context& ctx);

// After the history and the guard: an Assign, Lend or Enrol of a member this plan adds (empty
// globalId) whose Add is not going out is Held until the member exists; a Lend whose member's
// Assign (with assets to add) is Held waits for it.
void holdDependents(Context& ctx);

}  // namespace membersync::plan::detail
