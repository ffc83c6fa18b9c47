#include "jobs/directory/csv_source.h"

#include <map>

#include "jobs/core/text.h"
#include "jobs/directory/csv_table.h"
#include "jobs/directory/person.h"

namespace membersync::directory {

namespace {

std::vector<std::string> headerNames(const CsvTable& table, const std::string& file) {
  std::vector<std::string> names;
  std::map<std::string, std::size_t> seen;  // name -> 1-based column
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    const std::string name = trim(table.header[i]);
    const std::string column = std::to_string(i + 1);
    if (name.empty())
      throw ExportError(i18n::msg("{file}:{line}: column {column} of the header has no name; name "
                                  "it or remove the column")
                            .with("file", file)
                            .with("line", table.headerLine)
                            .with("column", column));
    const auto [it, fresh] = seen.emplace(name, i + 1);
    if (!fresh)
      throw ExportError(i18n::msg("{file}:{line}: the header names column \"{name}\" twice "
                                  "(columns {first} and {second}); every column needs its own name")
                            .with("file", file)
                            .with("line", table.headerLine)
                            .with("name", name)
                            .with("first", static_cast<long long>(it->second))
                            .with("second", column));
    names.push_back(name);
  }
  return names;
}

}  // namespace

SourceTable csvSource(std::string_view bytes, char delimiter, const std::string& fileName) {
  CsvTable csv = parseCsv(bytes, delimiter, fileName);
  SourceTable table;
  table.file = fileName;
  table.headerLine = csv.headerLine;
  table.columns = headerNames(csv, fileName);
  table.rows.reserve(csv.records.size());
  for (CsvRecord& record : csv.records) {
    SourceRow row;
    row.line = record.line;
    for (std::size_t i = 0; i < record.fields.size(); ++i)
      row.cells.emplace(table.columns[i], std::move(record.fields[i]));
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace membersync::directory
