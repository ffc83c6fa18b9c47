// The journal of write steps: planned, sent (durably, before the request goes out), and how
// each ended, so a run cut off at any point resumes without repeating what succeeded.

#include <Poco/Data/Statement.h>
#include <Poco/Nullable.h>

#include <stdexcept>
#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

namespace {

Poco::Nullable<std::string> nullable(const std::optional<std::string>& v) {
  return v ? Poco::Nullable<std::string>(*v) : Poco::Nullable<std::string>();
}

}  // namespace

StepId SqliteStore::journalPlanned(RunId run, const StepInfo& info) {
  return db_->guarded("journaling a planned step", [&](Session& s) {
    detail::requireRun(s, run);
    Poco::Int64 runId = run;
    Poco::Int64 at = wallMillis();
    s << "INSERT INTO steps (run_id, item_key, kind, account, employee_id, global_id, detail,"
         " state, planned_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'planned', ?)",
        use(runId), useRef(info.itemKey), useRef(info.kind), useRef(info.account),
        useRef(info.employeeId), useRef(info.globalId), useRef(info.detail), use(at), now;
    Poco::Int64 id = 0;
    s << "SELECT last_insert_rowid()", into(id), now;
    return StepId{id};
  });
}

std::vector<StepId> SqliteStore::journalSent(RunId run, const std::vector<StepInfo>& steps) {
  if (steps.empty()) return {};  // Poco refuses to bind an empty vector
  std::vector<StepId> ids;
  db_->batch("journaling steps as sent", [&](Session& s) {
    detail::requireRun(s, run);
    // The ids are chosen here, after every id the table ever held (AUTOINCREMENT's rule), so
    // that one statement bound to column vectors inserts the whole batch: a chunk of 100 adds
    // costs one statement, not 100.
    Poco::Int64 last = 0;
    s << "SELECT max(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'steps'), 0),"
         " COALESCE((SELECT max(id) FROM steps), 0))",
        into(last), now;
    const std::size_t n = steps.size();
    std::vector<Poco::Int64> id(n), runId(n, run), at(n, wallMillis());
    std::vector<std::string> key(n), kind(n), account(n), employee(n), global(n), text(n);
    for (std::size_t i = 0; i < n; ++i) {
      id[i] = last + static_cast<Poco::Int64>(i) + 1;
      key[i] = steps[i].itemKey;
      kind[i] = steps[i].kind;
      account[i] = steps[i].account;
      employee[i] = steps[i].employeeId;
      global[i] = steps[i].globalId;
      text[i] = steps[i].detail;
      ids.push_back(StepId{id[i]});
    }
    s << "INSERT INTO steps (id, run_id, item_key, kind, account, employee_id, global_id, detail,"
         " state, attempts, planned_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sent', 1, ?, ?)",
        use(id), use(runId), use(key), use(kind), use(account), use(employee), use(global),
        use(text), use(at), use(at), now;
  });
  return ids;
}

void SqliteStore::journalSent(StepId step) {
  db_->guarded("journaling a step as sent", [&](Session& s) {
    Poco::Int64 id = step;
    Poco::Int64 at = wallMillis();
    // A re-send puts the step back in doubt: what an earlier attempt ended with no longer holds.
    Poco::Data::Statement update(s);
    update << "UPDATE steps SET state = 'sent', attempts = attempts + 1, sent_at = ?,"
              " finished_at = NULL, failure = NULL, code = '', message = '',"
              " settlement = NULL, settled_at = NULL WHERE id = ?",
        use(at), use(id);
    detail::requireStep(update.execute(), step);
  });
}

void SqliteStore::journalSucceeded(StepId step, const std::optional<std::string>& globalId) {
  journalSucceeded({StepSuccess{step, globalId.value_or(std::string())}});
}

void SqliteStore::journalSucceeded(const std::vector<StepSuccess>& steps) {
  if (steps.empty()) return;
  db_->batch("journaling steps' success", [&](Session& s) {
    const std::size_t n = steps.size();
    std::vector<Poco::Int64> id(n), at(n, wallMillis());
    std::vector<std::string> global(n);
    for (std::size_t i = 0; i < n; ++i) {
      id[i] = steps[i].step;
      global[i] = steps[i].globalId;
    }
    Poco::Data::Statement update(s);
    update << "UPDATE steps SET state = 'succeeded', finished_at = ?,"
              " global_id = COALESCE(NULLIF(?, ''), global_id) WHERE id = ?",
        use(at), use(global), use(id);
    const std::size_t affected = update.execute();
    if (affected != n) {
      // Which one: the first the journal does not hold.
      for (const auto& one : steps) {
        Poco::Int64 probe = one.step;
        int found = 0;
        s << "SELECT count(*) FROM steps WHERE id = ?", use(probe), into(found), now;
        detail::requireStep(static_cast<std::size_t>(found), one.step);
      }
    }
  });
}

