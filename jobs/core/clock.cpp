#include "jobs/core/clock.h"

#include <thread>

namespace membersync {

Clock::SteadyPoint SystemClock::steadyNow() const { return std::chrono::steady_clock::now(); }

Clock::WallPoint SystemClock::wallNow() const { return std::chrono::system_clock::now(); }

void SystemClock::sleepFor(Duration d) {
  if (d > Duration::zero()) std::this_thread::sleep_for(d);
}

}  // namespace membersync
