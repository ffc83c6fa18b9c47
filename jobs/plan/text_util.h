#pragma once

#include <string>

#include "jobs/state/records.h"

// Small pure text helpers the planner's parts share. Internal to jobs/plan.
namespace membersync::plan::detail {

// UTC renderings of a stored time for reasons shown to people: "2026-01-31" and
// "2026-01-31 04:05:06 UTC". Pure arithmetic (no time-zone database, no clock).
std::string formatDate(state::Millis at);
std::string formatTime(state::Millis at);

}  // namespace membersync::plan::detail
