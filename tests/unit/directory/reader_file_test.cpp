// readExport on CSV files: reading, hashing, columns and the file-level errors.
#include <catch2/catch.hpp>

#include "jobs/core/sha256.h"
#include "tests/unit/directory/hr_file.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;

TEST_CASE("directory: a CSV export becomes people with every field, line and hash",
          "[directory]") {
  HrFile f;
  const std::string bytes = std::string(kHeader) +
                            "E1001,zhaolei,赵磊,ENG,team lead,+8613800000000,active\n"
                            "E1002,alice,Alice Liddell,DESIGN,,,\n";
  const Export hr = f.read(bytes);
  CHECK(hr.path == f.cfg.path);
  CHECK(hr.contentHash.size() == 64);  // over the rows (export_hash_test.cpp)
  CHECK(hr.legacyContentHash == membersync::Sha256::of(bytes));
  CHECK(hr.rowCount == 2);
  CHECK(hr.problems.empty());
  REQUIRE(hr.people.size() == 2);
  const Person& p = hr.people[0];
  CHECK(p.employeeId == "E1001");
  CHECK(p.account == "zhaolei");
  CHECK(p.name == "赵磊");
  CHECK(p.department == "ENG");
  CHECK(p.remark == std::optional<std::string>("team lead"));
  CHECK(p.mobile == std::optional<std::string>("+8613800000000"));
  CHECK(p.status == "active");
  CHECK(p.active);
  CHECK(p.line == 2);
  CHECK(p.item == 0);
  CHECK(p.attributes.empty());
  // Present but empty optional cells are "" (they clear the field), not unmanaged.
  CHECK(hr.people[1].remark == std::optional<std::string>(""));
  CHECK(hr.people[1].mobile == std::optional<std::string>(""));
  CHECK(hr.people[1].line == 3);
}

TEST_CASE("directory: a byte order mark and CRLF line endings are read past", "[directory]") {
  HrFile f;
  const std::string bytes = "\xEF\xBB\xBF" "employee_id,account,name\r\nE1,a1,Ann\r\n";
  const Export hr = f.read(bytes);
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].employeeId == "E1");
  CHECK(hr.people[0].name == "Ann");
}

TEST_CASE("directory: a tab-separated export is read with delimiter tab", "[directory]") {
  HrFile f;
  f.cfg.delimiter = '\t';
  const Export hr = f.read("employee_id\taccount\tname\tcost centre\nE1\ta1\tAnn, Jr.\tCC-1, north\n");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].name == "Ann, Jr.");
  CHECK(hr.people[0].attributes.at("cost centre") == "CC-1, north");
}

TEST_CASE("directory: cells and header names are trimmed of surrounding whitespace",
          "[directory]") {
  HrFile f;
  const Export hr = f.read(" employee_id , account,name ,title\n  E1 ,a1 ,\"  Ann  \", Viewer \n");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].employeeId == "E1");
  CHECK(hr.people[0].account == "a1");
  CHECK(hr.people[0].name == "Ann");
  CHECK(hr.people[0].attributes.at("title") == "Viewer");
}

TEST_CASE("directory: rows after a quoted line break keep their physical line", "[directory]") {
  HrFile f;
  const Export hr = f.read(std::string(kHeader) +
                           "E1,a1,Ann,ENG,\"line one\nline two\",,\n"
                           "E2,a2,Bob,ENG,,,\n");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].remark == std::optional<std::string>("line one\nline two"));
  CHECK(hr.people[1].line == 4);
}

TEST_CASE("directory: every column that is not a field is kept as an attribute", "[directory]") {
  HrFile f;
  const Export hr = f.read("employee_id,account,name,title,lock,location\nE1,a1,Ann,Viewer,L-9,\n");
  REQUIRE(hr.people.size() == 1);
  const auto& attributes = hr.people[0].attributes;
  CHECK(attributes.size() == 3);
  CHECK(attributes.at("title") == "Viewer");
  CHECK(attributes.at("lock") == "L-9");
  CHECK(attributes.at("location") == "");
}

TEST_CASE("directory: configured column names map fields and are not attributes",
          "[directory]") {
  HrFile f;
  f.cfg.columns["employee_id"] = "staff_no";
  f.cfg.columns["account"] = "login";
  f.cfg.columns["name"] = "full name";
  f.cfg.columns["department"] = "dept";
  const Export hr = f.read("staff_no,login,full name,dept,name\n7,z1,Zhao Lei,ENG,ignored\n");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].employeeId == "7");
  CHECK(hr.people[0].account == "z1");
  CHECK(hr.people[0].name == "Zhao Lei");
  CHECK(hr.people[0].department == "ENG");
  // A column named like a field but not mapped to it is an ordinary attribute.
  CHECK(hr.people[0].attributes.size() == 1);
  CHECK(hr.people[0].attributes.at("name") == "ignored");
}

TEST_CASE("directory: a missing required column names the file, the column and the key",
          "[directory]") {
  HrFile f;
  const std::string e = f.error("employee_id,name\nE1,Ann\n");
  CHECK(e.find(f.cfg.path + ":1:") == 0);
  CHECK(e.find("\"account\"") != std::string::npos);
  CHECK(e.find("[directory] column.account") != std::string::npos);
  CHECK(e.find("found: employee_id, name") != std::string::npos);

  f.cfg.columns["employee_id"] = "staff_no";
  const std::string mapped = f.error("employee_id,account,name\nE1,a1,Ann\n");
  CHECK(mapped.find("\"staff_no\" for employee_id ([directory] column.employee_id)") !=
        std::string::npos);
}

