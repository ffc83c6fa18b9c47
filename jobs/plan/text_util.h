#pragma once

#include <string>
#include <string_view>

#include "jobs/state/records.h"

// Small pure text helpers the planner's parts share. Internal to jobs/plan.
namespace membersync::plan::detail {

// ASCII lower case. Accounts are ASCII letters and digits (the spec's rule), so this is the
// case-insensitive key they are matched by; other bytes are kept as they are.
std::string lower(std::string_view text);

// A member's account: its userName minus the expanded suffix, compared case-insensitively.
// A userName that does not end with the suffix is taken whole (e.g. a member made before the
// enterprise code changed): it can still match an HR account, and is never silently dropped.
std::string accountOf(const std::string& userName, const std::string& suffix);

// UTC renderings of a stored time for reasons shown to people: "2026-01-31" and
// "2026-01-31 04:05:06 UTC". Pure arithmetic (no time-zone database, no clock).
std::string formatDate(state::Millis at);
std::string formatTime(state::Millis at);

}  // namespace membersync::plan::detail
