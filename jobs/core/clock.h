#pragma once

#include <chrono>

namespace membersync {

// Everything in jobs/ that needs time asks a Clock it was given, never the system directly, so
// tests step time (a token's expiry, a backoff, a daily schedule) instead of sleeping.
class Clock {
 public:
  using Duration = std::chrono::steady_clock::duration;
  using SteadyPoint = std::chrono::steady_clock::time_point;
  using WallPoint = std::chrono::system_clock::time_point;

  virtual ~Clock() = default;

  // Monotonic time, for deadlines and intervals.
  virtual SteadyPoint steadyNow() const = 0;
  // Calendar time, for timestamps shown to people and stored in the state database.
  virtual WallPoint wallNow() const = 0;
  // Blocks the calling thread for `d` (a fake clock advances instead). Thread-safe.
  virtual void sleepFor(Duration d) = 0;
};

// The real clock. Thread-safe; stateless.
class SystemClock final : public Clock {
 public:
  SteadyPoint steadyNow() const override;
  WallPoint wallNow() const override;
  void sleepFor(Duration d) override;
};

}  // namespace membersync
