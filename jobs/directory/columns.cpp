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
  const std::string has = table.headerLine > 0 ? "the header has no column"
                          : ldap               ? "no entry has the attribute"
                          : platform           ? "the platform has no field"
                                               : "no item has a key";
  const std::string why = required ? "" : ", which the configuration names explicitly";
  throw ExportError(where + ": " + has + " \"" + column + "\" for " + field +
                    " ([directory] column." + field + ")" + why +
                    "; found: " + listed(table.columns) + ". Fix the export or the setting");
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
  for (const auto& [field, column] : cfg.columns) {
    if (ColumnTemplate::isTemplate(column)) {
      for (const std::string& source : ColumnTemplate::parse(column).sources())
        names.push_back(source);
    } else if (!column.empty()) {
      names.push_back(column);
    }
  }
  return names;
}

}  // namespace membersync::directory
