#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "daemon/command_line.h"
#include "jobs/i18n/message.h"

namespace membersync::cli {

// One membersync at a time per state database: an exclusive flock(2) on `<database>.lock`, which
// holds the holder's pid, verb and start time for the one refused. The kernel releases the lock
// when the process ends, however it ends; the file itself stays (an empty or stale file means
// nothing). Move-only; releases the lock when destroyed.
class StateLock {
 public:
  StateLock(StateLock&&) noexcept;
  StateLock& operator=(StateLock&&) noexcept;
  ~StateLock();

  const std::string& path() const { return path_; }

 private:
  friend struct StateLockAccess;
  StateLock(int fd, std::string path);
  int fd_ = -1;
  std::string path_;
};

// The verbs that write take the lock: sync (not --dry-run), apply, reset-password and allow
// (allow-deletes). plan and sync --dry-run send nothing and only record their run, which SQLite
// serializes, so they run beside a daemon; so do the read-only verbs. The daemon takes it only
// for each run (tryStateLock), so `allow` works beside it; for its whole life it holds the
// daemon lock instead, which keeps a second daemon on the same database out.
bool takesStateLock(const Invocation& invocation);

// "<database>.lock" and "<database>.daemon.lock".
std::string lockPathFor(const std::string& database);
std::string daemonLockPathFor(const std::string& database);

// Who holds a lock, as its file says: "membersync sync (pid 1234) holds PATH since 2026-...".
i18n::Message holderMessage(const std::string& lockPath);
std::string describeHolder(const std::string& lockPath);  // its English

// Takes the lock for `verb`. When another process holds it: without `wait`, writes who holds it
// to `err` and returns nullopt (the caller exits 1); with `wait`, says so on `err` and blocks until
// the lock is free. Also nullopt (with the reason on `err`) when the lock file cannot be opened.
// What it writes is in `tr`'s language.
std::optional<StateLock> acquireStateLock(const std::string& database, const std::string& verb,
                                          bool wait, std::ostream& err,
                                          const i18n::Translator& tr = i18n::Translator());

// The daemon lock, taken as acquireStateLock takes the state lock, without waiting.
std::optional<StateLock> acquireDaemonLock(const std::string& database, std::ostream& err,
                                           const i18n::Translator& tr = i18n::Translator());

// For a daemon's run: the state lock if it is free now. Otherwise nullopt, and `why` says who
// holds it (describeHolder) or why it cannot be taken.
std::optional<StateLock> tryStateLock(const std::string& database, const std::string& verb,
                                      std::string& why);

}  // namespace membersync::cli
