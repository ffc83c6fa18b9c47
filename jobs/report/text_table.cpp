#include "jobs/report/text_table.h"

#include <algorithm>
#include <ostream>

#include "jobs/core/display_width.h"

namespace membersync::report {

TextTable::TextTable(std::vector<std::string> headers) : headers_(std::move(headers)) {}

void TextTable::addRow(std::vector<std::string> cells) {
  rows_.push_back(std::move(cells));
}

void TextTable::print(std::ostream& os, const std::string& indent) const {
  std::size_t columns = headers_.size();
  for (const auto& r : rows_) columns = std::max(columns, r.size());
  std::vector<std::size_t> widths(columns, 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], displayWidth(row[c]));
  };
  measure(headers_);
  for (const auto& r : rows_) measure(r);

  auto printRow = [&](const std::vector<std::string>& row) {
    std::string line = indent;
    for (std::size_t c = 0; c < columns; ++c) {
      const std::string cell = c < row.size() ? row[c] : "";
      line += cell;
      if (c + 1 < columns) line += std::string(widths[c] - displayWidth(cell) + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    os << line << "\n";
  };
  printRow(headers_);
  for (const auto& r : rows_) printRow(r);
}

}  // namespace membersync::report
