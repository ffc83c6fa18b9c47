// An Excel workbook as the HR source (format = xlsx), through the real membersync binary against
// the emulator: Chinese names from shared strings, a mobile number stored as a number.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/xlsx_writer.h"

namespace {

using namespace membersync::testing;

// The people on sheet 员工 (after a sheet of notes): names as shared strings, the mobile a number.
std::string workbook(const std::vector<Person>& people) {
  XlsxBook book;
  book.sheets.push_back({"说明", row(1, inlineCell("A1", "HR export")), ""});
  std::string rows = row(1, inlineCell("A1", "employee_id") + inlineCell("B1", "account") +
                                inlineCell("C1", "name") + inlineCell("D1", "department") +
                                inlineCell("E1", "mobile"));
  for (std::size_t i = 0; i < people.size(); ++i) {
    const Person& p = people[i];
    const std::string n = std::to_string(i + 2);
    book.shared.push_back(p.name);
    rows += row(static_cast<int>(i + 2),
                inlineCell("A" + n, p.employeeId) + inlineCell("B" + n, p.account) +
                    sharedCell("C" + n, static_cast<int>(i)) + inlineCell("D" + n, p.department) +
                    (p.mobile.empty() ? "" : numberCell("E" + n, p.mobile)));
  }
  book.sheets.push_back({"员工", rows, ""});
  return xlsxBytes(book);
}

}  // namespace

TEST_CASE("xlsx: a sync from a workbook adds its people with their Chinese names and mobile digits",
          "[sync][xlsx]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.extra = "[directory]\nformat = xlsx\npath = hr.xlsx\nsheet = 员工\n";
  SyncFixture f(emulator, options);
  auto people = staff(3);
  people[0].mobile = "13800138009";
  f.writeFile("hr.xlsx", workbook(people));

  const auto r = f.sync();
  INFO(tail(r.out) << r.err);
  CHECK(r.exitCode == 0);
  const auto live = liveMembersByAccount(emulator);
  for (const Person& p : people) {
    REQUIRE(live.count(p.account));
    CHECK(live.at(p.account).name == p.name);
  }
  CHECK(live.at("staff0001").passwordMobile == std::optional<std::string>("13800138009"));

  const auto again = f.sync();  // the same people: nothing to do
  INFO(tail(again.out) << again.err);
  CHECK(again.exitCode == 0);
  f.checkNoSecretLeaked();
}
