// runJournaled(): the one order every write follows, against a real state database.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "jobs/apply/apply_run.h"
#include "jobs/apply/journaled_write.h"
#include "tests/unit/state/rig.h"

using namespace membersync;
using apply::WriteOutcome;
using state::StepState;

namespace {

plan::Item edit(const std::string& n) {
  plan::Item item;
  item.kind = plan::ItemKind::Edit;
  item.key = "edit:E" + n;
  item.employeeId = "E" + n;
  item.account = "user" + n;
  item.globalId = "G" + n;
  return item;
}

std::vector<apply::WriteStep> stepsFor(const std::vector<plan::Item>& items) {
  std::vector<apply::WriteStep> batch;
  for (const auto& i : items)
    batch.push_back({{i.key, "edit", i.account, i.employeeId, i.globalId, ""}, &i});
  return batch;
}

struct Fixture {
  state::testing::Rig rig;
  state::RunId run = rig.store->beginRun({state::RunKind::Sync, "", 0, "", ""});
  std::vector<plan::Item> items{edit("1"), edit("2"), edit("3")};
  plan::Plan plan;
  state::Snapshot snapshot;
  apply::ApplySettings settings;
  apply::ApplyRun ledger{plan, snapshot, run, 0, settings};

  std::vector<StepState> states() {
    std::vector<StepState> out;
    for (const auto& s : rig.store->stepsOfRun(run)) out.push_back(s.state);
    return out;
  }
};

}  // namespace

TEST_CASE("journaled write: every step of the batch is journaled as sent before the batch is sent",
          "[apply]") {
  Fixture f;
  std::vector<StepState> seenBySend;
  apply::runJournaled(
      *f.rig.store, f.run, stepsFor(f.items),
      [&](const std::vector<state::StepId>& ids) {
        CHECK(ids.size() == 3);
        seenBySend = f.states();
        return std::vector<WriteOutcome>(3, WriteOutcome::succeeded());
      },
      {}, &f.ledger);
  CHECK(seenBySend == std::vector<StepState>(3, StepState::Sent));
  CHECK(f.states() == std::vector<StepState>(3, StepState::Succeeded));
  CHECK(f.ledger.takeResult().counts.edited == 3);
}

TEST_CASE("journaled write: what must be durable first is done before any outcome is recorded",
          "[apply]") {
  Fixture f;
  std::vector<StepState> seenByAnswered;
  apply::WriteHooks hooks;
  hooks.answered = [&](const std::vector<WriteOutcome>& o) {
    CHECK(o.size() == 3);
    seenByAnswered = f.states();
  };
  apply::runJournaled(
      *f.rig.store, f.run, stepsFor(f.items),
      [](const auto&) { return std::vector<WriteOutcome>(3, WriteOutcome::succeeded()); }, hooks,
      &f.ledger);
  CHECK(seenByAnswered == std::vector<StepState>(3, StepState::Sent));
}

TEST_CASE("journaled write: a batch's outcomes and their records commit together, or every step "
          "stays in doubt",
          "[apply]") {
  Fixture f;
  apply::WriteHooks hooks;
  hooks.recorded = [&](const std::vector<WriteOutcome>& outcomes) {
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      f.rig.store->saveLink(
          {f.items[i].employeeId, f.items[i].account, f.items[i].globalId, true, 0});
      if (i == 1) throw std::runtime_error("disk full");
    }
  };
  CHECK_THROWS_WITH(
      apply::runJournaled(
          *f.rig.store, f.run, stepsFor(f.items),
          [](const auto&) { return std::vector<WriteOutcome>(3, WriteOutcome::succeeded()); },
          hooks, &f.ledger),
      "disk full");
  CHECK(f.states() == std::vector<StepState>{StepState::Sent, StepState::Sent, StepState::Sent});
  const auto snap = f.rig.store->load();
  CHECK(snap.linksByEmployee.count("E1") == 0);  // rolled back with the journal's entries
  CHECK(snap.linksByEmployee.count("E2") == 0);
  CHECK(f.rig.store->unsettledSteps().size() == 3);
}

TEST_CASE(
    "journaled write: failures keep the item's history and the run's list, not sent keeps neither",
    "[apply]") {
  Fixture f;
  apply::runJournaled(
      *f.rig.store, f.run, stepsFor(f.items),
      [](const auto&) {
        return std::vector<WriteOutcome>{
            WriteOutcome::failed(state::ItemStatus::Refused, "10003", "bad name"),
            WriteOutcome::unknown("", "no answer"), WriteOutcome::notSent("cancelled", "stopping")};
      },
      {}, &f.ledger);
  CHECK(f.states() ==
        std::vector<StepState>{StepState::Failed, StepState::Unknown, StepState::Failed});
  const auto items = f.rig.store->load().items;
  REQUIRE(items.count("edit:E1") == 1);
  CHECK(items.at("edit:E1").status == state::ItemStatus::Refused);
  CHECK(items.at("edit:E1").attempts == 1);
  REQUIRE(items.count("edit:E2") == 1);
  CHECK(items.at("edit:E2").status == state::ItemStatus::Unknown);
  CHECK(items.count("edit:E3") == 0);
  const auto result = f.ledger.takeResult();
  CHECK(result.counts.failed == 1);
  CHECK(result.counts.unknown == 1);
  CHECK(result.failures.size() == 2);
}

TEST_CASE("journaled write: a success clears the item's history", "[apply]") {
  Fixture f;
  state::ItemRecord old;
  old.key = "edit:E1";
  old.status = state::ItemStatus::RetryLater;
  old.attempts = 2;
  f.rig.store->saveItem(old);
  apply::runJournaled(
      *f.rig.store, f.run, stepsFor({f.items[0]}),
      [](const auto&) { return std::vector<WriteOutcome>{WriteOutcome::succeeded()}; }, {},
      &f.ledger);
  CHECK(f.rig.store->load().items.count("edit:E1") == 0);
}

TEST_CASE("journaled write: a sender answering for another number of steps is a logic error",
          "[apply]") {
  Fixture f;
  CHECK_THROWS_AS(apply::runJournaled(
                      *f.rig.store, f.run, stepsFor(f.items),
                      [](const auto&) { return std::vector<WriteOutcome>(2); }, {}, &f.ledger),
                  std::logic_error);
}
