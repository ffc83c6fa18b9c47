#pragma once

#include <optional>
#include <string>

#include "jobs/core/clock.h"

// [directory] max_calls_month: DingTalk's standard edition allows 10,000 API calls a month
// (errcode 90020 once spent), shared with everything else the app does. membersync keeps what
// its walks spent in the state, and does not start a walk the month cannot pay for. Pure.
namespace membersync::directory::platform {

// The month a call is counted in: "2026-11", UTC.
std::string callMonth(Clock::WallPoint at);

// Why a walk must not start, or nullopt: `usedThisMonth` plus `estimate` (the newest walk's
// calls) would pass `maxCallsMonth` (0: no budget). Worded for a person: what, and what to do.
std::optional<std::string> budgetRefusal(int maxCallsMonth, int usedThisMonth, int estimate,
                                         const std::string& month);

}  // namespace membersync::directory::platform