void SqliteStore::journalFailed(StepId step, const std::string& code, const std::string& message,
                                ItemStatus status) {
  if (status != ItemStatus::RetryLater && status != ItemStatus::Refused)
    throw std::invalid_argument("journalFailed takes RetryLater or Refused");
  db_->guarded("journaling a step's failure", [&](Session& s) {
    Poco::Int64 id = step;
    Poco::Int64 at = wallMillis();
    std::string failure = toString(status);
    Poco::Data::Statement update(s);
    update << "UPDATE steps SET state = 'failed', failure = ?, code = ?, message = ?,"
              " finished_at = ? WHERE id = ?",
        use(failure), useRef(code), useRef(message), use(at), use(id);
    detail::requireStep(update.execute(), step);
  });
}

void SqliteStore::journalUnknown(StepId step, const std::string& detail) {
  db_->guarded("journaling a step's unknown outcome", [&](Session& s) {
    Poco::Int64 id = step;
    Poco::Int64 at = wallMillis();
    Poco::Data::Statement update(s);
    update << "UPDATE steps SET state = 'unknown', message = ?, finished_at = ? WHERE id = ?",
        useRef(detail), use(at), use(id);
    detail::requireStep(update.execute(), step);
  });
}

std::vector<Step> SqliteStore::unsettledSteps() {
  std::vector<Step> steps;
  db_->guarded("reading the steps in doubt", [&](Session& s) {
    s << std::string("SELECT ") + detail::kStepColumns +
             " FROM steps WHERE settlement IS NULL AND state IN ('sent', 'unknown') ORDER BY id",
        into(steps), now;
  });
  return steps;
}

void SqliteStore::journalSettled(StepId step, Settlement outcome,
                                 const std::optional<std::string>& globalId,
                                 const std::string& finding) {
  db_->guarded("journaling how a step was settled", [&](Session& s) {
    Poco::Int64 id = step;
    Poco::Int64 at = wallMillis();
    std::string settlement = toString(outcome);
    Poco::Nullable<std::string> global = nullable(globalId);
    Poco::Nullable<std::string> found;
    if (!finding.empty()) found = finding;
    Poco::Data::Statement update(s);
    update << "UPDATE steps SET settlement = ?, settled_at = ?,"
              " global_id = COALESCE(?, global_id), message = COALESCE(?, message) WHERE id = ?",
        use(settlement), use(at), use(global), use(found), use(id);
    detail::requireStep(update.execute(), step);
  });
}

std::vector<Step> SqliteStore::unresolvedSteps(RunId fromRun) {
  std::vector<Step> steps;
  db_->guarded("reading the steps reading could not judge", [&](Session& s) {
    Poco::Int64 from = fromRun;
    // Until a later step of the same item succeeded: then the center holds what was meant.
    s << std::string("SELECT ") + detail::kStepColumns +
             " FROM steps WHERE run_id >= ? AND settlement = 'unresolved' AND NOT EXISTS ("
             " SELECT 1 FROM steps later WHERE later.item_key = steps.item_key"
             " AND later.id > steps.id AND later.state = 'succeeded') ORDER BY id",
        use(from), into(steps), now;
  });
  return steps;
}

std::vector<Step> SqliteStore::stepsOfRun(RunId run) {
  std::vector<Step> steps;
  db_->guarded("reading a run's steps", [&](Session& s) {
    Poco::Int64 id = run;
    s << std::string("SELECT ") + detail::kStepColumns + " FROM steps WHERE run_id = ? ORDER BY id",
        use(id), into(steps), now;
  });
  return steps;
}

std::vector<Step> SqliteStore::stepsOfRunPage(RunId run, std::int64_t offset,
                                              std::int64_t limit) {
  std::vector<Step> steps;
  db_->guarded("reading a page of a run's steps", [&](Session& s) {
    Poco::Int64 id = run, from = offset, n = limit;
    s << std::string("SELECT ") + detail::kStepColumns +
             " FROM steps WHERE run_id = ? ORDER BY id LIMIT ? OFFSET ?",
        use(id), use(n), use(from), into(steps), now;
  });
  return steps;
}

std::int64_t SqliteStore::stepCountOfRun(RunId run) {
  Poco::Int64 count = 0;
  db_->guarded("counting a run's steps", [&](Session& s) {
    Poco::Int64 id = run;
    s << "SELECT COUNT(*) FROM steps WHERE run_id = ?", use(id), into(count), now;
  });
  return count;
}

std::vector<Step> SqliteStore::stepsOfAccount(const std::string& account, int limit) {
  std::vector<Step> steps;
  db_->guarded("reading an account's steps", [&](Session& s) {
    Poco::Int64 n = limit;
    s << std::string("SELECT ") + detail::kStepColumns +
             " FROM steps WHERE account = ? ORDER BY id DESC LIMIT ?",
        useRef(account), use(n), into(steps), now;
  });
  return steps;
}

}  // namespace membersync::state
