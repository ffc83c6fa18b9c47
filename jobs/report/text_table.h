#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace membersync::report {

// A plain-text table whose columns are as wide as their widest cell, measured in terminal
// columns (membersync::displayWidth: a CJK character takes two, a combining mark none), so
// Chinese names line up with Latin ones.
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> headers);

  void addRow(std::vector<std::string> cells);  // missing cells print empty; extra ones are kept
  bool empty() const { return rows_.empty(); }
  void print(std::ostream& os, const std::string& indent = "  ") const;

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace membersync::report
