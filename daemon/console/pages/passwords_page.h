#pragma once

#include "daemon/console/page.h"

namespace membersync::console {

// `/passwords`: who still waits for a first password, as `membersync passwords` sees it from the
// state: passwords set and not yet handed out, with how mailing each stands, and passwords whose
// add or reset is not confirmed yet. Never a password: the command hands them out.
PageAnswer passwordsPage(const PageRequest& request);

}  // namespace membersync::console
