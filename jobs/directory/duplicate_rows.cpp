#include "jobs/directory/duplicate_rows.h"

#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "jobs/core/text.h"
#include "jobs/directory/describe.h"

namespace membersync::directory {

namespace {

using Groups = std::map<std::string, std::vector<std::size_t>>;  // duplicate key -> its rows

// "line 4, line 9": each place a message of its own, joined as a list is.
i18n::Message otherPlaces(const std::vector<RowKeys>& rows, const std::vector<std::size_t>& group,
                          std::size_t self) {
  std::optional<i18n::Message> out;
  for (std::size_t i : group) {
    if (i == self) continue;
    const i18n::Message place = placeMessage(rows[i].line, rows[i].item);
    out = out ? i18n::msg("{items}, {item}").with("items", *out).with("item", place) : place;
  }
  return out.value_or(i18n::verbatim(""));
}

void report(const std::vector<RowKeys>& rows, const Groups& groups, const i18n::Message& what,
            std::string RowKeys::*key, bool RowDuplicates::*flag, std::vector<RowDuplicates>& out) {
  for (const auto& [value, group] : groups) {
    for (std::size_t i : group) {
      out[i].messages.push_back(
          i18n::msg("{key} \"{value}\" is also at {places}; each person must appear once")
              .with("key", what)
              .with("value", rows[i].*key)
              .with("places", otherPlaces(rows, group, i)));
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
  report(rows, duplicateGroups(employeeIds), i18n::verbatim("employee_id"), &RowKeys::employeeId,
         &RowDuplicates::sharesEmployeeId, out);
  report(rows, duplicateGroups(accounts), i18n::verbatim("account"), &RowKeys::account,
         &RowDuplicates::sharesAccount, out);
  return out;
}

}  // namespace membersync::directory
