#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// The safety guards. destructive = the planned Withdraw and Delete items whose key was not
// released by `allow` (state.releasedItems); allowed = max(delete_floor, min(max_deletes,
// floor(max_delete_percent% of the managed members))). When destructive > allowed, or the export
// has fewer rows than min_export_ratio of the last good export's, every unreleased destructive
// item is Held with heldByGuard, and plan.guard says why (exit 4); adds and edits still go ahead.
// A short export with nothing destructive to hold becomes a Problem, not a trip. A revert skips
// the export check: it undoes a run, whatever the export now holds. A tripped guard or a short
// export also withdraws the advice to act by hand that rests on departures
// (Context::departureAdvice): such an export tells nobody's departure.
enum class ExportCheck { Apply, Skip };
void applyGuard(Context& ctx, ExportCheck exportCheck = ExportCheck::Apply);

}  // namespace membersync::plan::detail
