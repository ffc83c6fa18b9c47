#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// Applies the item history (state.items, by key) to the planned adds, edits, withdrawals,
// deletes, asset assignments, lendings and enrolments: one the service refused with the same
// inputHash is Held until its HR row or the policy changes (an add's also covers the settings
// that shape its request: addHash); one waiting out a transient failure is Held until
// nextAttemptAt.
void applyHistory(Context& ctx);

}  // namespace membersync::plan::detail
