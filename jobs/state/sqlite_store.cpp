#include "jobs/state/sqlite_store.h"

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/schema.h"

namespace membersync::state {

namespace detail {
// entitlement_records.cpp: owned assets, lendings, enrolments and the product cache, into `snap`.
void loadEntitlements(Poco::Data::Session& s, Snapshot& snap);
}  // namespace detail

using namespace Poco::Data::Keywords;
using detail::Connection;

std::unique_ptr<SqliteStore> SqliteStore::open(const std::string& path, Clock& clock,
                                               const SqliteOptions& options) {
  auto db = std::make_unique<Connection>(path, options.busyTimeout);
  detail::migrate(*db);
  return std::unique_ptr<SqliteStore>(new SqliteStore(std::move(db), clock));
}

SqliteStore::SqliteStore(std::unique_ptr<Connection> db, Clock& clock)
    : db_(std::move(db)), clock_(clock) {}

SqliteStore::~SqliteStore() = default;

int SqliteStore::schemaVersion() {
  return detail::latestSchemaVersion();
}

const std::string& SqliteStore::path() const {
  return db_->path();
}

Millis SqliteStore::wallMillis() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(clock_.wallNow().time_since_epoch())
      .count();
}

void SqliteStore::transaction(const std::function<void()>& body) {
  db_->transaction(body);
}

void SqliteStore::readTransaction(const std::function<void()>& body) {
  db_->transaction(body, detail::Connection::Lock::Read);
}

Snapshot SqliteStore::load() {
  Snapshot snap;
  // One read transaction: the planner must not see links of one run and absences of another.
  db_->transaction(
      [&] {
        db_->guarded("loading the state", [&](Poco::Data::Session& s) {
          std::vector<Link> links;
          s << std::string("SELECT ") + detail::kLinkColumns + " FROM links", into(links), now;
          for (auto& l : links) snap.linksByEmployee.emplace(l.employeeId, std::move(l));

          std::vector<Absence> absences;
          s << std::string("SELECT ") + detail::kAbsenceColumns + " FROM absences", into(absences),
              now;
          for (auto& a : absences) snap.absences.emplace(a.employeeId, std::move(a));

          std::vector<ItemRecord> items;
          s << std::string("SELECT ") + detail::kItemColumns + " FROM items", into(items), now;
          for (auto& i : items) snap.items.emplace(i.key, std::move(i));

          std::vector<std::string> hash;
          std::vector<Poco::Int64> rows, at;
          s << "SELECT hash, rows, at FROM good_export WHERE id = 1", into(hash), into(rows),
              into(at), now;
          if (!hash.empty()) snap.lastGoodExport = ExportRecord{hash[0], rows[0], at[0]};

          std::vector<std::string> released;
          s << "SELECT DISTINCT item_key FROM held_items"
               " WHERE released_at IS NOT NULL AND consumed_at IS NULL",
              into(released), now;
          snap.releasedItems.insert(released.begin(), released.end());

          detail::loadEntitlements(s, snap);
        });
      },
      Connection::Lock::Read);
  return snap;
}

}  // namespace membersync::state
