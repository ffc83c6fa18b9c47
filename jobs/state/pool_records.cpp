// Each asset rule's counts as each applying run read them: what the console's pool pages chart
// and forecast from.

#include <Poco/Data/Statement.h>

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::recordPoolCounts(RunId run, const std::vector<PoolCount>& counts) {
  if (counts.empty()) return;  // Poco refuses to bind an empty vector
  std::vector<std::string> rules;
  std::vector<Poco::Int64> products, capacity, assigned, free, owned, wanted;
  for (const PoolCount& c : counts) {
    rules.push_back(c.rule);
    products.push_back(c.product ? 1 : 0);
    capacity.push_back(c.capacity);
    assigned.push_back(c.assigned);
    free.push_back(c.free);
    owned.push_back(c.owned);
    wanted.push_back(c.wanted);
  }
  std::vector<Poco::Int64> runs(counts.size(), run), at(counts.size(), wallMillis());
  db_->batch("recording the pool counts", [&](Session& s) {
    detail::requireRun(s, run);
    s << "INSERT INTO pool_counts (run_id, rule, at, product, capacity, assigned, free, owned,"
         " wanted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, rule) DO UPDATE SET"
         " at = excluded.at, product = excluded.product, capacity = excluded.capacity,"
         " assigned = excluded.assigned, free = excluded.free, owned = excluded.owned,"
         " wanted = excluded.wanted",
        use(runs), use(rules), use(at), use(products), use(capacity), use(assigned), use(free),
        use(owned), use(wanted), now;
  });
}

std::vector<PoolRecord> SqliteStore::poolHistory(const std::string& rule, Millis since) {
  std::vector<PoolRecord> records;
  db_->guarded("reading the pool counts", [&](Session& s) {
    Poco::Int64 from = since;
    const std::string select =
        std::string("SELECT ") + detail::kPoolRecordColumns + " FROM pool_counts WHERE ";
    if (rule.empty()) {
      s << select + "at >= ? ORDER BY rule, at, run_id", use(from), into(records), now;
    } else {
      s << select + "rule = ? AND at >= ? ORDER BY at, run_id", useRef(rule), use(from),
          into(records), now;
    }
  });
  return records;
}

}  // namespace membersync::state
