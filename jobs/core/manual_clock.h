#pragma once

#include <mutex>

#include "jobs/core/clock.h"

namespace membersync {

// A clock that only moves when told to: sleepFor() advances it at once and records the total
// slept, so a test can assert on backoff and expiry without waiting. Thread-safe.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(WallPoint wallStart = WallPoint{std::chrono::hours(24 * 365 * 56)});

  SteadyPoint steadyNow() const override;
  WallPoint wallNow() const override;
  void sleepFor(Duration d) override;

  void advance(Duration d);
  Duration totalSlept() const;

 private:
  mutable std::mutex mutex_;
  Duration elapsed_{};
  Duration slept_{};
  WallPoint wallStart_;
};

}  // namespace membersync
