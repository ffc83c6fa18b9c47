#include "daemon/host/daemon_settings.h"

namespace membersync::daemon {

Schedule scheduleOf(const config::Config& config) {
  try {
    return Schedule::parse(config.daemon.schedule);
  } catch (const ScheduleError& e) {
    throw config::ConfigError(config.sourceFile + ": [daemon] schedule: " + e.what());
  }
}

}  // namespace membersync::daemon
