#pragma once

#include <functional>

#include "daemon/host/service_loop.h"

namespace membersync::daemon {

// The daemon's signals, handled synchronously on the loop's thread.
//
// Why not Poco::Util::ServerApplication: Boost.Program_options owns membersync's command line
// (Poco's option parser would answer an option it does not know with its own exit code), its
// waitForTerminationRequest() lets SIGHUP kill the process, and its --daemon fork is wrong under
// systemd anyway. Blocking the signals and reading them from a signalfd in the same poll() that
// waits for the next run is simpler: no async-signal-safety rules, no extra thread, and a reload
// or a stop is handled between two statements of the loop, never in the middle of one.
//
// The constructor blocks SIGTERM, SIGINT, SIGQUIT and SIGHUP in the calling thread: construct it
// on the main thread before any other thread starts, so every thread inherits the mask and the
// signals reach only the signalfd. The destructor restores the previous mask.
class SignalWaiter final : public Waiter {
 public:
  explicit SignalWaiter(std::function<void(int signo)> onSignal);
  ~SignalWaiter() override;
  SignalWaiter(const SignalWaiter&) = delete;
  SignalWaiter& operator=(const SignalWaiter&) = delete;

  // Waits up to `d` for a signal (handed to onSignal on this thread) or a wake(). Loop thread only.
  void waitFor(Clock::Duration d) override;
  // Ends the current or next waitFor() early. Any thread.
  void wake();

 private:
  std::function<void(int)> onSignal_;
  int signalFd_ = -1;
  int eventFd_ = -1;
  unsigned char oldMask_[128];  // the sigset_t to restore, kept opaque here
};

// "SIGTERM" for SIGTERM, ...
const char* signalName(int signo);

}  // namespace membersync::daemon
