// The audit of the console and of releases: who signed in, approved or changed a console user.
// Kept for [console] audit_days, apart from the runs.

#include <Poco/Data/Statement.h>
#include <Poco/Tuple.h>

#include <stdexcept>
#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

namespace {

constexpr Millis kAuditDay = 24LL * 60 * 60 * 1000;

using AuditRow = Poco::Tuple<Poco::Int64, Poco::Int64, std::string, std::string, std::string,
                             Poco::Int64, std::string>;
constexpr const char* kAuditColumns = "id, at, actor, address, action, run, detail";

std::vector<AuditEntry> entriesOf(const std::vector<AuditRow>& rows) {
  std::vector<AuditEntry> out;
  out.reserve(rows.size());
  for (const auto& r : rows)
    out.push_back(AuditEntry{r.get<0>(), r.get<1>(), r.get<2>(), r.get<3>(), r.get<4>(), r.get<5>(),
                             r.get<6>()});
  return out;
}

}  // namespace

void SqliteStore::recordAudit(const AuditEntry& e) {
  db_->guarded("recording an audit entry", [&](Session& s) {
    Poco::Int64 at = e.at != 0 ? e.at : wallMillis();
    Poco::Int64 run = e.run;
    s << "INSERT INTO audit (at, actor, address, action, run, detail) VALUES (?, ?, ?, ?, ?, ?)",
        use(at), useRef(e.actor), useRef(e.address), useRef(e.action), use(run), useRef(e.detail),
        now;
  });
}

std::vector<AuditEntry> SqliteStore::auditOfRun(RunId run) {
  std::vector<AuditRow> rows;
  db_->guarded("reading the audit of a run", [&](Session& s) {
    Poco::Int64 id = run;
    s << std::string("SELECT ") + kAuditColumns + " FROM audit WHERE run = ? ORDER BY id", use(id),
        into(rows), now;
  });
  return entriesOf(rows);
}

std::vector<AuditEntry> SqliteStore::recentAudit(int limit) {
  std::vector<AuditRow> rows;
  db_->guarded("reading the audit", [&](Session& s) {
    s << std::string("SELECT ") + kAuditColumns + " FROM audit ORDER BY id DESC LIMIT ?",
        use(limit), into(rows), now;
  });
  return entriesOf(rows);
}

int SqliteStore::purgeAudit(int keepDays) {
  if (keepDays < 1) throw std::invalid_argument("audit_days must be at least 1");
  return db_->guarded("purging old audit entries", [&](Session& s) {
    Poco::Int64 cutoff = wallMillis() - keepDays * kAuditDay;
    Poco::Data::Statement purge(s);
    purge << "DELETE FROM audit WHERE at < ?", use(cutoff);
    return static_cast<int>(purge.execute());
  });
}

}  // namespace membersync::state
