#include "jobs/directory/export_builder.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/directory/columns.h"
#include "jobs/directory/duplicate_rows.h"
#include "jobs/directory/export_hash.h"
#include "jobs/directory/mobile_number.h"
#include "jobs/directory/row_checks.h"
#include "jobs/directory/utf8.h"

namespace membersync::directory {

namespace {

using i18n::msg;
using Issues = std::vector<i18n::Message>;  // what is wrong with one row, one sentence each

// An LDAP attribute with several values cannot hold a field: the values have no order, so
// picking one would make the field flap between runs.
bool singleValued(const SourceRow& row, const std::string& field, const std::string& column,
                  Issues& issues) {
  const auto multi = row.multi.find(column);
  if (multi == row.multi.end()) return true;
  issues.push_back(msg("{field}: attribute {attribute} has {count} values; a field needs exactly "
                       "one (LDAP values have no order)")
                       .with("field", field)
                       .with("attribute", column)
                       .with("count", static_cast<long long>(multi->second.size())));
  return false;
}

// An LDAP value is bytes: a field must be text (a binary attribute goes through hex or guid).
std::string textOf(const std::string& field, std::string value, Issues& issues) {
  if (!firstInvalidUtf8(value)) return value;
  issues.push_back(msg("{field}: the value is not UTF-8 text; map a text attribute, or use the "
                       "hex or guid filter for a binary one")
                       .with("field", field));
  return withInvalidReplaced(value);
}

// The trimmed cell of `field`, or nullopt when the export does not manage the field or (JSON)
// this object lacks the key. An LDAP entry without the attribute has the empty value: LDAP
// stores no empty values, so removing the attribute is how a directory clears a field.
std::optional<std::string> cellOf(const SourceTable& table, const SourceRow& row,
                                  const FieldColumns& columns, const std::string& field,
                                  Issues& issues) {
  const auto computed = columns.computed.find(field);
  if (computed != columns.computed.end()) {
    for (const std::string& source : computed->second.sources())
      if (!singleValued(row, field, source, issues)) return "";
    const Rendered r =
        computed->second.render([&](std::string_view source) -> std::optional<std::string> {
          const auto cell = row.cells.find(std::string(source));
          if (cell == row.cells.end()) return std::nullopt;
          return cell->second;
        });
    if (r.error) {
      // A partial value (the literal part of "x{objectGUID|guid}") must not pose as a key.
      issues.push_back(msg("{field}: {error}").with("field", field).with("error", *r.error));
      return "";
    }
    return textOf(field, trim(r.value), issues);
  }
  const auto column = columns.byField.find(field);
  if (column == columns.byField.end()) return std::nullopt;
  if (!singleValued(row, field, column->second, issues)) return "";
  const auto cell = row.cells.find(column->second);
  if (cell == row.cells.end())
    return table.kind == SourceKind::Ldap ? std::optional<std::string>("") : std::nullopt;
  return textOf(field, trim(cell->second), issues);
}

bool isActive(const std::string& status, const DirectorySettings& cfg) {
  if (status.empty()) return true;
  const std::string key = lowerAscii(status);
  return std::find(cfg.activeStatus.begin(), cfg.activeStatus.end(), key) != cfg.activeStatus.end();
}

// The row as a person; a template that cannot compute a field for this row adds to `issues`.
Person personOf(const SourceTable& table, const SourceRow& row, const FieldColumns& columns,
                const DirectorySettings& cfg, Issues& issues) {
  auto cell = [&](const char* field) { return cellOf(table, row, columns, field, issues); };
  Person p;
  p.line = row.line;
  p.item = row.item;
  p.employeeId = cell("employee_id").value_or("");
  p.account = cell("account").value_or("");
  p.name = cell("name").value_or("");
  p.department = cell("department").value_or("");
  p.remark = cell("remark");
  // As the center is sent it and the plan compares it: `138-0013-8009` is 13800138009.
  p.mobile = cell("mobile");
  if (p.mobile) p.mobile = mobileAsSent(*p.mobile);
  p.status = cell("status").value_or("");
  p.active = isActive(p.status, cfg);
  p.dn = row.dn;
  // Values that are not text (an LDAP objectGUID) serve templates only, never policy rules.
  for (const auto& [column, value] : row.cells)
    if (!columns.mapped.count(column) && !firstInvalidUtf8(value))
      p.attributes[column] = trim(value);
  p.attributes.shrinkToFit();
  for (const auto& [column, values] : row.multi) {
    if (columns.mapped.count(column)) continue;
    std::vector<std::string> kept;
    for (const std::string& value : values)
      if (!firstInvalidUtf8(value)) kept.push_back(trim(value));
    if (!kept.empty()) p.multiAttributes[column] = std::move(kept);
  }
  return p;
}

// Where the mobile comes from, for a message that says which column to fix.
std::string mobileColumn(const FieldColumns& columns) {
  const auto column = columns.byField.find("mobile");
  return column == columns.byField.end() ? "mobile" : column->second;
}

// The row's problems as one message: "name is empty; .... mobile ..." (". " between them).
i18n::Message sentences(const Issues& parts) {
  i18n::Message out = parts.empty() ? i18n::verbatim("") : parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i)
    out = msg("{sentences}. {sentence}").with("sentences", out).with("sentence", parts[i]);
  return out;
}

// The English of each problem: what the export's hash takes, in every language.
std::vector<std::string> english(const Issues& issues) {
  std::vector<std::string> out;
  out.reserve(issues.size());
  for (const i18n::Message& issue : issues) out.push_back(i18n::english(issue));
  return out;
}

// The other values of a skipped entry's multi-valued key attribute (LDAP): any could be the
// person's, so each is remembered, and whoever it names is never taken for departed, unless a
// valid person holds it (then it is that person's key, planned as usual).
void rememberOtherKeys(Export& hr, const SourceRow& row, const FieldColumns& columns,
                       const std::set<std::string>& validIds,
                       const std::set<std::string>& validAccounts) {
  for (const char* field : {"employee_id", "account"}) {
    const bool isId = std::string(field) == "employee_id";
    const auto column = columns.byField.find(field);
    if (column == columns.byField.end()) continue;
    const auto multi = row.multi.find(column->second);
    if (multi == row.multi.end()) continue;
    for (const std::string& value : multi->second) {
      if (firstInvalidUtf8(value)) continue;
      const std::string key = isId ? trim(value) : lowerAscii(trim(value));
      if (key.empty() || (isId ? validIds : validAccounts).count(key)) continue;
      (isId ? hr.skippedEmployeeIds : hr.skippedAccounts).insert(key);
    }
  }
}

void skip(Export& hr, const Person& p, const Issues& issues, bool sharesAccountOnly) {
  RowProblem problem;
  if (sharesAccountOnly) problem.sharesAccountOnly = std::make_shared<const Person>(p);
  problem.line = p.line;
  problem.item = p.item;
  problem.dn = p.dn;
  problem.employeeId = p.employeeId;
  problem.account = p.account;
  problem.message = sentences(issues);
  hr.problems.push_back(std::move(problem));
  if (!p.employeeId.empty()) hr.skippedEmployeeIds.insert(p.employeeId);
  if (!p.account.empty()) hr.skippedAccounts.insert(lowerAscii(p.account));
}

}  // namespace

