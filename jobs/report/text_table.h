#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace membersync::report {

// A plain-text table whose columns are as wide as their widest cell, measured in terminal
// columns: a CJK character takes two, so Chinese names line up with Latin ones.
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

// Terminal columns `utf8` takes: 2 for East Asian wide characters, 1 for others. Invalid UTF-8
// bytes count 1 each.
std::size_t displayWidth(const std::string& utf8);

}  // namespace membersync::report
