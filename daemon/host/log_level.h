#pragma once

namespace membersync::daemon {

// How serious a log line is; logging.cpp maps it to syslog priorities for journald.
enum class LogLevel { Error, Warning, Notice, Info, Debug };

}  // namespace membersync::daemon
