#pragma once

#include "daemon/console/page.h"

namespace membersync::console {

// `/`: what needs a person (report::attention, as `status` computes it), the last 10 runs, links.
PageAnswer homePage(const PageRequest& request);
// `/runs`: the last 100 runs, newest first; ?before=N pages back.
PageAnswer runsPage(const PageRequest& request);
// `/runs/N`: what run N did item by item, what it held, who approved what, the revert command
// and, for an approver, the Approve form.
PageAnswer runPage(const PageRequest& request);

}  // namespace membersync::console
