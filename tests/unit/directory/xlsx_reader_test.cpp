// readExport over Excel workbooks (format = xlsx) that the tests write
// (tests/support/xlsx_writer.h).
#include <catch2/catch.hpp>

#include "jobs/directory/describe.h"
#include "tests/unit/directory/xlsx_workbook.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;
using namespace membersync::testing;

namespace {

const char* kHeaderCells[] = {"employee_id", "account", "name", "department", "mobile"};

std::string headerRow(int number = 1) {
  std::string cells;
  for (int i = 0; i < 5; ++i)
    cells += inlineCell(std::string(1, char('A' + i)) + std::to_string(number), kHeaderCells[i]);
  return row(number, cells);
}

XlsxBook oneSheet(const std::string& rows, const std::string& name = "Sheet1") {
  XlsxBook book;
  book.sheets.push_back({name, rows, ""});
  return book;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("xlsx: Chinese names in shared strings, numbers stored as numbers come back as digits",
          "[directory][xlsx]") {
  XlsxFile f;
  XlsxBook book = oneSheet(headerRow() +
                           row(2, numberCell("A2", "123456") + inlineCell("B2", "zhangwei") +
                                      sharedCell("C2", 0) + sharedCell("D2", 1) +
                                      numberCell("E2", "13800138000")) +
                           row(3, inlineCell("A3", "E2") + inlineCell("B3", "lina") +
                                      inlineCell("C3", "李娜") + sharedCell("D3", 1)));
  book.shared = {"张伟", "工程部"};
  const Export hr = f.read(xlsxBytes(book));
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].employeeId == "123456");
  CHECK(hr.people[0].name == "张伟");
  CHECK(hr.people[0].department == "工程部");
  CHECK(hr.people[0].mobile == "13800138000");
  CHECK(hr.people[1].name == "李娜");
  CHECK(hr.people[1].line == 3);
}

TEST_CASE("xlsx: a zero-padding format, a date and a boolean read as Excel shows them",
          "[directory][xlsx]") {
  XlsxFile f;
  XlsxBook book = oneSheet(row(1, inlineCell("A1", "employee_id") + inlineCell("B1", "account") +
                                      inlineCell("C1", "name") + inlineCell("D1", "hired") +
                                      inlineCell("E1", "manager")) +
                           row(2, numberCell("A2", "123", 1) + inlineCell("B2", "wang") +
                                      inlineCell("C2", "王芳") + numberCell("D2", "45292", 2) +
                                      boolCell("E2", true)));
  book.numFmts = "<numFmt numFmtId=\"164\" formatCode=\"000000\"/>";
  book.cellXfs = "<xf numFmtId=\"164\"/><xf numFmtId=\"14\"/>";
  const Export hr = f.read(xlsxBytes(book));
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].employeeId == "000123");
  CHECK(hr.people[0].attributes.at("hired") == "2024-01-01");
  CHECK(hr.people[0].attributes.at("manager") == "TRUE");
}

TEST_CASE(
    "xlsx: a formula's error cell skips its row naming the cell when the run reads the column, "
    "and only then",
    "[directory][xlsx]") {
  XlsxFile f;
  const Export hr = f.read(
      xlsxBytes(oneSheet(row(1, inlineCell("A1", "employee_id") + inlineCell("B1", "account") +
                                    inlineCell("C1", "name") + inlineCell("D1", "lookup")) +
                         row(2, inlineCell("A2", "E2") + inlineCell("B2", "wang") +
                                    errorCell("C2", "#N/A") + errorCell("D2", "#REF!")) +
                         row(3, inlineCell("A3", "E3") + inlineCell("B3", "li") +
                                    inlineCell("C3", "李娜") + errorCell("D3", "#N/A")))));
  REQUIRE(hr.people.size() == 1);  // row 3's error is in a column nothing reads
  CHECK(hr.people[0].employeeId == "E3");
  REQUIRE(hr.problems.size() == 1);
  CHECK(hr.problems[0].line == 2);
  CHECK_THAT(membersync::i18n::english(hr.problems[0].message),
             Catch::Contains("\"name\"") && Catch::Contains("!C2 is the error #N/A") &&
                 !Catch::Contains("#REF!"));
  CHECK(hr.skippedEmployeeIds.count("E2"));
}