Export buildExport(const SourceTable& table, const DirectorySettings& cfg,
                   const std::string& accountSuffix,
                   const std::vector<std::string>& readAttributes) {
  if (table.rows.empty())
    throw ExportError(msg("{file}: no data rows; refusing an empty export, which would make "
                          "everyone look departed. Check the HR export job")
                          .with("file", table.file));
  const FieldColumns columns = mapColumns(table, cfg);
  // The columns this run reads: a cell it cannot use elsewhere in the row is no reason to skip it.
  std::set<std::string> read(columns.mapped.begin(), columns.mapped.end());
  read.insert(readAttributes.begin(), readAttributes.end());
  for (const auto& [field, computed] : columns.computed)
    for (const std::string& source : computed.sources()) read.insert(source);

  std::vector<Person> people;
  std::vector<RowKeys> keys;
  std::vector<Issues> computeIssues(table.rows.size());
  people.reserve(table.rows.size());
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const SourceRow& row = table.rows[i];
    people.push_back(personOf(table, row, columns, cfg, computeIssues[i]));
    keys.push_back(RowKeys{people.back().employeeId, people.back().account, row.line, row.item});
  }
  const auto duplicates = findDuplicates(keys);

  Export hr;
  hr.rowCount = table.rows.size();
  hr.people.reserve(people.size());
  std::vector<std::size_t> skipped;
  ExportHash hash(readAttributes, columns.mapped);
  for (std::size_t i = 0; i < people.size(); ++i) {
    Issues issues;
    for (const SourceRow::Unusable& cell : table.rows[i].unusable)
      if (read.count(cell.column)) issues.push_back(cell.why);
    for (i18n::Message& issue : computeIssues[i]) issues.push_back(std::move(issue));
    for (i18n::Message& issue : checkPerson(people[i], accountSuffix, mobileColumn(columns)))
      issues.push_back(std::move(issue));
    hash.addRow(people[i], table.rows[i], english(issues));
    // Sharing only its account, the row may be its owner's: see keepLinkedRows().
    const bool sharesAccountOnly =
        issues.empty() && duplicates[i].sharesAccount && !duplicates[i].sharesEmployeeId;
    for (const i18n::Message& issue : duplicates[i].messages) issues.push_back(issue);
    if (issues.empty()) {
      hr.people.push_back(std::move(people[i]));
    } else {
      skip(hr, people[i], issues, sharesAccountOnly);
      skipped.push_back(i);
    }
  }
  hr.contentHash = hash.hex();
  if (skipped.empty()) return hr;
  std::set<std::string> validIds, validAccounts;
  for (const Person& p : hr.people) {
    validIds.insert(p.employeeId);
    validAccounts.insert(lowerAscii(p.account));
  }
  for (const std::size_t i : skipped)
    rememberOtherKeys(hr, table.rows[i], columns, validIds, validAccounts);
  return hr;
}

}  // namespace membersync::directory
