#pragma once

#include <string>
#include <vector>

#include "daemon/host/log_level.h"

namespace membersync::daemon {

// Where the daemon's log goes (Poco logging stays in logging.cpp).
struct LogSettings {
  std::string file;            // empty: stderr; else a file rotated at 10 MB, 5 kept
  std::string level = "info";  // error, warning, notice, info, debug
  bool journal = false;        // stderr read by journald: "<6>text" priority prefixes, no time
  // Values that must never appear in a log line (the configured secrets): replaced by
  // "[redacted]" should any message ever carry one. The client never logs them; this is the
  // second line of defence.
  std::vector<std::string> secrets;
};

// True when systemd connected stderr to the journal ($JOURNAL_STREAM is set).
bool stderrIsJournal();

// Sets up the "membersync" logger. Throws std::runtime_error when the log file cannot be opened.
// Call once, before any thread logs.
void setUpLogging(const LogSettings& settings);
// After a reload: the level and the secrets to redact may change; the destination does not.
void updateLogging(const std::string& level, const std::vector<std::string>& secrets);

// Thread-safe.
void log(LogLevel level, const std::string& message);
void flushLog();

}  // namespace membersync::daemon
