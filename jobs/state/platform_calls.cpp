// An organisation platform's calls by month ([directory] max_calls_month): what DingTalk's
// monthly quota has left, kept across runs.

#include <Poco/Data/Statement.h>

#include "jobs/state/connection.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

// A failed walk's row keeps last_walk 0 (a new month's) or as it was: a part of a walk is not
// what the next one costs.
void SqliteStore::recordPlatformCalls(const std::string& month, int calls, bool wholeWalk) {
  db_->guarded("recording the platform's calls", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    int lastWalk = wholeWalk ? calls : 0;
    s << "INSERT INTO platform_calls (month, calls, last_walk, at) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (month) DO UPDATE SET calls = calls + excluded.calls,"
         " last_walk = CASE WHEN excluded.last_walk > 0 THEN excluded.last_walk ELSE last_walk END,"
         " at = CASE WHEN excluded.last_walk > 0 THEN excluded.at ELSE at END",
        useRef(month), use(calls), use(lastWalk), use(at), now;
  });
}

PlatformCallCount SqliteStore::platformCalls(const std::string& month) {
  PlatformCallCount out;
  db_->guarded("reading the platform's calls", [&](Session& s) {
    int monthCalls = 0, lastWalk = 0;
    s << "SELECT coalesce((SELECT calls FROM platform_calls WHERE month = ?), 0),"
         " coalesce((SELECT last_walk FROM platform_calls WHERE last_walk > 0"
         " ORDER BY at DESC, month DESC LIMIT 1), 0)",
        useRef(month), into(monthCalls), into(lastWalk), now;
    out.month = monthCalls;
    out.lastWalk = lastWalk;
  });
  return out;
}

}  // namespace membersync::state
