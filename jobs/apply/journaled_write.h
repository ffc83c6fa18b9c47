#pragma once

// The one order every write to the center follows, whatever it writes (A1 chunks, A2, A3, A4, A9,
// A10, B1): journal the batch as planned and sent, send, then record each step's outcome in one
// transaction with the records it implies. A process that dies anywhere leaves each step either
// never sent (Planned) or in doubt (Sent), which the next run settles by reading; never a step
// that succeeded without its records, or records without the step.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "jobs/center/result.h"
#include "jobs/plan/plan.h"
#include "jobs/state/store.h"

namespace membersync::apply {

// How one step of a write ended, as the write kind judged the answer.
struct WriteOutcome {
  enum class Kind {
    Succeeded,  // the center did it
    Failed,     // the center did not (refused, or a transient failure); `status` says which
    Unknown,    // sent, and no answer says what happened: settled by reading at the next run
    NotSent,    // never left (membersync was stopping): journaled as failed, no history kept
  };
  Kind kind = Kind::Unknown;
  std::string globalId;  // Succeeded: the member the call created (A1); else empty
  state::ItemStatus status = state::ItemStatus::RetryLater;  // Failed: Refused or RetryLater
  std::string code;
  std::string message;  // for people: what was tried and why it did not happen
  bool history = true;  // Failed/Unknown: kept in the item's history (back-off, refusal)
  bool listed = true;   // Failed/Unknown: in the run's failure list and counts
  center::ErrorKind errorKind = center::ErrorKind::RetryLater;  // Failed/Unknown: the call's

  static WriteOutcome succeeded(std::string globalId = {});
  static WriteOutcome failed(state::ItemStatus status, std::string code, std::string message);
  static WriteOutcome unknown(std::string code, std::string message);
  static WriteOutcome notSent(std::string code, std::string message);
  // A call's answer: ok is Succeeded, in doubt Unknown, else Failed as the error's kind says
  // (refused for bad input, a conflict or not found; retry later otherwise). `message` is the
  // text for people; the error's code is kept.
  static WriteOutcome of(const center::Status& result, const std::string& message);
};

// Refusals (bad input, conflict, not found) wait for their input to change; everything else
// that failed is tried again later.
state::ItemStatus statusOf(const center::Error& e);

// One step of a batch: what the journal records, and the plan item it carries out (null for a
// write no plan item asked for: a password reset).
struct WriteStep {
  state::StepInfo info;
  const plan::Item* item = nullptr;
};

// What a write kind adds to the fixed order; each may be left empty.
struct WriteHooks {
  // In the transaction that journals the batch as sent: what must exist before the call (B1's
  // enrolment record as unknown, a generated password as owed).
  std::function<void(std::size_t)> journaled;
  // After the answers, before anything is recorded: what must be durable first (A1's outbox
  // marks: a crash after them leaves steps in doubt, never a password marked wrongly).
  std::function<void(const std::vector<WriteOutcome>&)> answered;
  // In the transaction that records the batch's outcomes (one per step, in order): the kind's
  // own records (links, owned assets, a lending, an enrolment), in as few statements as it can.
  std::function<void(const std::vector<WriteOutcome>&)> recorded;
};

// Sends a journaled batch; returns one outcome per step, in order. `steps` are the journal's ids.
using SendBatch = std::function<std::vector<WriteOutcome>(const std::vector<state::StepId>& steps)>;

// Where a plan item's outcome is kept besides the journal: its history and the run's tallies.
// ApplyRun is one; a write no plan item asked for has none.
class OutcomeLedger {
 public:
  virtual ~OutcomeLedger() = default;
  // In the outcomes' transaction: the history of the batch's items (cleared on success, a
  // release consumed); steps without an item are skipped.
  virtual void record(state::StateStore& store, const std::vector<WriteStep>& batch,
                      const std::vector<WriteOutcome>& outcomes) = 0;
  // After it committed: counts, the run's failure list, what later phases need (a new globalId).
  virtual void tally(const plan::Item& item, const WriteOutcome& o) = 0;
};

// Runs one journaled write of `batch` in the order above and returns the outcomes.
// Throws StateError when the store fails (the caller ends the run), std::logic_error when `send`
// answers for a different number of steps.
std::vector<WriteOutcome> runJournaled(state::StateStore& store, state::RunId run,
                                       const std::vector<WriteStep>& batch, const SendBatch& send,
                                       const WriteHooks& hooks, OutcomeLedger* ledger);

}  // namespace membersync::apply
