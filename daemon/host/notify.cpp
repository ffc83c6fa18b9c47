#include "daemon/host/notify.h"

#include <systemd/sd-daemon.h>

namespace membersync::daemon {

void SystemdNotifier::notify(const std::string& assignments) {
  sd_notify(0, assignments.c_str());
}

std::optional<Clock::Duration> watchdogPingInterval() {
  std::uint64_t usec = 0;
  if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0) return std::nullopt;
  return std::chrono::microseconds(usec / 2);
}

}  // namespace membersync::daemon
