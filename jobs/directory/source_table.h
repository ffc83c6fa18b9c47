#pragma once

#include <map>
#include <string>
#include <vector>

// What both export formats are turned into before HR fields are mapped and checked: named
// columns and rows of cells, each row with its place in the file.
namespace membersync::directory {

struct SourceRow {
  int line = 0;  // where the row starts
  int item = 0;  // JSON: 1-based position in the array; CSV: 0
  // Cells by column name, as written (not trimmed). A CSV row has every column; a JSON object
  // has only its own keys (a missing key is absent here; null is "").
  std::map<std::string, std::string> cells;
  // Cells that cannot be used as text (JSON booleans, objects, arrays), as messages.
  std::vector<std::string> unusable;
};

struct SourceTable {
  std::string file;    // as configured, for messages
  int headerLine = 0;  // CSV: the header's line; JSON: 0 (there is no header)
  std::vector<std::string> columns;  // CSV: the header; JSON: every key any object has
  std::vector<SourceRow> rows;
};

}  // namespace membersync::directory
