#pragma once

#include <string>

#include "jobs/plan/planner.h"

// Small pure text helpers the planner's parts share. Internal to jobs/plan.
namespace membersync::plan::detail {

// A stored time in a reason shown to people, as PlanInputs::times writes it (the verbs: local
// time with its zone, as every verb writes times), else in UTC in the same form: "2026-01-31"
// and "2026-01-31 04:05:06 +0000".
std::string formatDate(const PlanInputs& in, state::Millis at);
std::string formatTime(const PlanInputs& in, state::Millis at);

}  // namespace membersync::plan::detail
