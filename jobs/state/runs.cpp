// Runs: their start, end, outcome and counts, what `status` lists, and keep_runs_days.

#include <Poco/Data/Statement.h>

#include <stdexcept>
#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

namespace {
constexpr Millis kDay = 24LL * 60 * 60 * 1000;
}

RunId SqliteStore::beginRun(const RunStart& start) {
  return db_->guarded("recording the start of a run", [&](Session& s) {
    std::string kind = toString(start.kind);
    Poco::Int64 at = wallMillis();
    Poco::Int64 rows = start.exportRows;
    s << "INSERT INTO runs (kind, started_at, export_hash, export_rows, policy_hash, scope)"
         " VALUES (?, ?, ?, ?, ?, ?)",
        use(kind), use(at), useRef(start.exportHash), use(rows), useRef(start.policyHash),
        useRef(start.scope), now;
    Poco::Int64 id = 0;
    s << "SELECT last_insert_rowid()", into(id), now;
    return RunId{id};
  });
}

void SqliteStore::finishRun(RunId run, const std::string& outcome, const RunCounts& counts,
                            const std::string& message) {
  db_->guarded("recording the end of a run", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    Poco::Int64 id = run;
    std::vector<int> c{counts.added,   counts.edited,   counts.deleted, counts.withdrawn,
                       counts.adopted, counts.held,     counts.failed,  counts.unknown,
                       counts.assigned, counts.lent,    counts.enrolled};
    Poco::Data::Statement update(s);
    update << "UPDATE runs SET finished_at = ?, outcome = ?, message = ?, added = ?, edited = ?,"
              " deleted = ?, withdrawn = ?, adopted = ?, held = ?, failed = ?, unknown = ?,"
              " assigned = ?, lent = ?, enrolled = ? WHERE id = ?",
        use(at), useRef(outcome), useRef(message), use(c[0]), use(c[1]), use(c[2]), use(c[3]),
        use(c[4]), use(c[5]), use(c[6]), use(c[7]), use(c[8]), use(c[9]), use(c[10]), use(id);
    if (update.execute() == 0)
      throw std::invalid_argument("no run " + std::to_string(run) + " in the journal");
  });
}

std::optional<RunSummary> SqliteStore::findRun(RunId run) {
  return db_->guarded("reading a run", [&](Session& s) -> std::optional<RunSummary> {
    Poco::Int64 id = run;
    std::vector<RunSummary> found;
    s << std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE id = ?", use(id),
        into(found), now;
    if (found.empty()) return std::nullopt;
    return found.front();
  });
}

std::vector<RunSummary> SqliteStore::recentRuns(int limit) {
  std::vector<RunSummary> runs;
  if (limit <= 0) return runs;
  db_->guarded("reading the recent runs", [&](Session& s) {
    s << std::string("SELECT ") + detail::kRunColumns + " FROM runs ORDER BY id DESC LIMIT ?",
        use(limit), into(runs), now;
  });
  return runs;
}

std::vector<RunSummary> SqliteStore::recentRuns(int limit, bool previews) {
  std::vector<RunSummary> runs;
  if (limit <= 0) return runs;
  db_->guarded("reading the recent runs", [&](Session& s) {
    std::string plan = toString(RunKind::Plan);
    s << std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE (kind = ?) = ?" +
             " ORDER BY id DESC LIMIT ?",
        use(plan), use(previews), use(limit), into(runs), now;
  });
  return runs;
}

std::vector<RunSummary> SqliteStore::runsBefore(RunId before, int limit) {
  std::vector<RunSummary> runs;
  if (limit <= 0) return runs;
  db_->guarded("reading the runs", [&](Session& s) {
    Poco::Int64 id = before;
    s << std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE id < ?" +
             " ORDER BY id DESC LIMIT ?",
        use(id), use(limit), into(runs), now;
  });
  return runs;
}

int SqliteStore::purgeRuns(int keepDays) {
  if (keepDays < 0) throw std::invalid_argument("keep_runs_days must not be negative");
  return db_->guarded("purging old runs", [&](Session& s) {
    Poco::Int64 cutoff = wallMillis() - keepDays * kDay;
    // A step still in doubt is the only record that an add or delete may have happened: its
    // run stays until a later run has settled it, however old.
    Poco::Data::Statement purge(s);
    purge << "DELETE FROM runs WHERE started_at < ? AND NOT EXISTS ("
             " SELECT 1 FROM steps WHERE steps.run_id = runs.id"
             " AND steps.settlement IS NULL AND steps.state IN ('sent', 'unknown'))",
        use(cutoff);
    // Steps and held items go with their runs (ON DELETE CASCADE), in this one statement.
    const int purged = static_cast<int>(purge.execute());
    // Who items were about, as no run kept any longer saw them: nothing names them any more.
    if (purged > 0) {
      s << "DELETE FROM item_people WHERE run_id < (SELECT COALESCE(MIN(id), 0) FROM runs)", now;
    }
    // Reports sent as long ago, but the newest of each channel: the next report is judged by it.
    s << "DELETE FROM report_sends WHERE at < ? AND id NOT IN"
         " (SELECT max(id) FROM report_sends GROUP BY channel)",
        use(cutoff), now;
    return purged;
  });
}

}  // namespace membersync::state
