// The real membersync binary against the emulator: `revert RUN`. A mass rename is held by the
// edit guard, allowed and applied; `revert` shows the plan that takes it back (exit 2, nothing
// sent), `--out` saves it for `apply`, `--apply` carries it out; the same export then syncs
// without a write (the reverted names are held), a revert of the revert puts the names back,
// and what cannot be undone or cannot be reverted is said.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;


std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE(
    "revert: a mass rename held, allowed and applied is reverted, and the same export then syncs "
    "without a write, and the revert itself can be reverted",
    "[sync][revert]") {
  EmulatorProcess emulator;
  SyncOptions options;
  options.extra = "max_edits = 5\nedit_floor = 5\n";
  SyncFixture f(emulator, options);
  const auto people = staff(60);
  f.writeHr(people);
  REQUIRE(f.sync().exitCode == 0);

  const auto renamed = renamedAll(people, "Latin ");
  f.writeHr(renamed);
  const auto held = f.sync();
  REQUIRE(held.exitCode == 4);
  REQUIRE(f.run({"allow", std::to_string(appliedRun(held.out))}).exitCode == 0);
  const auto applied = f.sync();
  INFO(tail(applied.out) << applied.err);
  REQUIRE(applied.exitCode == 0);
  const std::string run = std::to_string(appliedRun(applied.out));
  const auto before = stats(emulator);

  const auto shown = f.run({"revert", run});
  INFO(tail(shown.out) << shown.err);
  CHECK(shown.exitCode == 2);
  CHECK_THAT(shown.out, Contains("~ edit staff0001") &&
                            Contains("name:         \"Latin staff0001\" -> \"" + people[0].name + "\"") &&
                            Contains("60 to change"));
  CHECK(stats(emulator).writes == before.writes);

  const auto saved = f.run({"revert", run, "--out", (f.dir() / "revert.json").string()});
  CHECK(saved.exitCode == 2);
  CHECK_THAT(slurp(f.dir() / "revert.json"), Contains("\"revertsRun\": " + run));

  SECTION("--apply sets the names back, and the same export then writes nothing") {
    const auto reverted = f.run({"revert", run, "--apply"});
    INFO(tail(reverted.out) << reverted.err);
    CHECK(reverted.exitCode == 0);
    CHECK(stats(emulator).calls("A2") == before.calls("A2") + 60);
    auto live = liveMembersByAccount(emulator);
    CHECK(live["staff0001"].name == people[0].name);

    const int writes = stats(emulator).writes;
    const auto again = f.sync();
    INFO(tail(again.out) << again.err);
    CHECK(again.exitCode == 0);
    CHECK(stats(emulator).writes == writes);
    CHECK_THAT(again.out, Contains("! held edit staff0001") && Contains("reverted in run " + run));
    CHECK_THAT(f.run({"explain", "staff0002"}).out,
               Contains("name reverted in run " + run + ": held while HR gives \"Latin staff0002\""));

    // An edit elsewhere in the policy does not lift the holds.
    auto edited = options;
    edited.departments = R"({"ENG": 1001, "DESIGN": 1002, "SALES": 1003, "OPS": 1004, "HR": 1005})";
    f.configure(edited);
    const auto policyEdited = f.sync();
    INFO(tail(policyEdited.out) << policyEdited.err);
    CHECK(policyEdited.exitCode == 0);
    CHECK(stats(emulator).writes == writes);

    // A name HR changes again lifts that hold; the others stay.
    auto fixed = renamed;
    fixed[0].name = "Fixed Name";
    f.writeHr(fixed);
    const auto lifted = f.sync();
    INFO(tail(lifted.out) << lifted.err);
    CHECK(lifted.exitCode == 0);
    CHECK(stats(emulator).calls("A2") == before.calls("A2") + 61);
    CHECK(liveMembersByAccount(emulator)["staff0001"].name == "Fixed Name");
    CHECK(liveMembersByAccount(emulator)["staff0002"].name == people[1].name);

    // Reverting the revert puts the Latin names back, and ends their holds.
    const auto undo = f.run({"revert", std::to_string(appliedRun(reverted.out)), "--apply"});
    INFO(tail(undo.out) << undo.err);
    CHECK(undo.exitCode == 0);
    CHECK(liveMembersByAccount(emulator)["staff0002"].name == "Latin staff0002");
    CHECK_THAT(undo.out, Contains("skipped name of staff0001"));
    const int afterUndo = stats(emulator).writes;
    CHECK(f.sync().exitCode == 0);
    CHECK(stats(emulator).writes == afterUndo);
  }
  SECTION("apply carries out the saved revert") {
    const auto carried = f.run({"apply", (f.dir() / "revert.json").string()});
    INFO(tail(carried.out) << carried.err);
    CHECK(carried.exitCode == 0);
    CHECK(liveMembersByAccount(emulator)["staff0060"].name == people[59].name);
    const int writes = stats(emulator).writes;
    CHECK(f.sync().exitCode == 0);
    CHECK(stats(emulator).writes == writes);
  }
  f.checkNoSecretLeaked();
}

TEST_CASE("revert: adds are listed as what cannot be undone, and an unknown run is refused",
          "[sync][revert]") {
  EmulatorProcess emulator;
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  const auto first = f.sync();
  REQUIRE(first.exitCode == 0);
  const auto r = f.run({"revert", std::to_string(appliedRun(first.out))});
  INFO(r.out << r.err);
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Contains("cannot undo the add") && Contains("staff0001"));

  const auto unknown = f.run({"revert", "999"});
  CHECK(unknown.exitCode == 1);
  CHECK_THAT(unknown.err, Contains("there is no run 999"));
  CHECK(f.run({"revert", "x"}).exitCode == 64);
  CHECK(f.run({"revert", "1", "--apply", "--out", "p.json"}).exitCode == 64);
}
