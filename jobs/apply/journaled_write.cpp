#include "jobs/apply/journaled_write.h"

#include <stdexcept>

namespace membersync::apply {

WriteOutcome WriteOutcome::succeeded(std::string globalId) {
  WriteOutcome o;
  o.kind = Kind::Succeeded;
  o.globalId = std::move(globalId);
  return o;
}

WriteOutcome WriteOutcome::failed(state::ItemStatus status, std::string code, std::string message) {
  WriteOutcome o;
  o.kind = Kind::Failed;
  o.status = status;
  o.code = std::move(code);
  o.message = std::move(message);
  return o;
}

WriteOutcome WriteOutcome::unknown(std::string code, std::string message) {
  WriteOutcome o;
  o.kind = Kind::Unknown;
  o.status = state::ItemStatus::Unknown;
  o.code = std::move(code);
  o.message = std::move(message);
  return o;
}

WriteOutcome WriteOutcome::notSent(std::string code, std::string message) {
  WriteOutcome o = failed(state::ItemStatus::RetryLater, std::move(code), std::move(message));
  o.kind = Kind::NotSent;
  o.history = false;
  o.listed = false;
  return o;
}

WriteOutcome WriteOutcome::of(const center::Status& result, const std::string& message) {
  if (result.ok()) return succeeded();
  const center::Error& e = result.error();
  WriteOutcome o =
      result.unknown() ? unknown(e.code, message) : failed(statusOf(e), e.code, message);
  o.errorKind = e.kind;
  return o;
}

state::ItemStatus statusOf(const center::Error& e) {
  switch (e.kind) {
    case center::ErrorKind::BadInput:
    case center::ErrorKind::Conflict:
    case center::ErrorKind::NotFound:
      return state::ItemStatus::Refused;
    default:
      return state::ItemStatus::RetryLater;
  }
}

namespace {

// The batch's outcomes in the journal: the successes (nearly all of a healthy run) in one
// statement, the rest one by one.
void journalOutcomes(state::StateStore& store, const std::vector<state::StepId>& steps,
                     const std::vector<WriteOutcome>& outcomes) {
  std::vector<state::StepSuccess> succeeded;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const WriteOutcome& o = outcomes[i];
    switch (o.kind) {
      case WriteOutcome::Kind::Succeeded:
        succeeded.push_back({steps[i], o.globalId});
        break;
      case WriteOutcome::Kind::Failed:
      case WriteOutcome::Kind::NotSent:
        store.journalFailed(steps[i], o.code, o.message, o.status);
        break;
      case WriteOutcome::Kind::Unknown:
        store.journalUnknown(steps[i], o.message);
        break;
    }
  }
  store.journalSucceeded(succeeded);
}

}  // namespace

std::vector<WriteOutcome> runJournaled(state::StateStore& store, state::RunId run,
                                       const std::vector<WriteStep>& batch, const SendBatch& send,
                                       const WriteHooks& hooks, OutcomeLedger* ledger) {
  std::vector<state::StepInfo> infos;
  for (const auto& step : batch) infos.push_back(step.info);
  std::vector<state::StepId> steps;
  store.transaction([&] {
    steps = store.journalSent(run, infos);
    if (hooks.journaled)
      for (std::size_t i = 0; i < batch.size(); ++i) hooks.journaled(i);
  });
  const std::vector<WriteOutcome> outcomes = send(steps);
  if (outcomes.size() != batch.size()) {
    throw std::logic_error("journaled write: " + std::to_string(outcomes.size()) +
                           " outcomes for " + std::to_string(batch.size()) + " steps");
  }
  if (hooks.answered) hooks.answered(outcomes);
  // The batch's outcomes with their records in one transaction (one commit for an A1 chunk of
  // 100 rows, not 100): a failure or a crash before it commits leaves every step of the batch in
  // doubt, which the next run settles by reading, as for a lost answer.
  store.transaction([&] {
    journalOutcomes(store, steps, outcomes);
    if (hooks.recorded) hooks.recorded(outcomes);
    if (ledger) ledger->record(store, batch, outcomes);
  });
  if (ledger) {
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch[i].item) ledger->tally(*batch[i].item, outcomes[i]);
  }
  return outcomes;
}

}  // namespace membersync::apply
