// Destructive items a safety guard held back, and their release by `allow RUN` (which also
// releases the run's enrolments in doubt for one more attempt).
// A release lasts until the item is consumed: carried out, or no longer planned. Consuming a
// key closes its holds in every run, so releasing an old run later cannot revive it.

#include <Poco/Data/Statement.h>

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::recordHeld(RunId run, const std::string& key, const std::string& reason) {
  db_->guarded("recording a held item", [&](Session& s) {
    detail::requireRun(s, run);
    Poco::Int64 runId = run;
    Poco::Int64 at = wallMillis();
    s << "INSERT INTO held_items (run_id, item_key, reason, held_at) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (run_id, item_key) DO UPDATE SET reason = excluded.reason",
        use(runId), useRef(key), useRef(reason), use(at), now;
  });
}

std::vector<HeldItem> SqliteStore::heldItemsOfRun(RunId run) {
  std::vector<HeldItem> held;
  db_->guarded("reading a run's held items", [&](Session& s) {
    Poco::Int64 id = run;
    s << std::string("SELECT ") + detail::kHeldColumns +
             " FROM held_items WHERE run_id = ? ORDER BY item_key",
        use(id), into(held), now;
  });
  return held;
}

int SqliteStore::releaseRun(RunId run) {
  return db_->guarded("releasing a run's held items", [&](Session& s) {
    detail::requireRun(s, run);
    Poco::Int64 id = run;
    Poco::Int64 at = wallMillis();
    Poco::Data::Statement update(s);
    update << "UPDATE held_items SET released_at = ?"
              " WHERE run_id = ? AND released_at IS NULL AND consumed_at IS NULL",
        use(at), use(id);
    return static_cast<int>(update.execute());
  });
}

std::vector<std::string> SqliteStore::releaseEnrolmentsInDoubt(RunId run) {
  return db_->guarded("releasing a run's enrolments in doubt", [&](Session& s) {
    detail::requireRun(s, run);
    Poco::Int64 id = run;
    Poco::Int64 at = wallMillis();
    std::vector<std::string> keys;
    s << "SELECT DISTINCT item_key FROM steps WHERE run_id = ? AND kind = 'enrol'"
         " AND (state IN ('sent', 'unknown') OR settlement = 'unresolved') ORDER BY item_key",
        use(id), into(keys), now;
    // A release is a hold already released: the planner sends a released key once, and the
    // attempt consumes it whatever the answer.
    for (const auto& key : keys) {
      s << "INSERT INTO held_items (run_id, item_key, reason, held_at, released_at)"
           " VALUES (?, ?, 'enrolment in doubt', ?, ?)"
           " ON CONFLICT (run_id, item_key) DO UPDATE SET released_at = excluded.released_at,"
           " consumed_at = NULL",
          use(id), useRef(key), use(at), use(at), now;
    }
    return keys;
  });
}

void SqliteStore::consumeRelease(const std::string& key) {
  db_->guarded("consuming a release", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    s << "UPDATE held_items SET consumed_at = ? WHERE item_key = ? AND consumed_at IS NULL",
        use(at), useRef(key), now;
  });
}

}  // namespace membersync::state
