#include "jobs/directory/duplicate_rows.h"

#include <map>

#include "jobs/core/text.h"
#include "jobs/directory/describe.h"

namespace membersync::directory {

namespace {

using Groups = std::map<std::string, std::vector<std::size_t>>;  // key -> row indices

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
            std::string RowKeys::*key, std::vector<std::vector<std::string>>& out) {
  for (const auto& [value, group] : groups) {
    if (group.size() < 2) continue;
    for (std::size_t i : group)
      out[i].push_back(what + " \"" + rows[i].*key + "\" is also at " +
                       otherPlaces(rows, group, i) + "; each person must appear once");
  }
}

}  // namespace

std::vector<std::vector<std::string>> findDuplicates(const std::vector<RowKeys>& rows) {
  Groups byEmployeeId, byAccount;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].employeeId.empty()) byEmployeeId[rows[i].employeeId].push_back(i);
    if (!rows[i].account.empty()) byAccount[lowerAscii(rows[i].account)].push_back(i);
  }
  std::vector<std::vector<std::string>> out(rows.size());
  report(rows, byEmployeeId, "employee_id", &RowKeys::employeeId, out);
  report(rows, byAccount, "account", &RowKeys::account, out);
  return out;
}

}  // namespace membersync::directory
