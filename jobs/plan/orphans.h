#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// Live members no HR row names (by link or account, skipped rows included) and that state does
// not link (membersync neither created nor adopted them): an Orphan report, or with
// [sync] orphans = delete a Delete (Held when the account is protected).
void planOrphans(Context& ctx);

}  // namespace membersync::plan::detail
