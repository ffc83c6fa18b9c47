// Who each plan item is about, as the newest run that planned it saw them: the names, employee
// ids and sources that what needs a person is told with, from the state alone.

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

namespace {

// Rows of item_people waiting to be written, one vector a column (Poco binds them in one go).
struct ItemPeopleRows {
  std::vector<std::string> keys, accounts, hrAccounts, names, employeeIds, sources;

  void add(ItemPerson&& p) {
    keys.push_back(std::move(p.itemKey));
    accounts.push_back(std::move(p.account));
    hrAccounts.push_back(std::move(p.hrAccount));
    names.push_back(std::move(p.name));
    employeeIds.push_back(std::move(p.employeeId));
    sources.push_back(std::move(p.source));
  }
  std::size_t size() const { return keys.size(); }

  void write(Session& s, RunId run, Millis at) {
    if (keys.empty()) return;  // Poco refuses to bind an empty vector
    std::vector<Poco::Int64> runs(keys.size(), run), ats(keys.size(), at);
    s << "INSERT INTO item_people (item_key, account, hr_account, name, employee_id, source,"
         " run_id, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (item_key) DO UPDATE SET"
         " account = excluded.account, hr_account = excluded.hr_account, name = excluded.name,"
         " employee_id = excluded.employee_id, source = excluded.source,"
         " run_id = excluded.run_id, seen_at = excluded.seen_at",
        use(keys), use(accounts), use(hrAccounts), use(names), use(employeeIds), use(sources),
        use(runs), use(ats), now;
    *this = {};
  }
};

}  // namespace

void SqliteStore::recordItemPeople(RunId run, const RecordSource<ItemPerson>& people) {
  const Millis at = wallMillis();
  db_->batch("recording who the items are about", [&](Session& s) {
    detail::requireRun(s, run);
    ItemPeopleRows rows;
    people([&](ItemPerson&& p) {
      rows.add(std::move(p));
      if (rows.size() == detail::kRowsPerStatement) rows.write(s, run, at);
    });
    rows.write(s, run, at);
  });
}

std::vector<ItemPerson> SqliteStore::itemPeople(const std::vector<std::string>& keys,
                                                const std::vector<std::string>& accounts,
                                                const std::vector<std::string>& employeeIds) {
  std::vector<ItemPerson> found;
  db_->guarded("reading who the items are about", [&](Session& s) {
    // In chunks, each one statement on an index: what needs a person may name many (every
    // password waiting after a large first sync).
    constexpr std::size_t kChunk = 500;
    auto each = [&](const std::vector<std::string>& values, const char* column) {
      for (std::size_t from = 0; from < values.size(); from += kChunk) {
        const std::size_t n = std::min(kChunk, values.size() - from);
        std::string sql = std::string("SELECT ") + detail::kItemPersonColumns +
                          " FROM item_people WHERE " + column + " IN (?";
        for (std::size_t i = 1; i < n; ++i) sql += ", ?";
        sql += ")";
        std::vector<ItemPerson> rows;
        Poco::Data::Statement select(s);
        select << sql;
        for (std::size_t i = 0; i < n; ++i) select, useRef(values[from + i]);
        select, into(rows);
        select.execute();
        found.insert(found.end(), rows.begin(), rows.end());
      }
    };
    each(keys, "item_key");
    each(accounts, "account");
    each(employeeIds, "employee_id");
  });
  // The newest run's first: an account or employee id may have had several items.
  std::stable_sort(found.begin(), found.end(),
                   [](const ItemPerson& a, const ItemPerson& b) { return a.runId > b.runId; });
  return found;
}

}  // namespace membersync::state
