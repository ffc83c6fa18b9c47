#pragma once

#include <string>
#include <vector>

// Writes small .xlsx workbooks for tests: the XML parts as a test gives them, zipped with
// Poco::Zip (as Excel would, deflated). Plain C++ header; Poco stays in the .cpp.
namespace membersync::testing {

struct XlsxSheet {
  std::string name;
  std::string rows;   // the <row> elements of <sheetData>
  std::string after;  // after </sheetData>: <mergeCells> and the like
};

struct XlsxBook {
  std::vector<XlsxSheet> sheets;
  std::vector<std::string> shared;       // shared strings, in order (plain text, XML-escaped here)
  std::string numFmts;                   // <numFmt .../> elements
  std::string cellXfs;                   // <xf .../> elements; index = a cell's s=
  std::string extraPart, extraPartName;  // one more part, e.g. an oversize one
};

// XML text escaping.
std::string xmlText(const std::string& text);
// <c> elements: an inline string, a shared string by index, a number (optionally styled), a
// boolean.
std::string inlineCell(const std::string& ref, const std::string& text);
std::string sharedCell(const std::string& ref, int index);
std::string numberCell(const std::string& ref, const std::string& value, int style = -1);
std::string boolCell(const std::string& ref, bool value);
// A formula whose result is an error, as Excel saves it: <c t="e"><f>...</f><v>#N/A</v></c>.
std::string errorCell(const std::string& ref, const std::string& error);
std::string row(int number, const std::string& cells);

// The workbook's bytes, zipped.
std::string xlsxBytes(const XlsxBook& book);
// A header row of inline strings and data rows of inline strings, sheet "Sheet1", as bytes.
std::string simpleXlsx(const std::vector<std::vector<std::string>>& rows);

}  // namespace membersync::testing
