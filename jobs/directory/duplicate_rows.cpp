#include "jobs/directory/duplicate_rows.h"

#include <map>
#include <string_view>
#include <unordered_map>

#include "jobs/core/text.h"
#include "jobs/directory/describe.h"

namespace membersync::directory {

namespace {

using Groups = std::map<std::string, std::vector<std::size_t>>;  // duplicate key -> its rows

std::string otherPlaces(const std::vector<RowKeys>& rows, const std::vector<std::size_t>& group,
                        std::size_t self) {
  std::string out;
  for (std::size_t i : group) {
    if (i == self) continue;
    out += (out.empty() ? "" : ", ") + placeOf(rows[i].line, rows[i].item);
  }
  return out;
}

void report(const std::vector<RowKeys>& rows, const Groups& groups, const std::string& what,
            std::string RowKeys::*key, bool RowDuplicates::*flag, std::vector<RowDuplicates>& out) {
  for (const auto& [value, group] : groups) {
    for (std::size_t i : group) {
      out[i].messages.push_back(what + " \"" + rows[i].*key + "\" is also at " +
                                otherPlaces(rows, group, i) + "; each person must appear once");
      out[i].*flag = true;
    }
  }
}

// The rows that share a key, for the keys held by two rows or more: one hash lookup per row, and
// a group only for a duplicate (an export of 10,000 people usually has none).
Groups duplicateGroups(const std::vector<std::string_view>& keys) {
  std::unordered_map<std::string_view, std::size_t> firstRow;
  firstRow.reserve(keys.size());
  Groups groups;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].empty()) continue;
    const auto [first, fresh] = firstRow.emplace(keys[i], i);
    if (fresh) continue;
    std::vector<std::size_t>& group = groups[std::string(keys[i])];
    if (group.empty()) group.push_back(first->second);
    group.push_back(i);
  }
  return groups;
}

}  // namespace

std::vector<RowDuplicates> findDuplicates(const std::vector<RowKeys>& rows) {
  std::vector<std::string> lowered;  // the accounts compared case-insensitively
  lowered.reserve(rows.size());
  std::vector<std::string_view> employeeIds, accounts;
  for (const RowKeys& row : rows) {
    employeeIds.push_back(row.employeeId);
    lowered.push_back(lowerAscii(row.account));
  }
  accounts.assign(lowered.begin(), lowered.end());
  std::vector<RowDuplicates> out(rows.size());
  report(rows, duplicateGroups(employeeIds), "employee_id", &RowKeys::employeeId,
         &RowDuplicates::sharesEmployeeId, out);
  report(rows, duplicateGroups(accounts), "account", &RowKeys::account,
         &RowDuplicates::sharesAccount, out);
  return out;
}

}  // namespace membersync::directory
