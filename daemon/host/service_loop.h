#pragma once

#include <functional>
#include <optional>
#include <string>

#include "daemon/host/log_level.h"
#include "daemon/host/scheduler.h"
#include "jobs/core/clock.h"

namespace membersync::daemon {

// Carries runs out away from the loop's thread, one at a time.
class Runner {
 public:
  virtual ~Runner() = default;
  // Starts a run; called only while !busy().
  virtual void start() = 0;
  virtual bool busy() const = 0;
  // The verdict of a run that ended since the last call, once; nullopt otherwise.
  virtual std::optional<RunVerdict> takeFinished() = 0;
};

// Where the loop waits: returns after `d`, or earlier when woken (a signal arrived, a run ended).
class Waiter {
 public:
  virtual ~Waiter() = default;
  virtual void waitFor(Clock::Duration d) = 0;
};

struct LoopHooks {
  std::function<bool()> stopRequested = [] { return false; };
  // Called whenever no run is going, before a new one may start (a pending reload goes here).
  std::function<void()> betweenRuns = [] {};
  // Called on every wake-up, after the decisions (STATUS=, the watchdog).
  std::function<void()> awake = [] {};
  // The longest the loop sleeps without looking, with and without a run going.
  std::function<Clock::Duration(bool runGoing)> maxNap = [](bool) {
    return std::chrono::seconds(30);
  };
  std::function<void(LogLevel, const std::string&)> log = [](LogLevel, const std::string&) {};
};

// The daemon's main loop: asks the Scheduler (and through it the Clock) whether a run is due,
// starts it on the Runner, records how it ended, and waits on the Waiter in between. Runs never
// overlap: a slot due while a run is going is skipped with a log line. Returns when
// stopRequested() says so, possibly with a run still going (the caller cancels and waits for it).
void runServiceLoop(Scheduler& scheduler, Runner& runner, Waiter& waiter, Clock& clock,
                    const LoopHooks& hooks);

}  // namespace membersync::daemon
