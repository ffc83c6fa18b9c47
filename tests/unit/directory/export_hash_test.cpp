// The content hash of CSV and JSON exports (export_hash.h): taken over the rows as mapped, so
// what an administrator's editor changes when it saves the same rows again does not count, and
// anything the planner reads does.
#include <catch2/catch.hpp>

#include <string>

#include "jobs/core/sha256.h"
#include "tests/unit/directory/hr_file.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;

namespace {

const std::string kRows =
    "employee_id,account,name,department,remark,mobile,status,title\n"
    "E1001,zhaolei,赵磊,ENG,\"team lead, north\",+8613800000000,active,Engineer\n"
    "E1002,alice,Alice Liddell,DESIGN,,,,Designer\n"
    "E1003,bob,Bob Stone,ENG,,,left,Engineer\n";

// The hash of `bytes` read as CSV, the policy reading `title`.
std::string csvHash(const std::string& bytes) {
  HrFile f;
  f.readAttributes = {"title"};
  return f.read(bytes).contentHash;
}

std::string jsonHash(const std::string& bytes) {
  HrFile f;
  f.readAttributes = {"title"};
  return f.readJson(bytes).contentHash;
}

}  // namespace

TEST_CASE("export hash: the same rows saved again with a BOM, CRLF line endings, other quoting, "
          "surrounding spaces, the columns reordered or the rows re-sorted are the same export",
          "[directory][hash]") {
  const std::string hash = csvHash(kRows);
  CHECK(hash.size() == 64);
  CHECK(hash.find_first_not_of("0123456789abcdef") == std::string::npos);

  std::string crlf;
  for (char c : kRows) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  CHECK(csvHash("\xEF\xBB\xBF" + crlf) == hash);
  CHECK(csvHash(
            "\"employee_id\",\"account\",\"name\",\"department\",\"remark\",\"mobile\",\"status\","
            "\"title\"\n"
            "\"E1001\",\"zhaolei\",\"赵磊\",\"ENG\",\"team lead, north\",\"+8613800000000\","
            "\"active\",\"Engineer\"\n"
            "\"E1002\",\"alice\",\"Alice Liddell\",\"DESIGN\",\"\",\"\",\"\",\"Designer\"\n"
            "\"E1003\",\"bob\",\"Bob Stone\",\"ENG\",\"\",\"\",\"left\",\"Engineer\"\n") == hash);
  CHECK(csvHash("employee_id, account ,name,department,remark,mobile,status,title\n"
                "E1001, zhaolei,赵磊 ,ENG,\"team lead, north\",+8613800000000,active,Engineer\n"
                "E1002,alice,Alice Liddell,DESIGN,,,,Designer\n"
                "E1003,bob,Bob Stone,ENG,,,left,Engineer\n") == hash);
  CHECK(csvHash("title,status,mobile,remark,department,name,account,employee_id\n"
                "Engineer,active,+8613800000000,\"team lead, north\",ENG,赵磊,zhaolei,E1001\n"
                "Designer,,,,DESIGN,Alice Liddell,alice,E1002\n"
                "Engineer,left,,,ENG,Bob Stone,bob,E1003\n") == hash);
  CHECK(csvHash("employee_id,account,name,department,remark,mobile,status,title\n"
                "E1003,bob,Bob Stone,ENG,,,left,Engineer\n"
                "E1001,zhaolei,赵磊,ENG,\"team lead, north\",+8613800000000,active,Engineer\n"
                "E1002,alice,Alice Liddell,DESIGN,,,,Designer\n") == hash);
}

TEST_CASE("export hash: a changed field, an added, removed or repeated row is another export",
          "[directory][hash]") {
  const std::string hash = csvHash(kRows);
  auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
  };
  CHECK(csvHash(replaced(kRows, "Alice Liddell", "Alice Smith")) != hash);
  CHECK(csvHash(replaced(kRows, "DESIGN", "ENG")) != hash);
  CHECK(csvHash(replaced(kRows, "team lead, north", "team lead")) != hash);
  CHECK(csvHash(replaced(kRows, "+8613800000000", "+8613800000001")) != hash);
  CHECK(csvHash(replaced(kRows, "left", "")) != hash);  // Bob is active again
  CHECK(csvHash(kRows + "E1004,carol,Carol King,ENG,,,,Engineer\n") != hash);
  CHECK(csvHash(replaced(kRows, "E1002,alice,Alice Liddell,DESIGN,,,,Designer\n", "")) != hash);
  // Twice the same row: both are skipped as duplicates, so it plans differently.
  CHECK(csvHash(kRows + "E1003,bob,Bob Stone,ENG,,,left,Engineer\n") != hash);
}

