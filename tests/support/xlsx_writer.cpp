#include "tests/support/xlsx_writer.h"

#include <Poco/DateTime.h>
#include <Poco/Path.h>
#include <Poco/Zip/Compress.h>

#include <sstream>

namespace membersync::testing {

std::string xmlText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string inlineCell(const std::string& ref, const std::string& text) {
  return "<c r=\"" + ref + "\" t=\"inlineStr\"><is><t>" + xmlText(text) + "</t></is></c>";
}

std::string sharedCell(const std::string& ref, int index) {
  return "<c r=\"" + ref + "\" t=\"s\"><v>" + std::to_string(index) + "</v></c>";
}

std::string numberCell(const std::string& ref, const std::string& value, int style) {
  const std::string s = style >= 0 ? " s=\"" + std::to_string(style) + "\"" : "";
  return "<c r=\"" + ref + "\"" + s + "><v>" + value + "</v></c>";
}

std::string boolCell(const std::string& ref, bool value) {
  return "<c r=\"" + ref + "\" t=\"b\"><v>" + (value ? "1" : "0") + "</v></c>";
}

std::string errorCell(const std::string& ref, const std::string& error) {
  return "<c r=\"" + ref + "\" t=\"e\"><f>VLOOKUP(A2,Sheet2!A:B,2,FALSE)</f><v>" + error +
         "</v></c>";
}

std::string row(int number, const std::string& cells) {
  return "<row r=\"" + std::to_string(number) + "\">" + cells + "</row>";
}

namespace {

const char* kMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const char* kRel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

void add(Poco::Zip::Compress& zip, const std::string& name, const std::string& content) {
  std::istringstream in(content);
  zip.addFile(in, Poco::DateTime(), Poco::Path(name, Poco::Path::PATH_UNIX),
              Poco::Zip::ZipCommon::CM_DEFLATE, Poco::Zip::ZipCommon::CL_NORMAL);
}

}  // namespace

std::string xlsxBytes(const XlsxBook& book) {
  std::ostringstream out;
  Poco::Zip::Compress zip(out, true);
  std::string sheets, rels;
  for (std::size_t i = 0; i < book.sheets.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    sheets += "<sheet name=\"" + xmlText(book.sheets[i].name) + "\" sheetId=\"" + n +
              "\" r:id=\"rId" + n + "\"/>";
    rels +=
        "<Relationship Id=\"rId" + n +
        "\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" "
        "Target=\"worksheets/sheet" +
        n + ".xml\"/>";
    add(zip, "xl/worksheets/sheet" + n + ".xml",
        std::string(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><worksheet xmlns=\"") +
            kMain + "\" xmlns:r=\"" + kRel + "\"><sheetData>" + book.sheets[i].rows +
            "</sheetData>" + book.sheets[i].after + "</worksheet>");
  }
  add(zip, "xl/workbook.xml",
      std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?><workbook xmlns=\"") + kMain +
          "\" xmlns:r=\"" + kRel + "\"><sheets>" + sheets + "</sheets></workbook>");
  add(zip, "xl/_rels/workbook.xml.rels",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships "
      "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">" +
          rels + "</Relationships>");
  std::string shared;
  for (const std::string& s : book.shared) shared += "<si><t>" + xmlText(s) + "</t></si>";
  add(zip, "xl/sharedStrings.xml",
      std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?><sst xmlns=\"") + kMain + "\">" +
          shared + "</sst>");
  add(zip, "xl/styles.xml",
      std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?><styleSheet xmlns=\"") + kMain +
          "\"><numFmts>" + book.numFmts + "</numFmts><cellXfs><xf numFmtId=\"0\"/>" + book.cellXfs +
          "</cellXfs></styleSheet>");
  if (!book.extraPartName.empty()) add(zip, book.extraPartName, book.extraPart);
  zip.close();
  return out.str();
}

std::string simpleXlsx(const std::vector<std::vector<std::string>>& rows) {
  XlsxBook book;
  std::string xml;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string cells;
    for (std::size_t c = 0; c < rows[r].size(); ++c)
      if (!rows[r][c].empty())
        cells += inlineCell(std::string(1, char('A' + c)) + std::to_string(r + 1), rows[r][c]);
    xml += row(static_cast<int>(r + 1), cells);
  }
  book.sheets.push_back({"Sheet1", xml, ""});
  return xlsxBytes(book);
}

}  // namespace membersync::testing
