#include "jobs/center/rate_limiter.h"

#include <algorithm>

namespace membersync::center {

RateLimiter::RateLimiter(Clock& clock, double perSecond) : clock_(clock), perSecond_(perSecond) {}

void RateLimiter::acquire() {
  if (perSecond_ <= 0) return;
  double wait = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto now = clock_.steadyNow();
    if (started_) {
      const double elapsed = std::chrono::duration<double>(now - last_).count();
      tokens_ = std::min(1.0, tokens_ + elapsed * perSecond_);
    }
    started_ = true;
    last_ = now;
    tokens_ -= 1.0;  // this caller's slot, reserved even while it sleeps
    if (tokens_ < 0) wait = -tokens_ / perSecond_;
  }
  if (wait > 0)
    clock_.sleepFor(std::chrono::round<Clock::Duration>(std::chrono::duration<double>(wait)));
}

}  // namespace membersync::center