TEST_CASE("export hash: an invalid row counts, mended, it is another export", "[directory][hash]") {
  const std::string tooLong = kRows + "E1004,carol," + repeat("C", 31) + ",ENG,,,,Engineer\n";
  const std::string mended = kRows + "E1004,carol," + repeat("C", 30) + ",ENG,,,,Engineer\n";
  HrFile f;
  REQUIRE(f.read(tooLong).problems.size() == 1);
  CHECK(csvHash(tooLong) != csvHash(kRows));
  CHECK(csvHash(mended) != csvHash(tooLong));
  CHECK(csvHash(kRows + "E1004,,Carol,ENG,,,,Engineer\n") !=
        csvHash(kRows + "E1004,,Carol King,ENG,,,,Engineer\n"));
}

TEST_CASE("export hash: an optional column missing differs from the column present and empty",
          "[directory][hash]") {
  CHECK(csvHash("employee_id,account,name\nE1,a1,Ann\n") !=
        csvHash("employee_id,account,name,remark\nE1,a1,Ann,\n"));
  CHECK(csvHash("employee_id,account,name,remark\nE1,a1,Ann,\n") !=
        csvHash("employee_id,account,name,mobile\nE1,a1,Ann,\n"));
}

TEST_CASE("export hash: a column the policy reads counts, a column nothing reads does not",
          "[directory][hash]") {
  const std::string header = "employee_id,account,name,title,notes\n";
  const std::string hash = csvHash(header + "E1,a1,Ann,Engineer,first\n");
  CHECK(csvHash(header + "E1,a1,Ann,Engineer,second\n") == hash);
  CHECK(csvHash("employee_id,account,name,title\nE1,a1,Ann,Engineer\n") == hash);
  CHECK(csvHash(header + "E1,a1,Ann,Manager,first\n") != hash);
  CHECK(csvHash("employee_id,account,name,notes\nE1,a1,Ann,first\n") != hash);  // title gone
}

TEST_CASE("export hash: values are told apart where one ends and the next begins",
          "[directory][hash]") {
  CHECK(csvHash("employee_id,account,name,department\nE1,a1,AnnB,C\n") !=
        csvHash("employee_id,account,name,department\nE1,a1,Ann,BC\n"));
  CHECK(csvHash("employee_id,account,name,title\nE1,a1,Ann,\"x\x1fy\"\n") !=
        csvHash("employee_id,account,name,title,x\nE1,a1,Ann,x,y\n"));
}

TEST_CASE("export hash: a JSON export's key order, spacing and object order do not count, its "
          "values do, the same rows as CSV are the same export",
          "[directory][hash][json]") {
  // Ann with the remark `annRemark`, then Bob with the keys `bob` adds.
  auto people = [](const std::string& annRemark, const std::string& bob) {
    return "[{\"employee_id\": \"E1\", \"account\": \"a1\", \"name\": \"Ann\", \"remark\": " +
           annRemark + ", \"title\": \"Engineer\"},\n {\"employee_id\": \"E2\", \"account\": " +
           "\"b2\", \"name\": \"Bob\"" + bob + "}]\n";
  };
  const std::string hash = jsonHash(people("\"x\"", ", \"remark\": null, \"title\": \"\""));
  CHECK(jsonHash("\xEF\xBB\xBF[{\"title\":\"\",\"remark\":\"\",\"name\":\"Bob\","
                 "\"account\":\"b2\",\"employee_id\":\"E2\"},{\"title\":\"Engineer\","
                 "\"remark\":\"x\",\"name\":\"Ann\",\"account\":\"a1\",\"employee_id\":\"E1\"}]") ==
        hash);
  CHECK(jsonHash(people("\"y\"", ", \"remark\": null, \"title\": \"\"")) != hash);
  // Bob without a remark key: not managed, which is not the same as an empty remark.
  CHECK(jsonHash(people("\"x\"", ", \"title\": \"\"")) != hash);
  // A value that is not text makes the row invalid: it counts as such.
  CHECK(jsonHash(people("\"x\"", ", \"remark\": true, \"title\": \"\"")) != hash);
  CHECK(csvHash("employee_id,account,name,remark,title\nE1,a1,Ann,x,Engineer\nE2,b2,Bob,,\n") ==
        hash);
}

TEST_CASE("export hash: the hash earlier versions took, of the file's bytes, is kept beside it",
          "[directory][hash]") {
  HrFile f;
  const std::string bytes = "\xEF\xBB\xBF" "employee_id,account,name\r\nE1,a1,Ann\r\n";
  const Export hr = f.read(bytes);
  CHECK(hr.legacyContentHash == membersync::Sha256::of(bytes));
  CHECK(hr.contentHash != hr.legacyContentHash);
  HrFile json;
  const std::string array = "[{\"employee_id\": \"E1\", \"account\": \"a1\", \"name\": \"Ann\"}]";
  CHECK(json.readJson(array).legacyContentHash == membersync::Sha256::of(array));
}
