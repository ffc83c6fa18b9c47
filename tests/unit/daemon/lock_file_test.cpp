// The state lock: one membersync per state database, with who holds it for the one refused.

#include "daemon/lock_file.h"

#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <sstream>
#include <thread>

#include "tests/support/temp_dir.h"

namespace {

using membersync::cli::acquireDaemonLock;
using membersync::cli::acquireStateLock;
using membersync::cli::tryStateLock;
using membersync::cli::Invocation;
using membersync::cli::takesStateLock;
using membersync::testing::TempDir;

// A stream buffer one thread writes and another reads.
class SharedBuffer final : public std::streambuf {
 public:
  std::string text() {
    std::lock_guard<std::mutex> lock(mutex_);
    return text_;
  }

 protected:
  int overflow(int c) override {
    if (c == EOF) return 0;
    std::lock_guard<std::mutex> lock(mutex_);
    text_ += static_cast<char>(c);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(mutex_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  std::mutex mutex_;
  std::string text_;
};

Invocation verb(const std::string& name, bool dryRun = false) {
  Invocation inv;
  inv.verb = name;
  inv.dryRun = dryRun;
  return inv;
}

}  // namespace

TEST_CASE("lock: a second holder is refused with the first one's verb, pid and path",
          "[daemon][lock]") {
  TempDir dir;
  const std::string db = (dir.path() / "membersync.db").string();
  std::ostringstream err1;
  auto first = acquireStateLock(db, "daemon", false, err1);
  REQUIRE(first);
  CHECK(err1.str().empty());
  CHECK(first->path() == db + ".lock");

  // flock(2) locks belong to an open file description: a second open in the same process
  // conflicts just as another process would.
  std::ostringstream err2;
  CHECK_FALSE(acquireStateLock(db, "sync", false, err2));
  CHECK_THAT(err2.str(), Catch::Contains("membersync daemon (pid " + std::to_string(getpid()) +
                                         ") holds " + db + ".lock since "));
  CHECK_THAT(err2.str(), Catch::Contains("--wait"));

  // Released with its holder: the next one gets it.
  first.reset();
  std::ostringstream err3;
  CHECK(acquireStateLock(db, "sync", false, err3));
}

TEST_CASE("lock: the refusal is in the reader's language, the holder named in it too",
          "[daemon][lock][i18n]") {
  TempDir dir;
  const std::string db = (dir.path() / "membersync.db").string();
  std::ostringstream err1;
  auto first = acquireStateLock(db, "daemon", false, err1);
  REQUIRE(first);
  const membersync::i18n::Translator chinese(membersync::i18n::Language::ZhCN,
                                             {MEMBERSYNC_TEST_LOCALE_DIR});
  std::ostringstream err2;
  CHECK_FALSE(acquireStateLock(db, "sync", false, err2, chinese));
  CHECK_THAT(err2.str(), Catch::StartsWith("membersync：sync：membersync daemon（pid " +
                                           std::to_string(getpid()) + "）自 ") &&
                             Catch::Contains("起占用 " + db + ".lock；同一个状态数据库") &&
                             Catch::Contains("--wait") && !Catch::Contains("holds"));
}

TEST_CASE("lock: --wait blocks until the holder lets go", "[daemon][lock]") {
  TempDir dir;
  const std::string db = (dir.path() / "membersync.db").string();
  std::ostringstream err;
  auto first = acquireStateLock(db, "sync", false, err);
  REQUIRE(first);

  std::atomic<bool> acquired{false};
  SharedBuffer buffer;
  std::thread waiter([&] {
    std::ostream waitErr(&buffer);
    auto second = acquireStateLock(db, "apply", true, waitErr);
    acquired = second.has_value();
  });
  // The waiter says it waits, and does not get the lock while it is held.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (buffer.text().find('\n') == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::yield();
  }
  CHECK_THAT(buffer.text(), Catch::Contains("waiting: membersync sync (pid"));
  CHECK_FALSE(acquired);
  first.reset();
  waiter.join();
  CHECK(acquired);
}

TEST_CASE("lock: a lock file that cannot be created says where and why", "[daemon][lock]") {
  std::ostringstream err;
  CHECK_FALSE(acquireStateLock("/nonexistent-folder/membersync.db", "sync", false, err));
  CHECK_THAT(err.str(),
             Catch::Contains("cannot open the lock file /nonexistent-folder/membersync.db.lock"));
}

TEST_CASE("lock: the verbs that write take it but plan, dry runs, readers and the daemon do not",
          "[daemon][lock]") {
  for (const char* v : {"sync", "apply", "reset-password", "allow", "allow-deletes"}) {
    CHECK(takesStateLock(verb(v)));
  }
  CHECK_FALSE(takesStateLock(verb("sync", true)));
  // The daemon takes it for each run only (tryStateLock), and the daemon lock for its life.
  for (const char* v : {"plan", "status", "explain", "validate", "check", "daemon"}) {
    CHECK_FALSE(takesStateLock(verb(v)));
  }
}

TEST_CASE("lock: a daemon's run takes the state lock only when it is free, and says who has it",
          "[daemon][lock]") {
  TempDir dir;
  const std::string db = (dir.path() / "membersync.db").string();
  std::ostringstream err;
  auto daemonLock = acquireDaemonLock(db, err);
  REQUIRE(daemonLock);
  CHECK(daemonLock->path() == db + ".daemon.lock");
  std::string why;
  {
    auto run = tryStateLock(db, "daemon", why);  // the daemon lock is another lock
    REQUIRE(run);
    auto allow = acquireStateLock(db, "allow", false, err);
    CHECK_FALSE(allow);  // while the run goes
  }
  auto allow = acquireStateLock(db, "allow", false, err);  // between runs
  REQUIRE(allow);
  CHECK_FALSE(tryStateLock(db, "daemon", why));
  CHECK_THAT(why, Catch::StartsWith("membersync allow (pid ") &&
                      Catch::Contains("holds " + db + ".lock since "));
  CHECK_FALSE(acquireDaemonLock(db, err));  // a second daemon
}
