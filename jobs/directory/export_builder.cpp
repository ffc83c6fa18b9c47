#include "jobs/directory/export_builder.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/directory/columns.h"
#include "jobs/directory/duplicate_rows.h"
#include "jobs/directory/row_checks.h"

namespace membersync::directory {

namespace {

// The trimmed cell of `field`, or nullopt when the export does not manage the field or (JSON)
// this object lacks the key.
std::optional<std::string> cellOf(const SourceRow& row, const FieldColumns& columns,
                                  const std::string& field) {
  const auto column = columns.byField.find(field);
  if (column == columns.byField.end()) return std::nullopt;
  const auto cell = row.cells.find(column->second);
  if (cell == row.cells.end()) return std::nullopt;
  return trim(cell->second);
}

bool isActive(const std::string& status, const DirectorySettings& cfg) {
  if (status.empty()) return true;
  const std::string key = lowerAscii(status);
  return std::find(cfg.activeStatus.begin(), cfg.activeStatus.end(), key) !=
         cfg.activeStatus.end();
}

Person personOf(const SourceRow& row, const FieldColumns& columns,
                const DirectorySettings& cfg) {
  Person p;
  p.line = row.line;
  p.item = row.item;
  p.employeeId = cellOf(row, columns, "employee_id").value_or("");
  p.account = cellOf(row, columns, "account").value_or("");
  p.name = cellOf(row, columns, "name").value_or("");
  p.department = cellOf(row, columns, "department").value_or("");
  p.remark = cellOf(row, columns, "remark");
  p.mobile = cellOf(row, columns, "mobile");
  p.status = cellOf(row, columns, "status").value_or("");
  p.active = isActive(p.status, cfg);
  for (const auto& [column, value] : row.cells)
    if (!columns.mapped.count(column)) p.attributes[column] = trim(value);
  return p;
}

std::string sentences(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : ". ") + part;
  return out;
}

void skip(Export& hr, const Person& p, const std::vector<std::string>& issues) {
  RowProblem problem;
  problem.line = p.line;
  problem.item = p.item;
  problem.employeeId = p.employeeId;
  problem.account = p.account;
  problem.message = sentences(issues);
  hr.problems.push_back(std::move(problem));
  if (!p.employeeId.empty()) hr.skippedEmployeeIds.insert(p.employeeId);
  if (!p.account.empty()) hr.skippedAccounts.insert(lowerAscii(p.account));
}

}  // namespace

Export buildExport(const SourceTable& table, const DirectorySettings& cfg,
                   const std::string& accountSuffix) {
  if (table.rows.empty())
    throw ExportError(table.file +
                      ": no data rows; refusing an empty export, which would make everyone look "
                      "departed. Check the HR export job");
  const FieldColumns columns = mapColumns(table, cfg);

  std::vector<Person> people;
  std::vector<RowKeys> keys;
  people.reserve(table.rows.size());
  for (const SourceRow& row : table.rows) {
    people.push_back(personOf(row, columns, cfg));
    keys.push_back(RowKeys{people.back().employeeId, people.back().account, row.line, row.item});
  }
  const auto duplicates = findDuplicates(keys);

  Export hr;
  hr.rowCount = table.rows.size();
  for (std::size_t i = 0; i < people.size(); ++i) {
    std::vector<std::string> issues = table.rows[i].unusable;
    for (std::string& issue : checkPerson(people[i], accountSuffix)) issues.push_back(issue);
    for (const std::string& issue : duplicates[i]) issues.push_back(issue);
    if (issues.empty()) {
      hr.people.push_back(std::move(people[i]));
    } else {
      skip(hr, people[i], issues);
    }
  }
  return hr;
}

}  // namespace membersync::directory
