#pragma once

#include <optional>
#include <string>

#include "jobs/core/clock.h"

namespace membersync::daemon {

// Tells the service manager how the daemon is doing (sd_notify(3) assignments: "READY=1",
// "STATUS=...", "WATCHDOG=1", "STOPPING=1"). An interface so the host can be tested without
// systemd.
class Notifier {
 public:
  virtual ~Notifier() = default;
  // Thread-safe. Failures are ignored: the daemon works without a service manager.
  virtual void notify(const std::string& assignments) = 0;
};

// sd_notify() from libsystemd: does nothing when $NOTIFY_SOCKET is unset (not run by systemd).
class SystemdNotifier final : public Notifier {
 public:
  void notify(const std::string& assignments) override;
};

// How often to send WATCHDOG=1: half of $WATCHDOG_USEC when systemd asked for a watchdog for
// this process (sd_watchdog_enabled), nullopt otherwise.
std::optional<Clock::Duration> watchdogPingInterval();

}  // namespace membersync::daemon
