// What attention() is given, read from a real state database: which run's problems and holds
// speak for everyone.

#include <catch2/catch.hpp>

#include "jobs/report/attention.h"
#include "tests/unit/state/rig.h"

using namespace membersync;
using state::RunKind;
using state::testing::Rig;

namespace {

state::RunId finishedRun(Rig& rig, RunKind kind, const std::string& outcome,
                         const std::string& scope = "") {
  const auto run = rig.store->beginRun({kind, "h", 10, "p", scope});
  rig.store->finishRun(run, outcome, {}, "");
  return run;
}

}  // namespace

TEST_CASE(
    "attention inputs: the newest complete run's invalid rows and every later run's unreleased "
    "holds, a failed, stale or --only run after it hides nothing",
    "[report][attention]") {
  Rig rig;
  const auto full = rig.store->beginRun({RunKind::Sync, "h", 10, "p", ""});
  rig.store->recordProblems(full, {{full, "problem:line:4", "bad mobile"}});
  rig.store->recordHeld(full, "delete:g1@aa", "guard");
  rig.store->recordItemPeople(full, {{"delete:g1", "alice", "Alice", "李娜", "E1", "", 0}});
  rig.store->finishRun(full, "held", {}, "");
  const auto only = finishedRun(rig, RunKind::Sync, "done", "bob");
  rig.store->recordProblems(only, {});
  finishedRun(rig, RunKind::Sync, "failed");
  finishedRun(rig, RunKind::Apply, "stale");
  finishedRun(rig, RunKind::Plan, "changes");  // a preview

  auto in = report::attentionInputs(*rig.store, 0, rig.nowMs(), 3, "");
  CHECK(in.run == full);
  REQUIRE(in.problems.size() == 1);
  REQUIRE(in.held.size() == 1);
  auto a = report::attention(in);
  CHECK(a.count(report::AttentionKind::Held) == 1);
  CHECK(a.count(report::AttentionKind::InvalidRow) == 1);
  CHECK(a.items.front().name == "李娜");

  // A hold of a later --only run waits for `allow` too; a released one needs nobody.
  rig.store->recordHeld(only, "edit:E2@bb", "guard");
  CHECK(report::attentionInputs(*rig.store, 0, rig.nowMs(), 3, "").held.size() == 2);
  rig.store->releaseRun(full);
  CHECK(report::attentionInputs(*rig.store, 0, rig.nowMs(), 3, "").held.size() == 1);

  // A complete run after them all is the one read.
  const auto later = finishedRun(rig, RunKind::Daemon, "done");
  in = report::attentionInputs(*rig.store, 0, rig.nowMs(), 3, "");
  CHECK(in.run == later);
  CHECK(in.problems.empty());
}
