#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// The edit guard (Plan::editGuard). A wrong column mapping, names exported in another script or
// a column that arrives blank would otherwise rewrite every member in one run. edits = the
// planned Edit items whose release key (releaseKey) `allow` did not release; managed = the
// linked members plus those adopted in this run, so a first sync is not tripped by its own
// adoptions; allowed = max(edit_floor, min(max_edits, floor(max_edit_percent% of managed))).
// When edits > allowed every such edit is Held with heldByGuard (exit 4); adds, departures and
// entitlements still go ahead.
void applyEditGuard(Context& ctx);

}  // namespace membersync::plan::detail
