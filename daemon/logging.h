#pragma once

#include <memory>
#include <string>

#include "daemon/host/log_level.h"

namespace membersync {
class Scrubber;
}

namespace membersync::daemon {

// Where the daemon's log goes (Poco logging stays in logging.cpp).
struct LogSettings {
  std::string file;            // empty: stderr; else a file rotated at 10 MB, 5 kept
  std::string level = "info";  // error, warning, notice, info, debug
  bool journal = false;        // stderr read by journald: "<6>text" priority prefixes, no time
  // Every line passes it before it is written: the client never logs a secret and scrubs what
  // the service sends, so this is the second line of defence, with the same registry (secrets
  // registered later, tokens and generated passwords, count at once). Kept alive by the logger
  // for as long as it may write a line. Null: lines are written as they are.
  std::shared_ptr<const Scrubber> scrubber;
};

// True when systemd connected stderr to the journal ($JOURNAL_STREAM is set).
bool stderrIsJournal();

// Sets up the "membersync" logger. Throws std::runtime_error when the log file cannot be opened.
// Call once, before any thread logs.
void setUpLogging(const LogSettings& settings);
// After a reload: the level may change; the destination does not. (The reloaded
// configuration's secrets join the scrubber when its runtime is made.)
void updateLogging(const std::string& level);

// Thread-safe.
void log(LogLevel level, const std::string& message);
void flushLog();

}  // namespace membersync::daemon
