// Opening the state database: permissions, pragmas, empty load, refusal of bad files, and a
// busy database giving up after the configured timeout.

#include <Poco/Data/SQLite/SessionImpl.h>
#include <Poco/Data/Session.h>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "jobs/state/state_error.h"
#include "tests/unit/state/rig.h"

using namespace membersync::state;
using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using membersync::state::testing::Rig;

namespace {

Poco::Data::Session rawSession(const std::string& path) {
  return Poco::Data::Session(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
}

unsigned modeOf(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

template <class F>
StateError::Cause causeOf(F&& f) {
  try {
    f();
  } catch (const StateError& e) {
    INFO(e.what());
    return e.cause();
  }
  FAIL("no StateError");
  return StateError::Cause::Other;
}

}  // namespace

TEST_CASE("state: a new database file is created 0600, and so is its WAL", "[state]") {
  ::mode_t old = ::umask(0022);  // the usual service umask would give 0644
  Rig rig;
  ::umask(old);
  CHECK(modeOf(rig.path) == 0600);
  rig.store->beginRun({});  // a write creates the -wal and -shm files beside it
  CHECK(modeOf(rig.path + "-wal") == 0600);
  CHECK(modeOf(rig.path + "-shm") == 0600);
}

TEST_CASE("state: the database is in WAL mode with foreign keys, at the latest schema", "[state]") {
  Rig rig;
  auto s = rawSession(rig.path);
  std::string mode;
  int version = 0;
  s << "PRAGMA journal_mode", into(mode), now;
  s << "PRAGMA user_version", into(version), now;
  CHECK(mode == "wal");
  CHECK(version == SqliteStore::schemaVersion());
  CHECK(SqliteStore::schemaVersion() >= 2);
}

TEST_CASE("state: an empty database loads an empty snapshot", "[state]") {
  Rig rig;
  Snapshot snap = rig.store->load();
  CHECK(snap.linksByEmployee.empty());
  CHECK(snap.absences.empty());
  CHECK(snap.items.empty());
  CHECK_FALSE(snap.lastGoodExport);
  CHECK(snap.releasedItems.empty());
  CHECK(rig.store->recentRuns(10).empty());
  CHECK(rig.store->unsettledSteps().empty());
  CHECK(rig.store->unconfirmedPasswords().empty());
}

TEST_CASE("state: \":memory:\" gives a private database for tests and fakes", "[state]") {
  membersync::ManualClock clock;
  auto store = SqliteStore::open(":memory:", clock);
  store->saveLink({"E1", "alice", "G1", true, 0});
  CHECK(store->load().linksByEmployee.size() == 1);
}

TEST_CASE("state: a database written by a newer membersync is refused and left alone", "[state]") {
  Rig rig;
  rig.store.reset();
  rawSession(rig.path) << "PRAGMA user_version = 99", now;
  try {
    rig.reopen();
    FAIL("opened a newer schema");
  } catch (const StateError& e) {
    CHECK(e.cause() == StateError::Cause::NewerSchema);
    CHECK_THAT(e.what(), Catch::Contains(rig.path) && Catch::Contains("newer membersync") &&
                             Catch::Contains("99"));
  }
  int version = 0;
  rawSession(rig.path) << "PRAGMA user_version", into(version), now;
  CHECK(version == 99);
}

TEST_CASE("state: a file that is not a database is a clear error naming it", "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  auto path = dir.write("state.db", std::string(4096, 'x')).string();
  try {
    SqliteStore::open(path, clock);
    FAIL("opened garbage");
  } catch (const StateError& e) {
    CHECK(e.cause() == StateError::Cause::Corrupt);
    CHECK_THAT(e.what(), Catch::Contains(path) && Catch::Contains("backup"));
  }
}

TEST_CASE("state: another program's SQLite database is refused, not mixed with ours", "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "other.db").string();
  rawSession(path) << "CREATE TABLE invoices (id INTEGER)", now;
  CHECK(causeOf([&] { SqliteStore::open(path, clock); }) == StateError::Cause::Foreign);
}

TEST_CASE("state: a missing folder is a clear error naming the database", "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "no-such-dir" / "state.db").string();
  try {
    SqliteStore::open(path, clock);
    FAIL("opened in a missing folder");
  } catch (const StateError& e) {
    CHECK(e.cause() == StateError::Cause::CannotOpen);
    CHECK_THAT(e.what(), Catch::Contains(path));
  }
}

TEST_CASE("state: a database another process holds gives StateError after the busy timeout",
          "[state]") {
  Rig rig(SqliteOptions{300ms});
  auto other = rawSession(rig.path);
  other << "BEGIN IMMEDIATE", now;

  // Reads go on: WAL lets them past the writer.
  CHECK(rig.store->load().linksByEmployee.empty());

  auto start = std::chrono::steady_clock::now();
  try {
    rig.store->saveLink({"E1", "alice", "G1", true, 0});
    FAIL("wrote through a lock");
  } catch (const StateError& e) {
    auto waited = std::chrono::steady_clock::now() - start;
    CHECK(e.cause() == StateError::Cause::Busy);
    CHECK_THAT(e.what(), Catch::Contains(rig.path) && Catch::Contains("another membersync"));
    CHECK(waited >= 250ms);  // it waited for the lock (a lower bound: load cannot break it)
  }
  CHECK(causeOf([&] { rig.store->transaction([] {}); }) == StateError::Cause::Busy);

  other << "ROLLBACK", now;
  rig.store->saveLink({"E1", "alice", "G1", true, 0});  // free again
  CHECK(rig.store->load().linksByEmployee.count("E1") == 1);
}

TEST_CASE("state: an empty database path is refused rather than a throwaway database",
          "[state]") {
  membersync::ManualClock clock;
  CHECK(causeOf([&] { SqliteStore::open("", clock); }) == StateError::Cause::CannotOpen);
}
