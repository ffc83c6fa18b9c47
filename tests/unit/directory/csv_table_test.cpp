#include "jobs/directory/csv_table.h"

#include <catch2/catch.hpp>

#include "jobs/directory/person.h"

using namespace membersync::directory;
using Fields = std::vector<std::string>;

namespace {

std::string errorOf(const std::string& text, char delimiter = ',') {
  try {
    parseCsv(text, delimiter, "hr.csv");
  } catch (const ExportError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("directory: CSV records carry the line they start on, the header is line 1",
          "[directory][csv]") {
  const auto t = parseCsv("a,b\n1,2\n3,4", ',', "hr.csv");
  CHECK(t.header == Fields{"a", "b"});
  CHECK(t.headerLine == 1);
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].line == 2);
  CHECK(t.records[0].fields == Fields{"1", "2"});
  CHECK(t.records[1].line == 3);  // the last line needs no line break
  CHECK(t.records[1].fields == Fields{"3", "4"});
}

TEST_CASE("directory: a UTF-8 byte order mark is not part of the first column's name",
          "[directory][csv]") {
  const auto t = parseCsv("\xEF\xBB\xBF" "employee_id,name\nE1,x\n", ',', "hr.csv");
  CHECK(t.header == Fields{"employee_id", "name"});
}

TEST_CASE("directory: CRLF line ends leave no carriage return in the fields",
          "[directory][csv]") {
  const auto t = parseCsv("a,b\r\n1,2\r\n3,4\r\n", ',', "hr.csv");
  CHECK(t.header == Fields{"a", "b"});
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[1].fields == Fields{"3", "4"});
  CHECK(t.records[1].line == 3);
}

TEST_CASE("directory: lone CR line ends count as lines too", "[directory][csv]") {
  const auto t = parseCsv("a,b\r1,2\r3,4\r", ',', "hr.csv");
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[1].line == 3);
}

TEST_CASE("directory: a tab delimiter splits on tabs and keeps commas", "[directory][csv]") {
  const auto t = parseCsv("a\tb\n1,5\t2\n", '\t', "hr.csv");
  CHECK(t.header == Fields{"a", "b"});
  CHECK(t.records[0].fields == Fields{"1,5", "2"});
}

TEST_CASE("directory: quoted fields keep delimiters, doubled quotes and line breaks",
          "[directory][csv]") {
  const auto t = parseCsv("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\r\nlines\",\"\"\n", ',',
                          "hr.csv");
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].fields == Fields{"x, y", "say \"hi\""});
  CHECK(t.records[1].fields == Fields{"two\r\nlines", ""});
}

TEST_CASE("directory: a line break inside quotes advances the line of later records",
          "[directory][csv]") {
  const auto t = parseCsv("a,b\n1,\"first\nsecond\nthird\"\n2,x\n", ',', "hr.csv");
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].line == 2);
  CHECK(t.records[1].line == 5);
}

TEST_CASE("directory: spaces are data in the CSV layer (libcsv's trimming is off)",
          "[directory][csv]") {
  const auto t = parseCsv("a,b\n  x ,\" y \"\n", ',', "hr.csv");
  CHECK(t.records[0].fields == Fields{"  x ", " y "});
}

TEST_CASE("directory: a quote after leading spaces is a stray quote, not a quoted field",
          "[directory][csv]") {
  // RFC 4180: a quoted field starts with the quote. With trimming off, libcsv's strict mode
  // sees ` "y"` as an unquoted field holding a quote.
  const std::string e = errorOf("a,b\nx, \"y\"\n");
  CHECK(e.find("hr.csv:2: malformed CSV at column 4") == 0);
  CHECK(e.find("space before the opening quote") != std::string::npos);
}

TEST_CASE("directory: blank and whitespace-only lines are skipped but still counted",
          "[directory][csv]") {
  const auto t = parseCsv("\na,b\n\n1,2\n   \n\r\n3,4\n\n", ',', "hr.csv");
  CHECK(t.headerLine == 2);
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].line == 4);
  CHECK(t.records[1].line == 7);
}

TEST_CASE("directory: a record with more or fewer fields than the header names its line",
          "[directory][csv]") {
  const std::string more = errorOf("a,b\n1,2\n3,4,5\n");
  CHECK(more.find("hr.csv:3:") == 0);
  CHECK(more.find("3 fields but the header has 2") != std::string::npos);
  CHECK(errorOf("a,b\n1,2\n\"x\ny\",2\n4\n").find("hr.csv:5:") == 0);
}

TEST_CASE("directory: invalid UTF-8 names the line and the byte", "[directory][csv]") {
  const std::string e = errorOf("a,b\n1,2\n3,caf\xE9\n");
  CHECK(e.find("hr.csv:3:") == 0);
  CHECK(e.find("0xE9") != std::string::npos);
  CHECK(e.find("column 6") != std::string::npos);
  CHECK(e.find("UTF-8") != std::string::npos);
}

TEST_CASE("directory: a quoted field left open at the end is a truncated file",
          "[directory][csv]") {
  const std::string e = errorOf("a,b\n1,2\n3,\"never\nclosed\n");
  CHECK(e.find("hr.csv:3:") == 0);
  CHECK(e.find("truncated") != std::string::npos);
}

TEST_CASE("directory: a stray quote inside an unquoted field is refused with its column",
          "[directory][csv]") {
  const std::string e = errorOf("a,b\n1,2\n3,ab\"c\n");
  CHECK(e.find("hr.csv:3:") == 0);
  CHECK(e.find("column 5") != std::string::npos);
  CHECK(e.find("quote") != std::string::npos);
}

TEST_CASE("directory: text after a closing quote is refused", "[directory][csv]") {
  const std::string e = errorOf("a,b\n\"x\"y,2\n");
  CHECK(e.find("hr.csv:2:") == 0);
  CHECK(e.find("after the closing quote") != std::string::npos);
}

TEST_CASE("directory: an empty CSV file has no header and is refused", "[directory][csv]") {
  CHECK(errorOf("").find("no header") != std::string::npos);
  CHECK(errorOf("\n\r\n  \n").find("no header") != std::string::npos);
  CHECK(errorOf("\xEF\xBB\xBF").find("no header") != std::string::npos);
}
