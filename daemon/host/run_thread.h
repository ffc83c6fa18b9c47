#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "daemon/host/service_loop.h"

namespace membersync::daemon {

// A Runner that carries each run out on a thread of its own, so the loop stays free to answer
// signals, skip slots and feed the watchdog while a run goes. `onEnd` is called on the run's
// thread when it ends (the host wakes the loop with it).
class RunThread final : public Runner {
 public:
  RunThread(std::function<RunVerdict()> run, std::function<void()> onEnd);
  // Joins a run still going: call only after it ended, or to wait for it.
  ~RunThread() override;
  RunThread(const RunThread&) = delete;
  RunThread& operator=(const RunThread&) = delete;

  void start() override;
  bool busy() const override;
  std::optional<RunVerdict> takeFinished() override;
  // Leaves a run that will not end in time to the process's exit (the journal settles it).
  void abandon();

 private:
  std::function<RunVerdict()> run_;
  std::function<void()> onEnd_;
  std::thread thread_;
  std::atomic<bool> going_{false};
  std::mutex mutex_;
  std::optional<RunVerdict> finished_;
};

}  // namespace membersync::daemon
