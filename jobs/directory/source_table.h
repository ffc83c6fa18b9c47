#pragma once

#include <map>
#include <string>
#include <vector>

#include "jobs/i18n/message.h"

// What every source (CSV, JSON, LDAP) is turned into before HR fields are mapped and checked: named
// columns and rows of cells, each row with its place in the file.
namespace membersync::directory {

struct SourceRow {
  int line = 0;  // where the row starts
  int item = 0;  // JSON: 1-based position in the array; CSV: 0
  std::string
      dn;  // LDAP: the entry's distinguished name; Platform: "userid=<id>" (line and item are 0)
  // Cells by column name, as written (not trimmed). A CSV row has every column; a JSON object
  // has only its own keys (a missing key is absent here; null is "").
  std::map<std::string, std::string> cells;
  // LDAP: attributes with several values (memberOf), every value; they are not in `cells`.
  // LDAP values have no order, so such an attribute cannot hold a field.
  std::map<std::string, std::vector<std::string>> multi;
  // Cells that cannot be used as text (JSON booleans, objects, arrays; a workbook's error cells
  // such as #N/A), with why. Only a column the run reads makes the row invalid.
  struct Unusable {
    std::string column;
    i18n::Message why;
  };
  std::vector<Unusable> unusable;
};

// Platform: an organisation platform's walk (DingTalk, WeCom, Feishu; platform/platform_walk.h).
enum class SourceKind { Csv, Json, Ldap, Xlsx, Platform };

struct SourceTable {
  SourceKind kind = SourceKind::Csv;
  std::string file;    // as configured, for messages (LDAP: the URL and base DN)
  std::string sheet;   // a workbook's sheet (file names it too); empty for the other sources
  int headerLine = 0;  // CSV: the header's line; JSON: 0 (there is no header)
  // CSV: the header; JSON: every key any object has; LDAP: every attribute any entry has
  std::vector<std::string> columns;
  std::vector<SourceRow> rows;
};

}  // namespace membersync::directory
