#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "jobs/core/manual_clock.h"
#include "jobs/state/sqlite_store.h"
#include "tests/support/temp_dir.h"

namespace membersync::state::testing {

// A fresh state database in a per-test temporary folder, on a clock the test steps.
struct Rig {
  membersync::testing::TempDir dir;
  ManualClock clock;
  std::string path = (dir.path() / "state.db").string();
  std::unique_ptr<SqliteStore> store;

  explicit Rig(SqliteOptions options = {}) : store(SqliteStore::open(path, clock, options)) {}

  // The clock's wall time as the store records it.
  Millis nowMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock.wallNow().time_since_epoch())
        .count();
  }
  // Closes and opens the database again, as the next run of membersync would.
  void reopen(SqliteOptions options = {}) {
    store.reset();
    store = SqliteStore::open(path, clock, options);
  }
};

}  // namespace membersync::state::testing
