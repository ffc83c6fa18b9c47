// Delivery state of generated passwords. The password itself lives only in the 0600 outbox;
// the database records that one is owed to an account until its add or reset is confirmed, so
// a run that died in between re-delivers instead of losing it.

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::passwordGenerated(const std::string& account, RunId run) {
  db_->guarded("recording a generated password", [&](Session& s) {
    detail::requireRun(s, run);
    Poco::Int64 runId = run;
    Poco::Int64 at = wallMillis();
    s << "INSERT INTO passwords (account, run_id, generated_at) VALUES (?, ?, ?)"
         " ON CONFLICT (account) DO UPDATE SET run_id = excluded.run_id,"
         " generated_at = excluded.generated_at, delivered_at = NULL",
        useRef(account), use(runId), use(at), now;
  });
}

void SqliteStore::passwordDelivered(const std::string& account) {
  db_->guarded("recording a delivered password", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    s << "UPDATE passwords SET delivered_at = ? WHERE account = ? AND delivered_at IS NULL",
        use(at), useRef(account), now;
  });
}

std::vector<PendingPassword> SqliteStore::undeliveredPasswords() {
  std::vector<PendingPassword> pending;
  db_->guarded("reading undelivered passwords", [&](Session& s) {
    s << std::string("SELECT ") + detail::kPasswordColumns +
             " FROM passwords WHERE delivered_at IS NULL ORDER BY generated_at, account",
        into(pending), now;
  });
  return pending;
}

}  // namespace membersync::state
