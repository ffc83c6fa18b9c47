#include "daemon/host/service_loop.h"

#include <algorithm>

namespace membersync::daemon {

void runServiceLoop(Scheduler& scheduler, Runner& runner, Waiter& waiter, Clock& clock,
                    const LoopHooks& hooks) {
  while (!hooks.stopRequested()) {
    if (auto verdict = runner.takeFinished()) {
      const std::string change = scheduler.finished(*verdict);
      if (!change.empty()) {
        hooks.log(*verdict == RunVerdict::SystemicFailure ? LogLevel::Warning : LogLevel::Notice,
                  change);
      }
    }
    if (!runner.busy()) {
      hooks.betweenRuns();
      if (hooks.stopRequested()) break;
    }
    const auto decision = scheduler.poll(runner.busy());
    for (const auto& message : decision.messages) {
      hooks.log(decision.startRun ? LogLevel::Notice : LogLevel::Warning, message);
    }
    if (decision.startRun) runner.start();
    hooks.awake();

    const bool going = runner.busy();
    const Clock::Duration untilDue =
        std::chrono::duration_cast<Clock::Duration>(scheduler.nextDue() - clock.wallNow());
    const Clock::Duration nap = std::min(untilDue, hooks.maxNap(going));
    if (nap > Clock::Duration::zero() && !hooks.stopRequested()) waiter.waitFor(nap);
  }
}

}  // namespace membersync::daemon
