#include "jobs/state/connection.h"

#include <Poco/Data/DataException.h>
#include <Poco/Data/SQLite/SQLiteException.h>
#include <Poco/Data/SQLite/SessionImpl.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace membersync::state::detail {

namespace {

namespace sqlite = Poco::Data::SQLite;
using namespace Poco::Data::Keywords;

bool isMemory(const std::string& path) {
  return path == ":memory:";
}

// SQLite would create a missing file with the process umask (often 0644). The database maps
// employees to accounts and records every change, so it is created here first, readable by the
// service user alone; SQLite gives its -wal and -shm files the same mode. An existing file
// keeps the mode an administrator gave it.
void createPrivateFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0 && errno == EEXIST) return;
  if (fd < 0) {
    throw StateError(StateError::Cause::CannotOpen,
                     "cannot create the state database " + path + ": " + std::strerror(errno) +
                         "; check that its folder exists and that the service user may write "
                         "in it ([state] database)");
  }
  // The umask may have taken bits away; 0600 exactly is what was asked.
  int rc = ::fchmod(fd, 0600);
  int err = errno;
  ::close(fd);
  if (rc != 0) {
    throw StateError(
        StateError::Cause::CannotOpen,
        "cannot make the state database " + path + " private (chmod 0600): " + std::strerror(err));
  }
}

template <class E>
bool is(const Poco::Exception& e) {
  return dynamic_cast<const E*>(&e) != nullptr;
}

std::string translateText(const std::string& path, std::chrono::milliseconds busyTimeout,
                          const Poco::Exception& e, const std::string& what,
                          StateError::Cause& cause) {
  const std::string because = " (while " + what + ": " + e.displayText() + ")";
  if (is<sqlite::DBLockedException>(e) || is<sqlite::TableLockedException>(e)) {
    cause = StateError::Cause::Busy;
    return "the state database " + path + " is still locked after " +
           std::to_string(busyTimeout.count()) +
           " ms: another membersync (or another program) holds the database; wait for it to "
           "finish, or stop it, and run again" +
           because;
  }
  if (is<sqlite::CorruptImageException>(e)) {
    cause = StateError::Cause::Corrupt;
    return "the state database " + path +
           " is corrupt or not an SQLite database; move it aside and restore a backup (without "
           "it membersync forgets which members it created and which steps are in doubt)" +
           because;
  }
  if (is<Poco::Data::ConnectionFailedException>(e) || is<sqlite::CantOpenDBFileException>(e) ||
      is<sqlite::DBAccessDeniedException>(e) || is<sqlite::ReadOnlyException>(e) ||
      is<sqlite::IOErrorException>(e) || is<sqlite::DatabaseFullException>(e)) {
    cause = StateError::Cause::CannotOpen;
    return "cannot use the state database " + path +
           "; check that the disk has room and that the service user may read and write the "
           "file and its folder" +
           because;
  }
  cause = StateError::Cause::Other;
  return "the state database " + path + " failed" + because;
}

Poco::Data::Session openSession(const std::string& path, std::chrono::milliseconds busyTimeout) {
  if (path.empty()) {
    // SQLite would quietly open a temporary database and forget everything at exit.
    throw StateError(StateError::Cause::CannotOpen,
                     "no state database file was given ([state] database)");
  }
  if (!isMemory(path)) createPrivateFile(path);
  try {
    // The login timeout (seconds) is SQLite's first busy timeout; configure() sets the real one
    // in milliseconds before anything else touches the file.
    return Poco::Data::Session(
        Poco::AutoPtr<Poco::Data::SessionImpl>(new sqlite::SessionImpl(path, 1)));
  } catch (const Poco::Exception& e) {
    StateError::Cause cause = StateError::Cause::Other;
    std::string text = translateText(path, busyTimeout, e, "opening it", cause);
    throw StateError(cause, text);
  }
}

}  // namespace

Connection::Connection(const std::string& path, std::chrono::milliseconds busyTimeout)
    : path_(path), busyTimeout_(busyTimeout), session_(openSession(path_, busyTimeout)) {
  configure();
}

void Connection::configure() {
  guarded("configuring the connection", [&](Poco::Data::Session& s) {
    // Set first, so that every later statement, the WAL switch included, waits this long for
    // another process instead of Poco's 60 s default or failing at once.
    s << "PRAGMA busy_timeout = " + std::to_string(busyTimeout_.count()), now;
    // WAL: readers (status, plan) never block the writer; NORMAL: a commit survives a killed
    // process, and only a power loss can lose the last commits (an add in doubt is settled by
    // reading the member list anyway). The mode is persistent; ":memory:" answers "memory".
    std::string mode;
    s << "PRAGMA journal_mode = WAL", into(mode), now;
    s << "PRAGMA synchronous = NORMAL", now;
    // Steps and holds belong to runs: purging a run takes them with it.
    s << "PRAGMA foreign_keys = ON", now;
  });
}

void Connection::transaction(const std::function<void()>& body, Lock mode) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (transactionDepth_ > 0) {  // joins the outer transaction; it commits or rolls back
    ++transactionDepth_;
    struct Leave {
      int& depth;
      ~Leave() { --depth; }
    } leave{transactionDepth_};
    body();
    return;
  }
  // IMMEDIATE takes the write lock now (waiting up to the busy timeout): a DEFERRED transaction
  // that reads and then writes could fail at once, whatever the timeout.
  guarded("starting a transaction", [mode](Poco::Data::Session& s) {
    s << (mode == Lock::Write ? "BEGIN IMMEDIATE" : "BEGIN"), now;
  });
  transactionDepth_ = 1;
  try {
    body();
    guarded("committing", [](Poco::Data::Session& s) { s << "COMMIT", now; });
    transactionDepth_ = 0;
  } catch (...) {
    transactionDepth_ = 0;
    try {
      session_ << "ROLLBACK", now;
    } catch (const Poco::Exception&) {
      // SQLite has already rolled back after some errors (a full disk, I/O): then there is no
      // transaction left to end, and the original failure below is the one worth reporting.
    }
    throw;
  }
}

StateError Connection::translate(const Poco::Exception& e, const std::string& what) const {
  StateError::Cause cause = StateError::Cause::Other;
  std::string text = translateText(path_, busyTimeout_, e, what, cause);
  return StateError(cause, text);
}

void requireRun(Poco::Data::Session& s, std::int64_t run) {
  Poco::Int64 id = run;
  int found = 0;
  s << "SELECT count(*) FROM runs WHERE id = ?", use(id), into(found), now;
  if (found == 0) throw std::invalid_argument("no run " + std::to_string(run) + " in the journal");
}

void requireStep(std::size_t affected, std::int64_t step) {
  if (affected == 0)
    throw std::invalid_argument("no step " + std::to_string(step) + " in the journal");
}

}  // namespace membersync::state::detail
