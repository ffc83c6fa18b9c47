#pragma once

#include <vector>

#include "jobs/plan/allocation.h"
#include "jobs/plan/asset_index.h"
#include "jobs/plan/entitled.h"

namespace membersync::plan::detail {

// Plans the lock rules (A10). A person matching a lock rule whose HR column lock_from holds a
// lock number (the first such rule, in policy order) has its member's managed assets (`managed`,
// those not lent yet) lent to that lock, once: nothing when A8 shows the lock lent to the member
// or state records the lending. A lock lent to someone else, an unknown lock number, or nothing
// to lend is a Problem saying what to do. Lendings in state that should end (the rule no longer
// matches, the column names another lock, the person left) are Problems too, since the spec has
// no return call; lendings A8 shows returned, or whose member is gone, are forgotten
// (StateChanges::endedLendings) once no rule wants them.
void planLocks(Context& ctx, const AssetIndex& index, const std::vector<Entitled>& people,
               const ManagedAssets& managed);

}  // namespace membersync::plan::detail
