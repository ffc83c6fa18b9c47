// The entitlement side of the state: asset numbers membersync assigned (A9), lendings it made
// (A10), how enrolments (B1) ended, the A7 product cache, the problems each run reported, and
// the fields reverts set back.

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

std::string enrolmentKey(const std::string& employeeId, const std::string& rule) {
  return employeeId + "|" + rule;
}

void SqliteStore::saveOwnedAsset(const OwnedAsset& a) {
  db_->guarded("recording an assigned asset", [&](Session& s) {
    Poco::Int64 at = a.assignedAt != 0 ? a.assignedAt : wallMillis();
    s << "INSERT INTO owned_assets (asset_num, global_id, rule, assigned_at) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (asset_num) DO UPDATE SET global_id = excluded.global_id,"
         " rule = excluded.rule, assigned_at = excluded.assigned_at",
        useRef(a.assetNum), useRef(a.globalId), useRef(a.rule), use(at), now;
  });
}

void SqliteStore::dropOwnedAsset(const std::string& assetNum) {
  db_->guarded("forgetting an assigned asset", [&](Session& s) {
    s << "DELETE FROM owned_assets WHERE asset_num = ?", useRef(assetNum), now;
  });
}

void SqliteStore::saveLending(const Lending& l) {
  db_->guarded("recording a lending", [&](Session& s) {
    Poco::Int64 at = l.lentAt != 0 ? l.lentAt : wallMillis();
    s << "INSERT INTO lendings (global_id, lock_number, rule, lent_at) VALUES (?, ?, ?, ?)"
         " ON CONFLICT (global_id) DO UPDATE SET lock_number = excluded.lock_number,"
         " rule = excluded.rule, lent_at = excluded.lent_at",
        useRef(l.globalId), useRef(l.lockNumber), useRef(l.rule), use(at), now;
  });
}

void SqliteStore::dropLending(const std::string& globalId) {
  db_->guarded("forgetting a lending", [&](Session& s) {
    s << "DELETE FROM lendings WHERE global_id = ?", useRef(globalId), now;
  });
}

void SqliteStore::saveEnrolment(const Enrolment& e) {
  db_->guarded("recording an enrolment", [&](Session& s) {
    std::string status = toString(e.status);
    Poco::Int64 at = e.at != 0 ? e.at : wallMillis();
    s << "INSERT INTO enrolments (employee_id, rule, activity_label, status, input_hash,"
         " products_json, message, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
         " ON CONFLICT (employee_id, rule) DO UPDATE SET"
         " activity_label = excluded.activity_label, status = excluded.status,"
         " input_hash = excluded.input_hash, products_json = excluded.products_json,"
         " message = excluded.message, at = excluded.at",
        useRef(e.employeeId), useRef(e.rule), useRef(e.activityLabel), use(status),
        useRef(e.inputHash), useRef(e.productsJson), useRef(e.message), use(at), now;
  });
}

std::map<std::string, Enrolment> SqliteStore::enrolmentsNotEnrolled() {
  std::map<std::string, Enrolment> out;
  db_->guarded("reading the enrolments that granted nothing", [&](Session& s) {
    std::vector<Enrolment> rows;
    std::string enrolled = toString(EnrolmentStatus::Enrolled);
    s << std::string("SELECT ") + detail::kEnrolmentColumns + " FROM enrolments WHERE status <> ?",
        use(enrolled), into(rows), now;
    for (auto& e : rows) out.emplace(enrolmentKey(e.employeeId, e.rule), std::move(e));
  });
  return out;
}

void SqliteStore::saveProductCache(const ProductCacheEntry& entry) {
  saveProductCaches({entry});
}

void SqliteStore::saveProductCaches(const std::vector<ProductCacheEntry>& entries) {
  if (entries.empty()) return;  // Poco refuses to bind an empty vector
  // Column vectors for both tables, bound once each: thousands of assets in one commit.
  std::vector<std::string> ids;
  std::vector<Poco::Int64> fetched;
  std::vector<std::string> uriAsset, uris;
  std::vector<int> positions;
  const Millis stamp = wallMillis();
  for (const ProductCacheEntry& e : entries) {
    ids.push_back(e.assetId);
    fetched.push_back(e.fetchedAt != 0 ? e.fetchedAt : stamp);
    for (std::size_t i = 0; i < e.productUris.size(); ++i) {
      uriAsset.push_back(e.assetId);
      positions.push_back(static_cast<int>(i));
      uris.push_back(e.productUris[i]);
    }
  }
  db_->batch("caching product trees", [&](Session& s) {
    s << "INSERT INTO product_cache (asset_id, fetched_at) VALUES (?, ?)"
         " ON CONFLICT (asset_id) DO UPDATE SET fetched_at = excluded.fetched_at",
        use(ids), use(fetched), now;
    s << "DELETE FROM product_cache_uris WHERE asset_id = ?", use(ids), now;
    if (!uris.empty()) {
      s << "INSERT OR REPLACE INTO product_cache_uris (asset_id, position, product_uri)"
           " VALUES (?, ?, ?)",
          use(uriAsset), use(positions), use(uris), now;
    }
  });
}

