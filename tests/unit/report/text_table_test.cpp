#include "jobs/report/text_table.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "jobs/core/display_width.h"

using membersync::displayWidth;
using membersync::report::TextTable;

namespace {

// The display column at which each line's `n`th cell after the first starts (cells are split by
// runs of two or more spaces, as TextTable separates them; the indent is skipped).
std::vector<std::size_t> cellStarts(const std::string& text, std::size_t n) {
  std::vector<std::size_t> starts;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::size_t cell = 0, at = line.find_first_not_of(' ');
    while (cell < n && at != std::string::npos) {
      const auto gap = line.find("  ", at);
      if (gap == std::string::npos) break;
      at = line.find_first_not_of(' ', gap);
      ++cell;
    }
    starts.push_back(cell == n && at != std::string::npos ? displayWidth(line.substr(0, at)) : 0);
  }
  return starts;
}

}  // namespace

TEST_CASE("text table: columns line up across Latin and Chinese cells", "[report]") {
  TextTable t({"account", "name", "dept"});
  t.addRow({"zhangwei", "张伟", "ENG"});
  t.addRow({"johnsmith", "John Smith", "ENG"});
  std::ostringstream os;
  t.print(os, "");
  CHECK(os.str() ==
        "account    name        dept\n"
        "zhangwei   张伟        ENG\n"
        "johnsmith  John Smith  ENG\n");
}

TEST_CASE("text table: a column of Chinese names lines up with Latin ones", "[report]") {
  TextTable t({"employee", "name", "department", "status"});
  t.addRow({"E1", "张伟", "研发部", "active"});
  t.addRow({"E2", "John Smith", "Engineering", "active"});
  t.addRow({"E3", "欧阳娜娜", "市场部（北京）", "left"});
  t.addRow({"E4", "김민준", "Sales", "active"});
  t.addRow(
      {"E5", "Jose\u0301 Ｌｉ", "ｱｲｳ Ops", "active"});  // combining acute, fullwidth, halfwidth
  t.addRow({"E6", "李", "HR", "active"});
  std::ostringstream os;
  t.print(os);
  // name, department and status start at one display column in every line: after the indent
  // and "employee", "John Smith" (10 columns), "市场部（北京）" (14), each and a gap of two.
  const std::size_t expected[] = {0, 12, 24, 40};
  for (std::size_t column = 1; column <= 3; ++column) {
    const auto starts = cellStarts(os.str(), column);
    REQUIRE(starts.size() == 7);
    CHECK(starts[0] == expected[column]);
    for (std::size_t row = 1; row < starts.size(); ++row) {
      INFO(os.str() << "column " << column << ", line " << row);
      CHECK(starts[row] == starts[0]);
    }
  }
}
