// The real membersync binary against the emulator: grace_runs counts exports, not files. The
// same rows saved again as an administrator's editor saves them (a byte order mark, CRLF line
// endings, every field quoted, the columns and rows in another order) are the same export, for
// a departure's grace and for a saved plan; a row that changes makes another.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// `csv` as Excel saves it for "CSV UTF-8": a byte order mark and CRLF line endings.
std::string withBomAndCrlf(const std::string& csv) {
  std::string out = "\xEF\xBB\xBF";
  for (char c : csv) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

std::string quoted(const std::string& field) { return "\"" + field + "\""; }

// The same rows as toCsv() writes them, with every field quoted, the columns in reverse order
// and the rows last to first.
std::string rearranged(std::vector<Person> people) {
  std::reverse(people.begin(), people.end());
  std::string out = "\"status\",\"remark\",\"department\",\"name\",\"account\",\"employee_id\"\n";
  for (const Person& p : people) {
    out += quoted(p.status) + "," + quoted(p.remark) + "," + quoted(p.department) + "," +
           quoted(p.name) + "," + quoted(p.account) + "," + quoted(p.employeeId) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE(
    "sync: the same rows saved again with a BOM and CRLF, or quoted and rearranged, are not a "
    "second export for grace_runs, a changed row is, and the departure is then carried out",
    "[sync][grace]") {
  EmulatorProcess emulator;
  SyncOptions o;
  o.graceRuns = 2;
  o.graceHours = 0;  // grace_runs alone decides
  o.departed = "delete";
  SyncFixture f(emulator, o);
  auto people = staff(20);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  people.pop_back();  // staff0020 leaves
  f.writeHr(people);
  const auto first = f.sync();
  INFO(tail(first.out) << first.err);
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.out, Contains("held delete staff0020") && Contains("in 1 of 2 exports"));
  const int writes = stats(emulator).writes;

  const std::vector<std::pair<std::string, std::string>> resaved{
      {"a byte order mark and CRLF line endings", withBomAndCrlf(toCsv(people))},
      {"every field quoted, the columns and the rows in reverse order", rearranged(people)}};
  for (const auto& [how, bytes] : resaved) {
    INFO("the same rows saved again with " << how);
    f.writeFile("hr.csv", bytes);
    const auto again = f.sync();
    INFO(tail(again.out) << again.err);
    CHECK(again.exitCode == 0);
    CHECK_THAT(again.out, Contains("held delete staff0020") && Contains("in 1 of 2 exports"));
    CHECK(stats(emulator).writes == writes);
    CHECK(liveMembersByAccount(emulator).count("staff0020") == 1);
  }

  // A second export indeed: someone's name changed (saved with a BOM and CRLF again).
  people[0].name = "司马光";
  f.writeFile("hr.csv", withBomAndCrlf(toCsv(people)));
  const auto gone = f.sync();
  INFO(tail(gone.out) << gone.err);
  CHECK(gone.exitCode == 0);
  CHECK(stats(emulator).calls("A4") == 1);
  CHECK(liveMembersByAccount(emulator).count("staff0020") == 0);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "apply: a saved plan is carried out after the export is saved again with a BOM and CRLF, "
    "and refused as stale once a row changed",
    "[sync][grace]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(10);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);
  const std::string planFile = (f.dir() / "p.json").string();

  people[1].name = "上官婉儿";
  f.writeHr(people);
  REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
  f.writeFile("hr.csv", withBomAndCrlf(toCsv(people)));
  const auto applied = f.run({"apply", planFile});
  INFO(tail(applied.out) << applied.err);
  CHECK(applied.exitCode == 0);
  CHECK(liveMembersByAccount(emulator).at(people[1].account).name == "上官婉儿");

  people[2].name = "慕容复";
  f.writeHr(people);
  REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
  people[3].name = "欧阳锋";
  f.writeFile("hr.csv", withBomAndCrlf(toCsv(people)));
  const int writes = stats(emulator).writes;
  const auto stale = f.run({"apply", planFile});
  INFO(tail(stale.out) << stale.err);
  CHECK(stale.exitCode == 5);
  CHECK_THAT(stale.err, Contains("stale") && Contains("the HR export"));
  CHECK(stats(emulator).writes == writes);
  f.checkNoSecretLeaked();
}
