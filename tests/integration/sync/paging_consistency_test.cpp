// The real membersync binary against the emulator's edits to the member list while it is read
// (--move-member-at-page, --add-member-at-page), at a fixed page: with max_concurrency = 1 the
// pages go out in order, so the edit lands between two page reads without any timing. A member
// that slips between pages stops the run before anything is planned from the list; other
// administrators' edits that only change the total do not; and a list past [center]
// max_member_pages is not read (nor passed by `check`).

#include <catch2/catch.hpp>

#include <string>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;

// Pages of 10, read one at a time: the 6 live members of the demo fixture and 30 staff make
// four pages, the first of them read ahead while the export is read.
SyncOptions pagesInOrder(const std::string& extra = "") {
  SyncOptions o;
  o.centerExtra = "page_size = 10\nmax_concurrency = 1\n" + extra;
  return o;
}

// The first sync: 30 people added while the list is one page, so no fault fires yet.
void addStaff(const EmulatorProcess& emulator, SyncFixture& f, const std::vector<Person>& people) {
  f.writeHr(people);
  const auto first = f.sync();
  INFO(first.err);
  REQUIRE(first.exitCode == 0);
  REQUIRE(stats(emulator).calls("A5") == 1);
  REQUIRE(liveMembersByAccount(emulator).size() == 36);
}

}  // namespace

TEST_CASE(
    "paging: a member moved between pages while the list is read fails the run before an add "
    "is planned for it, and nothing is written",
    "[sync][paging]") {
  // Before page 2 is answered, zhangwei (page 1) is deleted and byhand1 added at the end:
  // `total` holds, and staff0005, which opened page 2, moves onto page 1, already read.
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--move-member-at-page", "2"}});
  SyncFixture f(emulator, pagesInOrder());
  addStaff(emulator, f, staff(30));
  const auto before = stats(emulator);

  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err + r.out,
             Contains("the member list missed 1 members membersync manages that the center still "
                      "has (staff0005)") &&
                 Contains("nothing was done; run again"));
  CHECK_THAT(r.out, !Contains("add staff0005"));
  const auto after = stats(emulator);
  CHECK(after.writes == before.writes);
  CHECK(after.calls("A1") == before.calls("A1"));
  // Pages 1 (ahead) to 4, page 1 again, and the look-up of staff0005.
  CHECK(after.calls("A5") - before.calls("A5") == 6);
  REQUIRE(liveMembersByAccount(emulator).count("staff0005") == 1);
  CHECK(liveMembersByAccount(emulator).count("zhangwei") == 0);

  // The move happens once: the next run finds every person where the links say, and writes
  // nothing (the links were not dropped).
  const auto next = f.sync();
  INFO(next.out << next.err);
  CHECK(next.exitCode == 0);
  CHECK(stats(emulator).writes == before.writes);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "paging: members added by hand while the list is read, on both reads, change its total "
    "without failing the run",
    "[sync][paging]") {
  // Whenever page 2 is asked for, a member is added at the end: both reads see the total move.
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--add-member-at-page", "2"}});
  SyncFixture f(emulator, pagesInOrder());
  auto people = staff(30);
  addStaff(emulator, f, people);
  const auto before = stats(emulator);

  people[6].name = "改名";  // staff0007: one edit to make
  f.writeHr(people);
  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  const auto after = stats(emulator);
  CHECK(after.calls("A2") == before.calls("A2") + 1);
  CHECK(after.writes == before.writes + 1);
  CHECK(after.calls("A5") - before.calls("A5") == 8);  // two reads of four pages
  CHECK(liveMembersByAccount(emulator).at("staff0007").name == "改名");
  CHECK(liveMembersByAccount(emulator).count("byhand2") == 1);
  f.checkNoSecretLeaked();
}

TEST_CASE(
    "paging: a member list past [center] max_member_pages fails the run after page 1, "
    "naming the key",
    "[sync][paging]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator, pagesInOrder("max_member_pages = 3\n"));
  addStaff(emulator, f, staff(30));  // one page then; four now
  const auto before = stats(emulator);

  const auto r = f.sync();
  INFO(r.out << r.err);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err + r.out,
             Contains("the member list would take 4 pages (total 36 in [center] page_size = 10), "
                      "more than [center] max_member_pages = 3; not read") &&
                 Contains("raise max_member_pages"));
  const auto after = stats(emulator);
  CHECK(after.calls("A5") - before.calls("A5") == 1);  // page 1, read ahead
  CHECK(after.writes == before.writes);

  // `check` reads page 1 alone and refuses alike: the quick way to try a new value.
  const auto check = f.run({"check"});
  INFO(check.err);
  CHECK(check.exitCode == 1);
  CHECK_THAT(check.err, Contains("more than [center] max_member_pages = 3"));
  f.checkNoSecretLeaked();
}
