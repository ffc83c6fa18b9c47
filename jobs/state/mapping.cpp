// employee_id -> account -> globalId links, and absences: how renames, re-hires and departures
// across exports are seen; and the enterprise they all belong to.

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

std::optional<std::string> SqliteStore::enterprise() {
  std::vector<std::string> found;
  db_->guarded("reading the enterprise the database belongs to", [&](Session& s) {
    s << "SELECT enterprise FROM owner WHERE id = 1", into(found), now;
  });
  if (found.empty()) return std::nullopt;
  return found.front();
}

std::string SqliteStore::claimEnterprise(const std::string& enterprise) {
  if (auto owner = this->enterprise()) return *owner;  // the common case takes no write lock
  std::string owner;
  db_->transaction([&] {
    // Read again under the write lock: another process may have claimed it meanwhile.
    if (auto claimed = this->enterprise()) {
      owner = *claimed;
      return;
    }
    db_->guarded("recording the enterprise the database belongs to", [&](Session& s) {
      Poco::Int64 at = wallMillis();
      s << "INSERT INTO owner (id, enterprise, claimed_at) VALUES (1, ?, ?)", useRef(enterprise),
          use(at), now;
    });
    owner = enterprise;
  });
  return owner;
}

void SqliteStore::saveLink(const Link& link) {
  saveLinks({link});
}

std::int64_t SqliteStore::linkCount() {
  return db_->guarded("counting the links", [](Session& s) {
    Poco::Int64 n = 0;
    s << "SELECT count(*) FROM links", into(n), now;
    return static_cast<std::int64_t>(n);
  });
}

void SqliteStore::saveLinks(const std::vector<Link>& links) {
  if (links.empty()) return;  // Poco refuses to bind an empty vector
  // One statement bound to column vectors, in one transaction: a first sync links thousands of
  // members, and a commit per row would cost a WAL write each.
  std::vector<std::string> employee, account, global;
  std::vector<int> createdByUs;
  std::vector<Poco::Int64> linkedAt;
  const Millis stamp = wallMillis();
  for (const Link& l : links) {
    employee.push_back(l.employeeId);
    account.push_back(l.account);
    global.push_back(l.globalId);
    createdByUs.push_back(l.createdByUs ? 1 : 0);
    linkedAt.push_back(l.linkedAt != 0 ? l.linkedAt : stamp);
  }
  db_->batch("saving links", [&](Session& s) {
    s << "INSERT INTO links (employee_id, account, global_id, created_by_us, linked_at)"
         " VALUES (?, ?, ?, ?, ?)"
         " ON CONFLICT (employee_id) DO UPDATE SET account = excluded.account,"
         " global_id = excluded.global_id, created_by_us = excluded.created_by_us,"
         " linked_at = excluded.linked_at",
        use(employee), use(account), use(global), use(createdByUs), use(linkedAt), now;
  });
}

void SqliteStore::dropLink(const std::string& employeeId) {
  db_->guarded("dropping a link", [&](Session& s) {
    s << "DELETE FROM links WHERE employee_id = ?", useRef(employeeId), now;
    // A field a revert held belongs to this link: a rehire under the same id starts afresh.
    s << "DELETE FROM reverted_fields WHERE employee_id = ?", useRef(employeeId), now;
  });
}

void SqliteStore::saveAbsence(const Absence& absence) {
  db_->guarded("saving an absence", [&](Session& s) {
    Poco::Int64 since = absence.since != 0 ? absence.since : wallMillis();
    int count = absence.distinctExports;
    Poco::Nullable<Poco::Int64> withdrawn;
    if (absence.withdrawnAt) withdrawn = *absence.withdrawnAt;
    s << "INSERT INTO absences (employee_id, distinct_exports, last_export_hash, since,"
         " withdrawn_at) VALUES (?, ?, ?, ?, ?)"
         " ON CONFLICT (employee_id) DO UPDATE SET distinct_exports = excluded.distinct_exports,"
         " last_export_hash = excluded.last_export_hash, since = excluded.since,"
         " withdrawn_at = excluded.withdrawn_at",
        useRef(absence.employeeId), use(count), useRef(absence.lastExportHash), use(since),
        use(withdrawn), now;
  });
}

void SqliteStore::clearAbsence(const std::string& employeeId) {
  db_->guarded("clearing an absence", [&](Session& s) {
    s << "DELETE FROM absences WHERE employee_id = ?", useRef(employeeId), now;
  });
}

}  // namespace membersync::state
