#include "jobs/directory/columns.h"

#include <algorithm>

#include "jobs/directory/person.h"

namespace membersync::directory {

namespace {

bool isRequired(const std::string& field) {
  return field == "employee_id" || field == "account" || field == "name";
}

std::string columnFor(const DirectorySettings& cfg, const std::string& field) {
  const auto it = cfg.columns.find(field);
  return it == cfg.columns.end() || it->second.empty() ? field : it->second;
}

std::string listed(const std::vector<std::string>& columns) {
  std::string out;
  for (const std::string& c : columns) out += (out.empty() ? "" : ", ") + c;
  return out.empty() ? "(none)" : out;
}

[[noreturn]] void missing(const SourceTable& table, const std::string& field,
                          const std::string& column, bool required) {
  const std::string where =
      table.headerLine > 0 ? table.file + ":" + std::to_string(table.headerLine) : table.file;
  const bool ldap = table.kind == SourceKind::Ldap;
  const bool platform = table.kind == SourceKind::Platform;
  // Each case a sentence of its own, so that a translation can order it as it needs.
  i18n::Message m =
      table.headerLine > 0
          ? (required ? i18n::msg("{where}: the header has no column \"{column}\" for {field} "
                                  "([directory] column.{field}); found: {found}. Fix the export "
                                  "or the setting")
                      : i18n::msg("{where}: the header has no column \"{column}\" for {field} "
                                  "([directory] column.{field}), which the configuration names "
                                  "explicitly; found: {found}. Fix the export or the setting"))
      : ldap ? (required ? i18n::msg("{where}: no entry has the attribute \"{column}\" for "
                                     "{field} ([directory] column.{field}); found: {found}. Fix "
                                     "the export or the setting")
                         : i18n::msg("{where}: no entry has the attribute \"{column}\" for "
                                     "{field} ([directory] column.{field}), which the "
                                     "configuration names explicitly; found: {found}. Fix the "
                                     "export or the setting"))
      : platform
          ? (required ? i18n::msg("{where}: the platform has no field \"{column}\" for {field} "
                                  "([directory] column.{field}); found: {found}. Fix the export "
                                  "or the setting")
                      : i18n::msg("{where}: the platform has no field \"{column}\" for {field} "
                                  "([directory] column.{field}), which the configuration names "
                                  "explicitly; found: {found}. Fix the export or the setting"))
          : (required ? i18n::msg("{where}: no item has a key \"{column}\" for {field} "
                                  "([directory] column.{field}); found: {found}. Fix the export "
                                  "or the setting")
                      : i18n::msg("{where}: no item has a key \"{column}\" for {field} "
                                  "([directory] column.{field}), which the configuration names "
                                  "explicitly; found: {found}. Fix the export or the setting"));
  const std::string found = listed(table.columns);
  throw ExportError(
      m.with("where", where)
          .with("column", column)
          .with("field", field)
          .with("found", found == "(none)" ? i18n::msg("(none)") : i18n::verbatim(found)));
}

}  // namespace

FieldColumns mapColumns(const SourceTable& table, const DirectorySettings& cfg) {
  FieldColumns out;
  for (const std::string& field : DirectorySettings::fields()) {
    const std::string column = columnFor(cfg, field);
    if (ColumnTemplate::isTemplate(column)) {
      ColumnTemplate computed = ColumnTemplate::parse(column);  // checked at load already
      for (const std::string& source : computed.sources()) {
        const bool present =
            std::find(table.columns.begin(), table.columns.end(), source) != table.columns.end();
        if (!present && table.headerLine > 0) missing(table, field, source, true);
      }
      out.computed.emplace(field, std::move(computed));
      continue;
    }
    const bool present =
        std::find(table.columns.begin(), table.columns.end(), column) != table.columns.end();
    if (present) {
      out.byField[field] = column;
      out.mapped.insert(column);
    } else if (!isRequired(field) && column != field && table.kind == SourceKind::Ldap) {
      // Named explicitly, but no entry has it today: LDAP has no empty values, so nobody
      // having the attribute is every entry's value being empty.
      out.byField[field] = column;
      out.mapped.insert(column);
    } else if (isRequired(field) || column != field) {
      missing(table, field, column, isRequired(field));
    }
  }
  return out;
}

std::vector<std::string> namedSources(const DirectorySettings& cfg,
                                      const std::vector<std::string>& alsoNeeded) {
  std::vector<std::string> names = alsoNeeded;
  for (const std::string& field : DirectorySettings::fields()) {
    const std::string column = columnFor(cfg, field);
    if (ColumnTemplate::isTemplate(column)) {
      for (const std::string& source : ColumnTemplate::parse(column).sources())
        names.push_back(source);
    } else {
      names.push_back(column);
    }
  }
  return names;
}

}  // namespace membersync::directory
