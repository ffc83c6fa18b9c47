// Who each plan item is about, as the newest run that planned it saw them: the names, employee
// ids and sources that what needs a person is told with, from the state alone.

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::recordItemPeople(RunId run, const std::vector<ItemPerson>& people) {
  if (people.empty()) return;  // Poco refuses to bind an empty vector
  std::vector<std::string> keys, accounts, hrAccounts, names, employeeIds, sources;
  for (const ItemPerson& p : people) {
    keys.push_back(p.itemKey);
    accounts.push_back(p.account);
    hrAccounts.push_back(p.hrAccount);
    names.push_back(p.name);
    employeeIds.push_back(p.employeeId);
    sources.push_back(p.source);
  }
  std::vector<Poco::Int64> runs(people.size(), run), at(people.size(), wallMillis());
  db_->batch("recording who the items are about", [&](Session& s) {
    detail::requireRun(s, run);
    s << "INSERT INTO item_people (item_key, account, hr_account, name, employee_id, source,"
         " run_id, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (item_key) DO UPDATE SET"
         " account = excluded.account, hr_account = excluded.hr_account, name = excluded.name,"
         " employee_id = excluded.employee_id, source = excluded.source,"
         " run_id = excluded.run_id, seen_at = excluded.seen_at",
        use(keys), use(accounts), use(hrAccounts), use(names), use(employeeIds), use(sources),
        use(runs), use(at), now;
  });
}

std::vector<ItemPerson> SqliteStore::itemPeople(const std::vector<std::string>& keys,
                                                const std::vector<std::string>& accounts,
                                                const std::vector<std::string>& employeeIds) {
  std::vector<ItemPerson> found;
  db_->guarded("reading who the items are about", [&](Session& s) {
    const std::string select = std::string("SELECT ") + detail::kItemPersonColumns +
                               " FROM item_people WHERE ";
    // A few dozen look-ups at most (what needs a person), each by an index.
    auto each = [&](const std::vector<std::string>& values, const char* column) {
      for (const auto& value : values) {
        std::vector<ItemPerson> rows;
        std::string v = value;
        s << select + column + " = ? ORDER BY run_id DESC, item_key", use(v), into(rows), now;
        found.insert(found.end(), rows.begin(), rows.end());
      }
    };
    each(keys, "item_key");
    each(accounts, "account");
    each(employeeIds, "employee_id");
  });
  return found;
}

}  // namespace membersync::state
