#pragma once

#include <mutex>

#include "jobs/core/clock.h"

namespace membersync::center {

// At most `perSecond` requests a second, evenly spaced (a token bucket holding one token, filled
// at `perSecond`), timed by the injected clock. 0 or less: no limit. Thread-safe: every thread of
// a Session shares one limiter, and each waiting thread holds its own reserved slot.
class RateLimiter {
 public:
  RateLimiter(Clock& clock, double perSecond);

  // Returns when the caller may send; sleeps on the clock when it must wait.
  void acquire();

 private:
  Clock& clock_;
  const double perSecond_;
  std::mutex mutex_;
  double tokens_ = 1.0;  // may go negative: slots reserved by threads now sleeping
  Clock::SteadyPoint last_{};
  bool started_ = false;
};

}  // namespace membersync::center
