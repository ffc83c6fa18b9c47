// readExport on JSON exports: an array of objects, one per person.
#include <catch2/catch.hpp>

#include "jobs/core/sha256.h"
#include "jobs/directory/describe.h"
#include "tests/unit/directory/hr_file.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;

TEST_CASE("directory: a JSON export is an array of objects, numbers become text, null empty",
          "[directory][json]") {
  HrFile f;
  const std::string bytes =
      "[\n"
      "  {\"employee_id\": 1001, \"account\": \"zhaolei\", \"name\": \"赵磊\",\n"
      "   \"department\": \"ENG\", \"remark\": null, \"mobile\": \"+8613800000000\",\n"
      "   \"status\": \"active\", \"title\": \"Viewer\", \"level\": 7},\n"
      "  {\"employee_id\": \"E1002\", \"account\": \"alice\", \"name\": \"Alice\"}\n"
      "]\n";
  const Export hr = f.readJson(bytes);
  CHECK(hr.contentHash.size() == 64);  // over the rows (export_hash_test.cpp)
  CHECK(hr.legacyContentHash == membersync::Sha256::of(bytes));
  CHECK(hr.rowCount == 2);
  CHECK(hr.problems.empty());
  REQUIRE(hr.people.size() == 2);
  const Person& p = hr.people[0];
  CHECK(p.employeeId == "1001");
  CHECK(p.name == "赵磊");
  CHECK(p.department == "ENG");
  CHECK(p.remark == std::optional<std::string>(""));
  CHECK(p.mobile == std::optional<std::string>("+8613800000000"));
  CHECK(p.active);
  CHECK(p.attributes.at("title") == "Viewer");
  CHECK(p.attributes.at("level") == "7");
  CHECK(p.item == 1);
  CHECK(p.line == 2);
  CHECK(hr.people[1].item == 2);
  CHECK(hr.people[1].line == 5);
}

TEST_CASE("directory: a key one JSON object lacks leaves that person's field unmanaged",
          "[directory][json]") {
  HrFile f;
  const Export hr = f.readJson(
      R"([{"employee_id":"E1","account":"a1","name":"Ann","remark":"r","status":"left"},
          {"employee_id":"E2","account":"a2","name":"Bob"}])");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].remark == std::optional<std::string>("r"));
  CHECK_FALSE(hr.people[0].active);
  CHECK_FALSE(hr.people[1].remark.has_value());
  CHECK_FALSE(hr.people[1].mobile.has_value());
  CHECK(hr.people[1].active);
}

TEST_CASE("directory: a JSON export without a required key in any object is refused",
          "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError(R"([{"employee_id":"E1","name":"Ann"}])");
  CHECK(e.find(f.cfg.path + ": no item has a key \"account\"") == 0);
  CHECK(e.find("[directory] column.account") != std::string::npos);
}

TEST_CASE("directory: a JSON object without a required key is a skipped row", "[directory][json]") {
  HrFile f;
  const Export hr = f.readJson(R"([{"employee_id":"E1","account":"a1","name":"Ann"},
                                   {"employee_id":"E2","name":"Bob"}])");
  REQUIRE(hr.problems.size() == 1);
  CHECK(hr.problems[0].item == 2);
  CHECK(hr.problems[0].line == 2);
  CHECK(membersync::i18n::english(hr.problems[0].message).find("account is empty") == 0);
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E2"});
}

TEST_CASE(
    "directory: a JSON boolean, object or array value skips its row when the run reads the key",
    "[directory][json]") {
  HrFile f;
  const Export hr = f.readJson(
      R"([{"employee_id":"E1","account":"a1","name":"Ann","status":true},
          {"employee_id":"E2","account":"a2","name":{"zh":"鲍勃"}},
          {"employee_id":"E3","account":"a3","name":"Cy","tags":["x"]}])");
  REQUIRE(hr.people.size() == 1);  // nothing reads "tags": Cy is read
  CHECK(hr.people[0].employeeId == "E3");
  REQUIRE(hr.problems.size() == 2);
  CHECK(membersync::i18n::english(hr.problems[0].message) ==
        "\"status\" is a boolean; write it as a string");
  CHECK_THAT(membersync::i18n::english(hr.problems[1].message),
             Catch::StartsWith("\"name\" is an object; write it as a string"));
}