TEST_CASE("directory: an optional column the export lacks leaves its field unmanaged",
          "[directory]") {
  HrFile f;
  const Export hr = f.read("employee_id,account,name\nE1,a1,Ann\n");
  REQUIRE(hr.people.size() == 1);
  const Person& p = hr.people[0];
  CHECK_FALSE(p.remark.has_value());
  CHECK_FALSE(p.mobile.has_value());
  CHECK(p.department.empty());
  CHECK(p.status.empty());
  CHECK(p.active);
}

TEST_CASE("directory: an optional column mapped explicitly must be in the export",
          "[directory]") {
  HrFile f;
  f.cfg.columns["remark"] = "notes";
  const std::string e = f.error("employee_id,account,name,remark\nE1,a1,Ann,x\n");
  CHECK(e.find(f.cfg.path + ":1:") == 0);
  CHECK(e.find("\"notes\" for remark ([directory] column.remark)") != std::string::npos);
  CHECK(e.find("names explicitly") != std::string::npos);
}

TEST_CASE("directory: a status outside active_status means departed, compared without case",
          "[directory]") {
  HrFile f;
  f.cfg.activeStatus = {"active", "on leave"};
  const Export hr = f.read("employee_id,account,name,status\n"
                           "E1,a1,Ann,Active\nE2,a2,Bob,departed\nE3,a3,Cy,\nE4,a4,Di,On Leave\n");
  REQUIRE(hr.people.size() == 4);
  CHECK(hr.people[0].active);
  CHECK_FALSE(hr.people[1].active);
  CHECK(hr.people[1].status == "departed");
  CHECK(hr.people[2].active);  // empty status counts as active
  CHECK(hr.people[3].active);
}

TEST_CASE("directory: a header without data rows is refused as an empty export",
          "[directory]") {
  HrFile f;
  const std::string e = f.error(kHeader);
  CHECK(e.find(f.cfg.path + ": no data rows") == 0);
  CHECK(e.find("refusing an empty export") != std::string::npos);
  CHECK(f.error("").find("no header") != std::string::npos);
}

TEST_CASE("directory: a missing export names the file and the setting", "[directory]") {
  HrFile f;
  f.cfg.path = (f.dir.path() / "nowhere.csv").string();
  try {
    readExport(f.cfg, "@acme");
    FAIL("expected ExportError");
  } catch (const ExportError& e) {
    const std::string what = e.what();
    CHECK(what.find(f.cfg.path + ": cannot read the HR export") == 0);
    CHECK(what.find("No such file") != std::string::npos);
    CHECK(what.find("[directory] path") != std::string::npos);
  }
}

TEST_CASE("directory: a ragged row fails the whole export and names its line", "[directory]") {
  HrFile f;
  const std::string e = f.error("employee_id,account,name\nE1,a1,Ann\nE2,a2,Bob,extra\n");
  CHECK(e.find(f.cfg.path + ":3:") == 0);
  CHECK(e.find("4 fields but the header has 3") != std::string::npos);
}

TEST_CASE("directory: invalid UTF-8 fails the whole export and names its line", "[directory]") {
  HrFile f;
  const std::string e = f.error("employee_id,account,name\nE1,a1,Ann\nE2,a2,Ren\xE9\n");
  CHECK(e.find(f.cfg.path + ":3: not valid UTF-8 (byte 0xE9 at column 10)") == 0);
  // The hint's command converts a GB18030 file (the integration test runs it).
  CHECK(e.find("; set [directory] encoding = gb18030, or convert it: iconv -f GB18030 -t UTF-8 " +
               f.cfg.path + " > " + f.cfg.path + ".utf8") != std::string::npos);
}

TEST_CASE("directory: the hint for a file that is not UTF-8 quotes its name for the shell",
          "[directory]") {
  HrFile f;
  const std::string e = f.error("employee_id,account,name\nE1,a1,\xD5\xC5\n", "hr export.csv");
  CHECK(e.find("iconv -f GB18030 -t UTF-8 '" + f.cfg.path + "' > '" + f.cfg.path + ".utf8'") !=
        std::string::npos);
}

TEST_CASE("directory: a truncated quoted field fails the whole export", "[directory]") {
  HrFile f;
  const std::string e = f.error("employee_id,account,name\nE1,a1,Ann\nE2,a2,\"Bo");
  CHECK(e.find(f.cfg.path + ":3:") == 0);
  CHECK(e.find("truncated") != std::string::npos);
}

TEST_CASE("directory: header names must be unique and non-empty", "[directory]") {
  HrFile f;
  const std::string twice = f.error("employee_id,account,name,dept,dept\nE1,a1,Ann,x,y\n");
  CHECK(twice.find(f.cfg.path + ":1:") == 0);
  CHECK(twice.find("\"dept\" twice (columns 4 and 5)") != std::string::npos);
  const std::string unnamed = f.error("employee_id,account,name,\nE1,a1,Ann,\n");
  CHECK(unnamed.find("column 4 of the header has no name") != std::string::npos);
}
