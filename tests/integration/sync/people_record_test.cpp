// What each applying run of the real membersync records for the console's people pages: every
// person of the export with their HR fields, written again only when their row changed.

#include <catch2/catch.hpp>

#include "jobs/core/manual_clock.h"
#include "jobs/state/sqlite_store.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using membersync::state::SqliteStore;

// The state database of `f`, opened as the console would (after the run has exited).
std::unique_ptr<SqliteStore> stateOf(const SyncFixture& f, membersync::ManualClock& clock) {
  return SqliteStore::open((f.dir() / "membersync.db").string(), clock);
}

}  // namespace

TEST_CASE("sync: each run records the export's people for the console, rewriting changed rows only",
          "[sync][people]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  auto people = staff(20);
  people[2].name = "欧阳翠花";
  people[2].email = "cuihua@acme.example";
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  membersync::ManualClock clock;
  {
    auto store = stateOf(f, clock);
    CHECK(store->peopleCount() == 20);
    const auto zhang = store->findPerson("staff0003");
    REQUIRE(zhang);
    CHECK(zhang->name == "欧阳翠花");
    CHECK(zhang->employeeId == people[2].employeeId);
    CHECK(zhang->department == people[2].department);
    CHECK(zhang->email == "cuihua@acme.example");
    const auto first = store->peopleReadIn();
    CHECK(zhang->changedIn == first);
    const auto found = store->searchPeople("阳翠", 50);
    REQUIRE(found.people.size() == 1);
    CHECK(found.people[0].account == "staff0003");
  }

  // Unchanged: read again, nothing rewritten. One department changed: that row alone.
  REQUIRE(f.sync().exitCode == 0);
  people[4].department = "OPS";
  f.writeHr(people);
  const auto r = f.sync();
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  auto store = stateOf(f, clock);
  const auto third = store->peopleReadIn();
  CHECK(store->findPerson("staff0005")->department == "OPS");
  CHECK(store->findPerson("staff0005")->changedIn == third);
  CHECK(store->findPerson("staff0003")->changedIn < third - 1);  // not rewritten by run 2 or 3

  // A saved plan applied records the export it was applied with, as a sync does.
  store.reset();
  people[5].department = "DESIGN";
  f.writeHr(people);
  const std::string planFile = (f.dir() / "plan.json").string();
  REQUIRE(f.run({"plan", "--out", planFile}).exitCode == 2);
  const auto applied = f.run({"apply", planFile});
  INFO(applied.out << applied.err);
  REQUIRE(applied.exitCode == 0);
  store = stateOf(f, clock);
  CHECK(store->findPerson("staff0006")->department == "DESIGN");
  CHECK(store->findPerson("staff0006")->changedIn == store->peopleReadIn());
  f.checkNoSecretLeaked();
}
