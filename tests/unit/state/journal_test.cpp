// The journal of write steps: every transition, steps in doubt after a killed process, and
// settling them.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;
using namespace std::chrono_literals;

TEST_CASE("state: a step is journaled from planned through sent to succeeded", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  StepInfo info{"add:E1", "add", "alice", "E1", "", R"({"chunk":1,"rows":100})"};
  StepId id = rig.store->journalPlanned(run, info);
  Millis planned = rig.nowMs();

  auto steps = rig.store->stepsOfRun(run);
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].id == id);
  CHECK(steps[0].runId == run);
  CHECK(steps[0].info.itemKey == "add:E1");
  CHECK(steps[0].info.kind == "add");
  CHECK(steps[0].info.account == "alice");
  CHECK(steps[0].info.employeeId == "E1");
  CHECK(steps[0].info.globalId.empty());
  CHECK(steps[0].info.detail == info.detail);
  CHECK(steps[0].state == StepState::Planned);
  CHECK(steps[0].attempts == 0);
  CHECK(steps[0].plannedAt == planned);
  CHECK_FALSE(steps[0].sentAt);
  CHECK(rig.store->unsettledSteps().empty());  // never sent: nothing in doubt

  rig.clock.advance(1s);
  rig.store->journalSent(id);
  rig.clock.advance(1s);
  rig.store->journalSucceeded(id, std::string("G77"));

  Step s = rig.store->stepsOfRun(run).at(0);
  CHECK(s.state == StepState::Succeeded);
  CHECK(s.attempts == 1);
  CHECK(s.info.globalId == "G77");
  REQUIRE(s.sentAt);
  CHECK(*s.sentAt == planned + 1000);
  REQUIRE(s.finishedAt);
  CHECK(*s.finishedAt == planned + 2000);
  CHECK_FALSE(s.failure);
  CHECK_FALSE(s.settlement);
  CHECK(rig.store->unsettledSteps().empty());
}

TEST_CASE("state: steps journaled together are sent at once, in order, with ids never used before",
          "[state]") {
  Rig rig;
  RunId old = rig.store->beginRun({});
  for (int i = 0; i < 3; ++i) rig.store->journalPlanned(old, {"edit:E" + std::to_string(i), "edit", "", "", "", ""});
  rig.clock.advance(40 * 24h);
  RunId run = rig.store->beginRun({});
  REQUIRE(rig.store->purgeRuns(30) == 1);  // the old run's steps, the highest ids, are gone

  const auto ids = rig.store->journalSent(
      run, {{"add:E1", "add", "alice", "E1", "", "chunk 1"}, {"add:E2", "add", "bob", "E2", "", "chunk 1"}});
  REQUIRE(ids.size() == 2);
  CHECK(ids[0] > 3);  // after every id the journal ever held, as AUTOINCREMENT promises
  CHECK(ids[1] == ids[0] + 1);
  const auto steps = rig.store->stepsOfRun(run);
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].info.account == "alice");
  CHECK(steps[1].info.detail == "chunk 1");
  for (const auto& step : steps) {
    CHECK(step.state == StepState::Sent);
    CHECK(step.attempts == 1);
    CHECK(step.sentAt == rig.nowMs());
  }
  CHECK(rig.store->unsettledSteps().size() == 2);

  rig.store->journalSucceeded({{ids[0], "G-1"}, {ids[1], ""}});
  const auto done = rig.store->stepsOfRun(run);
  CHECK(done[0].state == StepState::Succeeded);
  CHECK(done[0].info.globalId == "G-1");
  CHECK(done[1].state == StepState::Succeeded);
  CHECK(done[1].info.globalId.empty());
  CHECK(rig.store->journalSent(run, {}).empty());
  CHECK_THROWS_AS(rig.store->journalSucceeded({{ids[1] + 100, ""}}), std::invalid_argument);
  CHECK_THROWS_AS(rig.store->journalSent(run + 100, {{"add:E3", "add", "", "", "", ""}}),
                  std::invalid_argument);
}

