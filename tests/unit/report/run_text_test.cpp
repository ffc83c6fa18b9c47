// The words and names of a run's counts, shared by `sync`, `status`, the daemon's log, STATUS=
// and /healthz.

#include "jobs/report/run_text.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

using membersync::report::runCountFields;
using membersync::report::runCountsText;
using membersync::state::RunCounts;

TEST_CASE("run text: counts of 0 are left out, none at all is \"no changes\"", "[report]") {
  CHECK(runCountsText(RunCounts{}) == "no changes");
  RunCounts c;
  c.added = 3;
  c.edited = 2;
  c.failed = 1;
  CHECK(runCountsText(c) == "3 added, 2 changed, 1 failed");
}

TEST_CASE("run text: every count, in one order, in its words", "[report]") {
  RunCounts c;
  c.added = 1;
  c.edited = 2;
  c.adopted = 3;
  c.withdrawn = 4;
  c.deleted = 5;
  c.assigned = 6;
  c.lent = 7;
  c.enrolled = 8;
  c.held = 9;
  c.failed = 10;
  c.unknown = 11;
  CHECK(runCountsText(c) ==
        "1 added, 2 changed, 3 adopted, 4 withdrawn, 5 deleted, 6 asset changes, 7 lent, "
        "8 enrolled, 9 held, 10 failed, 11 in doubt");
}

TEST_CASE("run text: the named fields carry every count under a stable key", "[report]") {
  RunCounts c;
  c.edited = 2;
  c.assigned = 6;
  c.unknown = 11;
  const auto fields = runCountFields(c);
  REQUIRE(fields.size() == 11);
  std::set<std::string> keys;
  int total = 0;
  for (const auto& f : fields) {
    keys.insert(f.key);
    total += f.n;
  }
  CHECK(keys.size() == fields.size());  // no key twice
  CHECK(total == 19);
  CHECK(std::string(fields[1].key) == "edited");
  CHECK(std::string(fields[1].words) == "changed");
  CHECK(fields[1].n == 2);
  CHECK(std::string(fields[5].key) == "assigned");
  CHECK(fields[5].n == 6);
  CHECK(std::string(fields[10].key) == "unknown");
  CHECK(std::string(fields[10].words) == "in doubt");
}
