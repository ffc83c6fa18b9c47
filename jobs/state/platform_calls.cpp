// An organisation platform's calls by month ([directory] max_calls_month): what DingTalk's
// monthly quota has left, kept across runs.

#include <Poco/Data/Statement.h>

#include "jobs/state/connection.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::recordPlatformCalls(const std::string& month, int calls) {
  db_->guarded("recording the platform's calls", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    s << "INSERT INTO platform_calls (month, calls, last_walk, at) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (month) DO UPDATE SET calls = calls + excluded.calls,"
         " last_walk = excluded.last_walk, at = excluded.at",
        useRef(month), use(calls), use(calls), use(at), now;
  });
}

PlatformCallCount SqliteStore::platformCalls(const std::string& month) {
  PlatformCallCount out;
  db_->guarded("reading the platform's calls", [&](Session& s) {
    int monthCalls = 0, lastWalk = 0;
    s << "SELECT coalesce((SELECT calls FROM platform_calls WHERE month = ?), 0),"
         " coalesce((SELECT last_walk FROM platform_calls ORDER BY at DESC, month DESC LIMIT 1), 0)",
        useRef(month), into(monthCalls), into(lastWalk), now;
    out.month = monthCalls;
    out.lastWalk = lastWalk;
  });
  return out;
}

}  // namespace membersync::state
