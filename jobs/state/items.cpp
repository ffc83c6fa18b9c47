// Item history (how each planned item last ended, for retries and `status`) and the last good
// export (the min_export_ratio guard's reference).

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::saveItem(const ItemRecord& r) {
  db_->guarded("saving an item's history", [&](Session& s) {
    std::string status = toString(r.status);
    int attempts = r.attempts;
    Poco::Int64 next = r.nextAttemptAt;
    Poco::Int64 updated = r.updatedAt != 0 ? r.updatedAt : wallMillis();
    s << "INSERT INTO items (key, status, attempts, next_attempt_at, input_hash, code, message,"
         " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
         " ON CONFLICT (key) DO UPDATE SET status = excluded.status,"
         " attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at,"
         " input_hash = excluded.input_hash, code = excluded.code, message = excluded.message,"
         " updated_at = excluded.updated_at",
        useRef(r.key), use(status), use(attempts), use(next), useRef(r.inputHash), useRef(r.code),
        useRef(r.message), use(updated), now;
  });
}

void SqliteStore::clearItem(const std::string& key) {
  clearItems({key});
}

void SqliteStore::clearItems(const std::vector<std::string>& keys) {
  if (keys.empty()) return;  // Poco refuses to bind an empty vector
  std::vector<std::string> bound = keys;  // use() binds a vector; useRef() cannot
  db_->batch("clearing items' history",
             [&](Session& s) { s << "DELETE FROM items WHERE key = ?", use(bound), now; });
}

std::vector<ItemRecord> SqliteStore::openItems() {
  std::vector<ItemRecord> items;
  db_->guarded("reading pending and failed items", [&](Session& s) {
    s << std::string("SELECT ") + detail::kItemColumns +
             " FROM items WHERE status <> 'succeeded' ORDER BY key",
        into(items), now;
  });
  return items;
}

void SqliteStore::recordGoodExport(const ExportRecord& record) {
  db_->guarded("recording the last good export", [&](Session& s) {
    Poco::Int64 rows = record.rows;
    Poco::Int64 at = record.at != 0 ? record.at : wallMillis();
    s << "INSERT INTO good_export (id, hash, rows, at) VALUES (1, ?, ?, ?)"
         " ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, rows = excluded.rows,"
         " at = excluded.at",
        useRef(record.hash), use(rows), use(at), now;
  });
}

}  // namespace membersync::state
