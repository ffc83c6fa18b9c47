#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// Live members no HR row names (by link or account, skipped rows included) and that state does
// not link (membersync neither created nor adopted them): an Orphan report, or with
// [sync] orphans = delete a Delete (Held when the account is protected).
void planOrphans(Context& ctx);

// A new HR row (an Add) and an orphan member with the same name (case and spaces aside) may be
// one person under two accounts: a Problem on the add names the member and says how to have it
// adopted instead. Nothing is held: a namesake is often someone else. Key
// "problem:possible-duplicate:<employee_id>"; `--only` keeps it for either account.
void pointOutPossibleDuplicates(Context& ctx);

}  // namespace membersync::plan::detail
