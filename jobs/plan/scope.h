#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// sync --only ACCOUNT: keeps only the items about that account (as HR or the center spells it,
// case-insensitive) and the state changes of the employees they concern. Runs before the guard,
// so the guard counts this account's items alone. No-op when settings.onlyAccount is empty.
void restrictToAccount(Context& ctx);

}  // namespace membersync::plan::detail