TEST_CASE("state: a failed step keeps its code, message and whether to retry, a re-send counts",
          "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  StepId id = rig.store->journalPlanned(run, {"edit:E2", "edit", "bob", "E2", "G2", ""});
  rig.store->journalSent(id);
  rig.store->journalFailed(id, "500", "internal error", ItemStatus::RetryLater);
  Step s = rig.store->stepsOfRun(run).at(0);
  CHECK(s.state == StepState::Failed);
  REQUIRE(s.failure);
  CHECK(*s.failure == ItemStatus::RetryLater);
  CHECK(s.code == "500");
  CHECK(s.message == "internal error");

  rig.store->journalSent(id);  // retried within the run
  s = rig.store->stepsOfRun(run).at(0);
  CHECK(s.state == StepState::Sent);
  CHECK(s.attempts == 2);
  CHECK_FALSE(s.failure);
  CHECK(s.code.empty());

  rig.store->journalFailed(id, "10003", "name too long", ItemStatus::Refused);
  s = rig.store->stepsOfRun(run).at(0);
  CHECK(*s.failure == ItemStatus::Refused);
  CHECK(s.attempts == 2);

  CHECK_THROWS_AS(rig.store->journalFailed(id, "", "", ItemStatus::Succeeded),
                  std::invalid_argument);
  CHECK_THROWS_AS(rig.store->journalFailed(id, "", "", ItemStatus::Unknown), std::invalid_argument);
}

TEST_CASE("state: an unknown outcome stays in doubt until settled by reading", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  StepId add = rig.store->journalPlanned(run, {"add:E3", "add", "carol", "E3", "", ""});
  StepId enrol = rig.store->journalPlanned(run, {"enrol:E3", "enrol", "carol", "E3", "G3", ""});
  for (StepId id : {add, enrol}) {
    rig.store->journalSent(id);
    rig.store->journalUnknown(id, "connection closed after sending");
  }
  auto doubt = rig.store->unsettledSteps();
  REQUIRE(doubt.size() == 2);
  CHECK(doubt[0].id == add);
  CHECK(doubt[0].state == StepState::Unknown);
  CHECK(doubt[0].message == "connection closed after sending");

  rig.store->journalSettled(add, Settlement::Done, std::string("G3"), "");
  rig.store->journalSettled(enrol, Settlement::Unresolved, std::nullopt, "");  // B1 has no read
  CHECK(rig.store->unsettledSteps().empty());
  auto steps = rig.store->stepsOfRun(run);
  CHECK(steps[0].info.globalId == "G3");
  CHECK(*steps[0].settlement == Settlement::Done);
  CHECK(steps[0].settledAt);
  CHECK(*steps[1].settlement == Settlement::Unresolved);
  CHECK(steps[1].state == StepState::Unknown);  // still shown by status as unknown
}