TEST_CASE("xlsx: rows may skip numbers and cells, and missing cells are empty",
          "[directory][xlsx]") {
  XlsxFile f;
  const Export hr = f.read(xlsxBytes(oneSheet(
      row(3, inlineCell("A3", "employee_id") + inlineCell("B3", "account") +
                 inlineCell("C3", "name") + inlineCell("E3", "mobile")) +
      row(7, inlineCell("A7", "E7") + inlineCell("B7", "zhao") + inlineCell("C7", "赵磊")))));
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].line == 7);
  CHECK(hr.people[0].mobile == "");
}

TEST_CASE("xlsx: a number of more than 15 digits is refused naming the cell", "[directory][xlsx]") {
  XlsxFile f;
  const std::string error = f.error(
      xlsxBytes(oneSheet(headerRow() + row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") +
                                                  inlineCell("C2", "李") +
                                                  numberCell("E2", "1.10101199001011E+17")))));
  CHECK(contains(error, "Sheet1!E2: "));
  CHECK(contains(
      error,
      "Excel keeps only 15 digits; format the column as Text in Excel and type the number again"));
}

TEST_CASE("xlsx: merged header cells are refused naming the cells", "[directory][xlsx]") {
  XlsxFile f;
  XlsxBook book = oneSheet(headerRow() + row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") +
                                                    inlineCell("C2", "李")));
  book.sheets[0].after = "<mergeCells count=\"1\"><mergeCell ref=\"C1:D1\"/></mergeCells>";
  const std::string error = f.error(xlsxBytes(book));
  CHECK(contains(error, "hr.xlsx: Sheet1!C1:D1: the header's cells C1:D1 are merged"));
}

TEST_CASE("xlsx: an empty header cell over data is refused naming the cell", "[directory][xlsx]") {
  XlsxFile f;
  const std::string error = f.error(
      xlsxBytes(oneSheet(row(1, inlineCell("A1", "employee_id") + inlineCell("B1", "account") +
                                    inlineCell("C1", "name")) +
                         row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") +
                                    inlineCell("C2", "李") + inlineCell("D2", "x")))));
  CHECK(contains(error, "Sheet1!D1: the header cell is empty but the column has data (row 2)"));
}

TEST_CASE("xlsx: the sheet by name, by index, or the first, and a missing one is named",
          "[directory][xlsx]") {
  XlsxFile f;
  XlsxBook book;
  book.sheets.push_back({"说明", row(1, inlineCell("A1", "read me")), ""});
  book.sheets.push_back({"员工",
                         headerRow() + row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") +
                                                  inlineCell("C2", "李娜")),
                         ""});
  const std::string bytes = xlsxBytes(book);
  f.cfg.sheet = "员工";
  CHECK(f.read(bytes).people.at(0).name == "李娜");
  f.cfg.sheet = "";
  f.cfg.sheetIndex = 2;
  CHECK(f.read(bytes).people.at(0).name == "李娜");
  f.cfg.sheetIndex = 0;
  CHECK(contains(f.error(bytes), "hr.xlsx, sheet 说明"));  // the first sheet: no employee_id column
  f.cfg.sheet = "Staff";
  CHECK(contains(f.error(bytes),
                 "hr.xlsx: the workbook has no sheet \"Staff\" (its sheets: 说明, 员工)"));
  f.cfg.sheet = "";
  f.cfg.sheetIndex = 3;
  CHECK(contains(f.error(bytes), "not 3; check [directory] sheet_index"));
}

TEST_CASE("xlsx: a row's problems name the sheet and row", "[directory][xlsx]") {
  XlsxFile f;
  f.cfg.sheet = "员工";
  XlsxBook book =
      oneSheet(headerRow() + row(12, inlineCell("A12", "E1") + inlineCell("C12", "李娜")), "员工");
  const Export hr = f.read(xlsxBytes(book));
  REQUIRE(hr.problems.size() == 1);
  CHECK(hr.problems[0].line == 12);
  CHECK(contains(describe(hr, hr.problems[0]), "hr.xlsx, sheet 员工, row 12"));
}

