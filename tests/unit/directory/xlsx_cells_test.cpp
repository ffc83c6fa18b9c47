// How stored cell values become what Excel shows (xlsx_cells.h).
#include <catch2/catch.hpp>

#include "jobs/directory/xlsx_cells.h"

using namespace membersync::directory::xlsx;

TEST_CASE("xlsx: cell references give their column, and columns their letters",
          "[directory][xlsx]") {
  CHECK(columnOf("A1") == 1);
  CHECK(columnOf("C7") == 3);
  CHECK(columnOf("AA10") == 27);
  CHECK(columnOf("7") == 0);
  CHECK(columnName(1) == "A");
  CHECK(columnName(26) == "Z");
  CHECK(columnName(27) == "AA");
}

TEST_CASE("xlsx: a mobile number or employee id stored as a number comes back as its digits",
          "[directory][xlsx]") {
  CHECK(numberText("13800138000", {}, false) == "13800138000");
  CHECK(numberText("1.3800138E10", {}, false) == "13800138000");
  CHECK(numberText("123456", {}, false) == "123456");
  CHECK(numberText("42.0", {}, false) == "42");
  CHECK(numberText("2.5", {}, false) == "2.5");
  CHECK(numberText("0.30000000000000004", {}, false) == "0.3");
}

TEST_CASE("xlsx: a number of 16 digits or more is refused (Excel has lost its last digits)",
          "[directory][xlsx]") {
  CHECK_FALSE(numberText("1.10101199001011E+17", {}, false).has_value());
  CHECK_FALSE(numberText("1000000000000000", {}, false).has_value());
  CHECK(numberText("999999999999999", {}, false) == "999999999999999");
}

TEST_CASE("xlsx: a zero-padding format pads, a date format gives an ISO date",
          "[directory][xlsx]") {
  CHECK(numberText("123", numberFormat(164, "000000"), false) == "000123");
  CHECK(numberText("1234567", numberFormat(164, "000000"), false) == "1234567");
  CHECK(numberFormat(14, "").date);
  CHECK(numberFormat(31, "").date);  // zh-CN yyyy"年"m"月"d"日"
  CHECK(numberFormat(164, "yyyy\\-mm\\-dd").date);
  CHECK(numberFormat(164, "yyyy\"年\"m\"月\"d\"日\"").date);
  CHECK_FALSE(numberFormat(164, "0.00").date);
  CHECK_FALSE(numberFormat(164, "[Red]0").date);
  CHECK(numberText("45292", numberFormat(14, ""), false) == "2024-01-01");
  CHECK(numberText("1", numberFormat(14, ""), false) == "1900-01-01");
  CHECK(numberText("59", numberFormat(14, ""), false) == "1900-02-28");
  CHECK(numberText("60", numberFormat(14, ""), false) == "1900-02-29");  // Excel's (Lotus's) bug
  CHECK(numberText("61", numberFormat(14, ""), false) == "1900-03-01");
  CHECK(numberText("0", numberFormat(14, ""), true) == "1904-01-01");
}