TEST_CASE(
    "state: what reading found replaces a settled step's message, and unresolved steps are "
    "listed from a run on until a later step of their item succeeds",
    "[state]") {
  Rig rig;
  RunId first = rig.store->beginRun({});
  StepId old = rig.store->journalPlanned(first, {"edit:E1", "edit", "alice", "E1", "G1", ""});
  RunId second = rig.store->beginRun({});
  StepId edit = rig.store->journalPlanned(second, {"edit:E2", "edit", "bob", "E2", "G2", ""});
  StepId enrol = rig.store->journalPlanned(second, {"enrol:E2", "enrol", "bob", "E2", "G2", ""});
  StepId kept = rig.store->journalPlanned(second, {"edit:E3", "edit", "carol", "E3", "G3", ""});
  for (StepId id : {old, edit, enrol, kept}) {
    rig.store->journalSent(id);
    rig.store->journalUnknown(id, "no answer");
  }
  rig.store->journalSettled(old, Settlement::Unresolved, std::nullopt, "name is \"C\"");
  rig.store->journalSettled(edit, Settlement::Unresolved, std::nullopt, "name is \"D\"");
  rig.store->journalSettled(enrol, Settlement::Unresolved, std::nullopt, "");
  rig.store->journalSettled(kept, Settlement::Done, std::nullopt, "");  // an empty finding

  const auto unresolved = rig.store->unresolvedSteps(second);
  REQUIRE(unresolved.size() == 2);  // the edit and the enrolment
  CHECK(unresolved[0].id == edit);
  CHECK(unresolved[0].message == "name is \"D\"");
  CHECK(rig.store->unresolvedSteps(first).size() == 3);
  CHECK(rig.store->stepsOfRun(second)[2].message == "no answer");

  // A later step of the same item that succeeded: the center holds what was meant.
  RunId third = rig.store->beginRun({});
  StepId redo = rig.store->journalPlanned(third, {"edit:E2", "edit", "bob", "E2", "G2", ""});
  rig.store->journalSent(redo);
  rig.store->journalSucceeded(redo, std::nullopt);
  CHECK(rig.store->unresolvedSteps(second).size() == 1);
}

TEST_CASE("state: a step sent by a process that was killed is in doubt for the next run",
          "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({RunKind::Sync, "h", 3, "p", ""});
  rig.store.reset();  // the child has the database to itself, as a separate run would

  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child must never return into Catch, which would run the remaining tests again.
    try {
      auto store = SqliteStore::open(rig.path, rig.clock);
      StepId done = store->journalPlanned(run, {"add:E1", "add", "alice", "E1", "", ""});
      store->journalSent(done);
      store->journalSucceeded(done, std::string("G1"));
      StepId cut = store->journalPlanned(run, {"add:E2", "add", "bob", "E2", "", ""});
      store->journalSent(cut);
      ::raise(SIGKILL);  // no destructor, no checkpoint, no finishRun
    } catch (...) {
      ::_exit(2);  // fails the parent's WIFSIGNALED check below
    }
    ::_exit(3);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(WTERMSIG(status) == SIGKILL);

  rig.reopen();
  auto doubt = rig.store->unsettledSteps();
  REQUIRE(doubt.size() == 1);
  CHECK(doubt[0].info.itemKey == "add:E2");
  CHECK(doubt[0].state == StepState::Sent);
  CHECK(doubt[0].attempts == 1);
  CHECK_FALSE(doubt[0].finishedAt);
  auto steps = rig.store->stepsOfRun(run);
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].state == StepState::Succeeded);  // never to be repeated
  CHECK_FALSE(rig.store->findRun(run)->finishedAt);

  rig.store->journalSettled(doubt[0].id, Settlement::NotDone, std::nullopt, "");
  CHECK(rig.store->unsettledSteps().empty());
}

TEST_CASE("state: an account's steps come newest first, across runs, at most the limit",
          "[state]") {
  Rig rig;
  const RunId first = rig.store->beginRun({});
  rig.store->journalPlanned(first, {"add:E1", "add", "alice", "E1", "", ""});
  rig.store->journalPlanned(first, {"add:E2", "add", "bob", "E2", "", ""});
  const RunId second = rig.store->beginRun({});
  rig.store->journalPlanned(second, {"edit:E1", "edit", "alice", "E1", "g1", "{}"});
  rig.store->journalPlanned(second, {"assign:g1", "assign", "alice", "E1", "g1", "{}"});

  const auto alice = rig.store->stepsOfAccount("alice", 10);
  REQUIRE(alice.size() == 3);
  CHECK(alice[0].info.kind == "assign");
  CHECK(alice[0].runId == second);
  CHECK(alice[2].info.kind == "add");
  CHECK(alice[2].runId == first);
  CHECK(rig.store->stepsOfAccount("alice", 2).size() == 2);
  CHECK(rig.store->stepsOfAccount("carol", 10).empty());
}
