#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "jobs/directory/column_template.h"
#include "jobs/directory/directory_settings.h"
#include "jobs/directory/source_table.h"

namespace membersync::directory {

// Which column holds each HR field in this export.
struct FieldColumns {
  std::map<std::string, std::string> byField;  // field -> column, only fields the export has
  std::set<std::string> mapped;                // columns that hold a field (not attributes)
  // field -> the template that computes it (`column.<field>` with a `{`); its sources stay
  // attributes, for policy rules.
  std::map<std::string, ColumnTemplate> computed;

  bool has(const std::string& field) const {
    return byField.count(field) != 0 || computed.count(field) != 0;
  }
};

// Maps the fields of DirectorySettings::fields() to the table's columns through `cfg.columns`
// (a field missing there defaults to its own name). employee_id, account and name are required.
// An optional field (department, remark, mobile, status) whose column the export lacks is left
// unmanaged, unless the configuration named a column for it explicitly (a name other than the
// field's own): then the export was meant to have it, and its absence is an error (but in LDAP,
// where an empty value is an absent attribute, it is empty for every entry). A template
// computes its field from its sources: in a CSV export each must be a column of the header;
// in JSON a key an object lacks is empty. Throws ExportError naming the file, the column and
// the `[directory] column.<field>` key.
FieldColumns mapColumns(const SourceTable& table, const DirectorySettings& cfg);

// The columns the configuration names (each field's column, each template's sources) and
// `alsoNeeded` (the policy's attributes, the mail column), repeats kept: what a read must
// have. LDAP requests only these; a platform's walk refuses to go on without one it withheld.
std::vector<std::string> namedSources(const DirectorySettings& cfg,
                                      const std::vector<std::string>& alsoNeeded);

}  // namespace membersync::directory
