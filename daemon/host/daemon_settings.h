#pragma once

#include "config/config.h"
#include "daemon/schedule.h"

namespace membersync::daemon {

// `[daemon] schedule`, parsed. Throws config::ConfigError naming the file and key (exit 78), so
// every verb, `validate` included, refuses a schedule the daemon could not follow.
Schedule scheduleOf(const config::Config& config);

}  // namespace membersync::daemon
