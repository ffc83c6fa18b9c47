#pragma once

#include <string>

#include <mstch/mstch.hpp>

#include "config/config.h"
#include "jobs/state/types.h"

namespace membersync::console {

// One run as the pages list it: id, kind, local start time with the zone, outcome, counts.
mstch::map runRow(const state::RunSummary& run);

// "membersync --config PATH": how commands shown on a page reach this configuration.
std::string commandPrefix(const config::Config& config);

}  // namespace membersync::console
