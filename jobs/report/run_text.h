#pragma once

#include <string>

#include "jobs/state/types.h"

namespace membersync::report {

// What a run did, in words: "3 added, 2 changed, 1 asset change, 1 held" ("no changes" for
// none). Shared by `status`, the daemon's STATUS= line and /healthz.
std::string runCountsText(const state::RunCounts& counts);

}  // namespace membersync::report