void SqliteStore::recordProblems(RunId run, const std::vector<RunProblem>& problems) {
  if (problems.empty()) return;
  std::vector<Poco::Int64> runs(problems.size(), run);
  std::vector<std::string> keys, messages;
  for (const RunProblem& p : problems) {
    keys.push_back(p.key);
    messages.push_back(p.message);
  }
  db_->batch("recording a run's problems", [&](Session& s) {
    detail::requireRun(s, run);
    s << "INSERT INTO run_problems (run_id, item_key, message) VALUES (?, ?, ?)"
         " ON CONFLICT (run_id, item_key) DO UPDATE SET message = excluded.message",
        use(runs), use(keys), use(messages), now;
  });
}

std::vector<RunProblem> SqliteStore::problemsOfRun(RunId run) {
  std::vector<RunProblem> problems;
  db_->guarded("reading a run's problems", [&](Session& s) {
    Poco::Int64 id = run;
    s << std::string("SELECT ") + detail::kRunProblemColumns +
             " FROM run_problems WHERE run_id = ? ORDER BY item_key",
        use(id), into(problems), now;
  });
  return problems;
}

void SqliteStore::saveRevertedField(const RevertedField& f) {
  db_->guarded("recording a reverted field", [&](Session& s) {
    Poco::Int64 run = f.revertedRun;
    Poco::Int64 at = f.at != 0 ? f.at : wallMillis();
    s << "INSERT INTO reverted_fields (employee_id, field, value, reverted_run, at)"
         " VALUES (?, ?, ?, ?, ?) ON CONFLICT (employee_id, field) DO UPDATE SET"
         " value = excluded.value, reverted_run = excluded.reverted_run, at = excluded.at",
        useRef(f.employeeId), useRef(f.field), useRef(f.value), use(run), use(at), now;
  });
}

void SqliteStore::dropRevertedField(const std::string& employeeId, const std::string& field) {
  db_->guarded("forgetting a reverted field", [&](Session& s) {
    s << "DELETE FROM reverted_fields WHERE employee_id = ? AND field = ?", useRef(employeeId),
        useRef(field), now;
  });
}

namespace detail {

// Reads the entitlement tables into `snap`; called inside load()'s read transaction.
void loadEntitlements(Session& s, Snapshot& snap) {
  std::vector<OwnedAsset> owned;
  s << std::string("SELECT ") + kOwnedAssetColumns + " FROM owned_assets", into(owned), now;
  for (auto& a : owned) snap.ownedAssets.emplace(a.assetNum, std::move(a));

  std::vector<Lending> lendings;
  s << std::string("SELECT ") + kLendingColumns + " FROM lendings", into(lendings), now;
  for (auto& l : lendings) snap.lendings.emplace(l.globalId, std::move(l));

  std::vector<Enrolment> enrolments;
  s << std::string("SELECT ") + kEnrolmentColumns + " FROM enrolments", into(enrolments), now;
  for (auto& e : enrolments) snap.enrolments.emplace(enrolmentKey(e.employeeId, e.rule), std::move(e));

  std::vector<std::string> ids;
  std::vector<Poco::Int64> fetched;
  s << "SELECT asset_id, fetched_at FROM product_cache", into(ids), into(fetched), now;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    snap.productCache[ids[i]] = ProductCacheEntry{ids[i], {}, fetched[i]};
  }
  std::vector<std::string> revEmployee, revField, revValue;
  std::vector<Poco::Int64> revRun, revAt;
  s << "SELECT employee_id, field, value, reverted_run, at FROM reverted_fields",
      into(revEmployee), into(revField), into(revValue), into(revRun), into(revAt), now;
  for (std::size_t i = 0; i < revEmployee.size(); ++i) {
    snap.revertedFields[revertedFieldKey(revEmployee[i], revField[i])] =
        RevertedField{revEmployee[i], revField[i], revValue[i], revRun[i], revAt[i]};
  }

  std::vector<std::string> uriAsset, uris;
  s << "SELECT asset_id, product_uri FROM product_cache_uris ORDER BY asset_id, position",
      into(uriAsset), into(uris), now;
  for (std::size_t i = 0; i < uris.size(); ++i) {
    auto entry = snap.productCache.find(uriAsset[i]);
    if (entry != snap.productCache.end()) entry->second.productUris.push_back(std::move(uris[i]));
  }
}

}  // namespace detail

}  // namespace membersync::state
