#include "jobs/directory/platform/call_budget.h"

#include <ctime>

namespace membersync::directory::platform {

std::string callMonth(Clock::WallPoint at) {
  const std::time_t t = Clock::WallPoint::clock::to_time_t(at);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m", &utc);
  return text;
}

std::optional<std::string> budgetRefusal(int maxCallsMonth, int usedThisMonth, int estimate,
                                         const std::string& month) {
  if (maxCallsMonth <= 0 || usedThisMonth + estimate <= maxCallsMonth) return std::nullopt;
  return "the walk would cost about " + std::to_string(estimate) + " calls, and " +
         std::to_string(usedThisMonth) +
         " of [directory] max_calls_month = " + std::to_string(maxCallsMonth) + " are spent in " +
         month +
         "; not started. Sync less often, or raise max_calls_month if the platform's quota allows";
}

}  // namespace membersync::directory::platform
