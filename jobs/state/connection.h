#pragma once

// Internal to jobs/state: the only header here that includes Poco. Include it from .cpp files
// only; users of the store see store.h and sqlite_store.h.

#include <Poco/Data/Session.h>
#include <Poco/Exception.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

#include "jobs/state/state_error.h"

namespace membersync::state::detail {

// One SQLite connection shared by every thread of the process, behind one mutex: a Poco Session
// is not thread-safe, and SQLite lets one writer in at a time anyway.
class Connection {
 public:
  // Opens `path` (":memory:" for a private in-memory database), creating the file with mode
  // 0600 when it does not exist, and sets WAL, synchronous=NORMAL, the busy timeout and foreign
  // keys. Throws StateError.
  Connection(const std::string& path, std::chrono::milliseconds busyTimeout);

  const std::string& path() const { return path_; }
  std::chrono::milliseconds busyTimeout() const { return busyTimeout_; }

  // Runs f(session) holding the connection, turning a Poco failure into a StateError that
  // says what was being done (`what`: "saving a link").
  template <class F>
  auto guarded(const char* what, F&& f) -> decltype(f(std::declval<Poco::Data::Session&>())) {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    try {
      return f(session_);
    } catch (const Poco::Exception& e) {
      throw translate(e, what);
    }
  }

  // guarded() inside transaction(): for a statement bound to column vectors, which runs once
  // per row (outside a transaction each row would commit on its own).
  template <class F>
  void batch(const char* what, F&& f) {
    transaction([&] { guarded(what, f); });
  }

  enum class Lock {
    Write,  // BEGIN IMMEDIATE: takes the write lock at once (read-then-write, any write)
    Read,   // BEGIN (deferred): a consistent snapshot for reads; writers are not kept out
  };
  // BEGIN .. COMMIT around body, ROLLBACK when it throws; a nested call joins the transaction
  // already open (a Read body must not write). Holds the connection throughout.
  void transaction(const std::function<void()>& body, Lock lock = Lock::Write);

  // The StateError for a Poco failure while doing `what`, with what an administrator can do.
  StateError translate(const Poco::Exception& e, const std::string& what) const;

 private:
  void configure();

  std::recursive_mutex mutex_;
  std::string path_;
  std::chrono::milliseconds busyTimeout_;
  Poco::Data::Session session_;
  int transactionDepth_ = 0;  // guarded by mutex_
};

// Throws std::invalid_argument unless a run by that id exists: a RunId the store never handed
// out (or one purged since) is a programming error, not a database failure.
void requireRun(Poco::Data::Session& s, std::int64_t run);
// Throws std::invalid_argument when an UPDATE of journal step `step` touched no row.
void requireStep(std::size_t affected, std::int64_t step);

}  // namespace membersync::state::detail