TEST_CASE("directory: a JSON problem is described with its item and line", "[directory][json]") {
  HrFile f;
  const Export hr = f.readJson(
      "[\n{\"employee_id\":\"E1\",\"account\":\"a1\",\"name\":\"Ann\"},\n"
      "{\"employee_id\":\"E1\",\"account\":\"a2\",\"name\":\"Bob\"}\n]");
  REQUIRE(hr.problems.size() == 2);
  CHECK(membersync::i18n::english(hr.problems[0].message) ==
        "employee_id \"E1\" is also at item 2 (line 3); each person must appear once");
  CHECK(describe(hr, hr.problems[1]) ==
        f.cfg.path +
            ":3: item 2: E1 (a2): employee_id \"E1\" is also at item 1 (line 2); "
            "each person must appear once");
}

TEST_CASE("directory: a JSON export whose top level is not an array is refused",
          "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError(R"({"people": []})");
  CHECK(e.find(f.cfg.path + ": the top level is an object") == 0);
  CHECK(e.find("array of objects") != std::string::npos);
}

TEST_CASE("directory: a JSON element that is not an object names its item and line",
          "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError(
      "[\n  {\"employee_id\":\"E1\",\"account\":\"a1\",\"name\":\"Ann\"},\n  \"E2\"\n]");
  CHECK(e.find(f.cfg.path + ":3: item 2 is a string, not an object") == 0);
}

TEST_CASE("directory: malformed JSON names the line", "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError(
      "[\n  {\"employee_id\":\"E1\",\"account\":\"a1\",\"name\":\"Ann\"},\n  {\"name\": }\n]");
  CHECK(e.find(f.cfg.path + ":3: malformed JSON (") == 0);
  CHECK(f.jsonError("[{\"employee_id\":\"E1\"").find("malformed JSON") != std::string::npos);
}

// Found by fuzzing: locating the mistake recursed once per level and overflowed the stack.
TEST_CASE(
    "directory: a JSON export nested a million levels deep is refused with its line, not a "
    "crash",
    "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError("[\n" + std::string(1'000'000, '['));
  CHECK(e.find(f.cfg.path + ":2: malformed JSON (nested deeper than 128 levels)") == 0);
}

TEST_CASE("directory: an empty JSON array is refused as an empty export", "[directory][json]") {
  HrFile f;
  const std::string e = f.jsonError("[]");
  CHECK(e == f.cfg.path +
                 ": no data rows; refusing an empty export, which would make "
                 "everyone look departed. Check the HR export job");
}

TEST_CASE("directory: a JSON export may start with a byte order mark", "[directory][json]") {
  HrFile f;
  const Export hr = f.readJson(
      "\xEF\xBB\xBF"
      R"([{"employee_id":"E1","account":"a1","name":"Ann"}])");
  CHECK(hr.people.size() == 1);
}

TEST_CASE("directory: invalid UTF-8 in a JSON export names the line", "[directory][json]") {
  HrFile f;
  const std::string e =
      f.jsonError("[\n{\"employee_id\":\"E1\",\"account\":\"a1\",\"name\":\"Ren\xE9\"}]");
  CHECK(e.find(f.cfg.path +
               ":2: not valid UTF-8 (byte 0xE9 at column 47); JSON must be UTF-8: "
               "export it as UTF-8, or convert it: iconv -f GB18030 -t UTF-8 " +
               f.cfg.path + " > " + f.cfg.path + ".utf8") == 0);
}
