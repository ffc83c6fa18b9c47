#pragma once

#include <string>
#include <vector>

#include "jobs/i18n/message.h"

#include "jobs/plan/planner.h"

// Small pure text helpers the planner's parts share. Internal to jobs/plan.
namespace membersync::plan::detail {

// A stored time in a reason shown to people, as PlanInputs::times writes it (the verbs: local
// time with its zone, as every verb writes times), else in UTC in the same form: "2026-01-31"
// and "2026-01-31 04:05:06 +0000".
std::string formatDate(const PlanInputs& in, state::Millis at);
std::string formatTime(const PlanInputs& in, state::Millis at);

// An item's reasons in order, "a; b; c", each translated on its own (empty: an empty message).
i18n::Message joinedReasons(std::vector<i18n::Message> reasons);
// Names (accounts, asset numbers), the first `shown` of them: "a, b, c, and 2 more".
i18n::Message namedList(const std::vector<std::string>& names, std::size_t shown);

}  // namespace membersync::plan::detail
