#include "jobs/core/manual_clock.h"

namespace membersync {

ManualClock::ManualClock(WallPoint wallStart) : wallStart_(wallStart) {}

Clock::SteadyPoint ManualClock::steadyNow() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return SteadyPoint{} + elapsed_;
}

Clock::WallPoint ManualClock::wallNow() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return wallStart_ + std::chrono::duration_cast<std::chrono::system_clock::duration>(elapsed_);
}

void ManualClock::sleepFor(Duration d) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (d <= Duration::zero()) return;
  elapsed_ += d;
  slept_ += d;
}

void ManualClock::advance(Duration d) {
  std::lock_guard<std::mutex> lock(mutex_);
  elapsed_ += d;
}

Clock::Duration ManualClock::totalSlept() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return slept_;
}

}  // namespace membersync
