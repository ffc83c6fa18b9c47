#include "daemon/host/daemon_settings.h"

#include "jobs/i18n/message.h"

namespace membersync::daemon {

Schedule scheduleOf(const config::Config& config) {
  try {
    return Schedule::parse(config.daemon.schedule);
  } catch (const ScheduleError& e) {
    throw config::ConfigError(i18n::msg("{file}: [daemon] schedule: {error}")
                                  .with("file", config.sourceFile)
                                  .with("error", e.message()));
  }
}

}  // namespace membersync::daemon
