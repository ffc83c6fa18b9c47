#pragma once

#include <optional>
#include <string>

// How an Excel cell's stored value becomes the text a person sees in Excel, for the formats an
// HR export uses. Pure: no I/O.
namespace membersync::directory::xlsx {

// 1-based column number of a cell reference's letters ("C7" -> 3); 0 when there are none.
int columnOf(const std::string& ref);
// "C" for 3.
std::string columnName(int column);

// A number format: what its code says about how a number is shown.
struct NumberFormat {
  bool date = false;  // built-in date formats and codes with y, m or d
  int zeroPad = 0;    // "000000": an integer shown with at least this many digits
};
NumberFormat numberFormat(int numFmtId, const std::string& code);

// The stored number `v` as Excel shows it under `format`; nullopt when it has more than 15
// significant digits (Excel has already lost the rest). `date1904`: the workbook's date system.
std::optional<std::string> numberText(const std::string& v, const NumberFormat& format,
                                      bool date1904);

}  // namespace membersync::directory::xlsx