TEST_CASE("xlsx: a row's place is a message, translated where shown, with today's English",
          "[directory][xlsx][i18n]") {
  XlsxFile f;
  f.cfg.sheet = "员工";
  XlsxBook book =
      oneSheet(headerRow() + row(12, inlineCell("A12", "E1") + inlineCell("C12", "李娜")), "员工");
  const Export hr = f.read(xlsxBytes(book));
  REQUIRE(hr.problems.size() == 1);
  const membersync::i18n::Message place = rowMessage(hr, 12);
  CHECK_FALSE(place.verbatim);
  CHECK(place.id == "{file}, sheet {sheet}, row {row}");
  CHECK(membersync::i18n::english(place) == hr.path + ", row 12");
  CHECK(membersync::i18n::english(sourceMessage(hr)) == hr.path);
  const membersync::i18n::Message said = describeMessage(hr, hr.problems[0]);
  REQUIRE_FALSE(said.arguments.empty());
  CHECK(said.arguments.front().name == "place");
  REQUIRE(said.arguments.front().message.size() == 1);
  CHECK(said.arguments.front().message.front() == place);
}

TEST_CASE("xlsx: the content hash is over the cells, not the file's bytes", "[directory][xlsx]") {
  XlsxFile f;
  const std::string rows = headerRow() + row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") +
                                                    inlineCell("C2", "李"));
  XlsxBook inlineBook = oneSheet(rows);
  XlsxBook sharedBook = oneSheet(
      headerRow() + row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") + sharedCell("C2", 0)));
  sharedBook.shared = {"李"};
  const Export a = f.read(xlsxBytes(inlineBook));
  const Export b = f.read(xlsxBytes(sharedBook));
  CHECK(xlsxBytes(inlineBook) != xlsxBytes(sharedBook));
  CHECK(a.contentHash == b.contentHash);
  CHECK(a.legacyContentHash.empty());
}

TEST_CASE("xlsx: a part that unpacks past the cap is refused naming the part and the cap",
          "[directory][xlsx]") {
  XlsxFile f;
  XlsxBook book =
      oneSheet(headerRow() +
               row(2, inlineCell("A2", "E1") + inlineCell("B2", "li") + inlineCell("C2", "李")) +
               std::string(3 << 20, ' '));
  f.cfg.xlsxPartCap = 1 << 20;
  const std::string bytes = xlsxBytes(book);
  CHECK(bytes.size() < 100000);  // deflated: a small file that unpacks to megabytes
  CHECK(contains(f.error(bytes),
                 "hr.xlsx: xl/worksheets/sheet1.xml unpacks to more than 1 MiB, the cap"));
}

TEST_CASE("xlsx: a file that is not a workbook is refused naming the file", "[directory][xlsx]") {
  XlsxFile f;
  const std::string error = f.error("employee_id,account,name\nE1,li,李\n");
  INFO(error);
  CHECK(contains(error, "hr.xlsx: not an Excel workbook (.xlsx) or damaged"));
  const std::string truncated = f.error(xlsxBytes(oneSheet(headerRow())).substr(0, 200));
  CHECK(contains(truncated, "hr.xlsx: "));
}

TEST_CASE(
    "xlsx: a zip64 end record that claims more bytes than the file holds is refused without "
    "allocating them",
    "[directory][xlsx]") {
  XlsxFile f;
  std::string bytes = xlsxBytes(oneSheet(headerRow()));
  const auto end = bytes.rfind(std::string("PK\x05\x06", 4));
  REQUIRE(end != std::string::npos);
  bytes[end + 2] = '\x06';  // the end record's signature, now a zip64 one: its "size" is huge
  bytes[end + 3] = '\x06';
  bytes.replace(end + 4, 8, std::string("\0\0\0\0\x05\0\x05\0", 8));
  const std::string error = f.error(bytes);
  INFO(error);
  CHECK(contains(error, "hr.xlsx: not an Excel workbook (.xlsx) or damaged"));
  CHECK(contains(error, "no end-of-central-directory record"));
  // A sound workbook passes the same check.
  CHECK(f.error(xlsxBytes(oneSheet(headerRow() + row(2, inlineCell("A2", "E1") +
                                                      inlineCell("B2", "li") +
                                                      inlineCell("C2", "李娜")))))
            .empty());
}
