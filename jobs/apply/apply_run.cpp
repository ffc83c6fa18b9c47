#include "jobs/apply/apply_run.h"

#include <map>

namespace membersync::apply {
namespace {

using plan::Item;
using plan::ItemKind;
using state::ItemStatus;

const char* const kCancelReason =
    "membersync was asked to stop: nothing new was sent after that; the next run sends the rest";

// The count a success adds to: what the item did. A withdrawal that withdrew nothing (what the
// member holds was assigned outside membersync) only recorded the departure, and counts
// nothing; an asset change that only took assets away counts as a withdrawal.
int state::RunCounts::*successCounter(const Item& item) {
  if (plan::withdrawsNothing(item)) return nullptr;
  if (plan::onlyWithdraws(item)) return &state::RunCounts::withdrawn;
  const ItemKind kind = item.kind;
  static const std::map<ItemKind, int state::RunCounts::*> kCounters = {
      {ItemKind::Add, &state::RunCounts::added},
      {ItemKind::Edit, &state::RunCounts::edited},
      {ItemKind::Withdraw, &state::RunCounts::withdrawn},
      {ItemKind::Delete, &state::RunCounts::deleted},
      {ItemKind::Assign, &state::RunCounts::assigned},
      {ItemKind::Lend, &state::RunCounts::lent},
      {ItemKind::Enrol, &state::RunCounts::enrolled}};
  const auto found = kCounters.find(kind);
  return found != kCounters.end() ? found->second : nullptr;
}

bool consumesRelease(const Item& item) {
  return item.destructive || item.kind == ItemKind::Withdraw || item.kind == ItemKind::Delete ||
         item.kind == ItemKind::Edit;
}

}  // namespace

ApplyRun::ApplyRun(const plan::Plan& p, const state::Snapshot& s, state::RunId r, state::Millis n,
                   const ApplySettings& settings)
    : plan(p), snapshot(s), run(r), now(n), settings_(settings) {
  for (const auto& item : plan.items) {
    if (item.kind == ItemKind::Add) plannedAdds_.insert(item.employeeId);
    if (item.kind == ItemKind::Adopt) ++result_.counts.adopted;
    if (item.kind == ItemKind::Held) ++result_.counts.held;
  }
}

int ApplyRun::previousAttempts(const std::string& key) const {
  const auto previous = snapshot.items.find(key);
  return previous != snapshot.items.end() ? previous->second.attempts : 0;
}

void ApplyRun::record(state::StateStore& store, const std::vector<WriteStep>& batch,
                      const std::vector<WriteOutcome>& outcomes) {
  std::vector<std::string> succeeded;  // their histories go in one statement
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch[i].item) continue;
    const Item& item = *batch[i].item;
    const WriteOutcome& o = outcomes[i];
    // `allow RUN` releases an enrolment in doubt for one more attempt, whatever its answer.
    if (item.kind == ItemKind::Enrol) store.consumeRelease(item.key);
    if (o.kind == WriteOutcome::Kind::Succeeded) {
      succeeded.push_back(item.key);
      if (consumesRelease(item)) store.consumeRelease(plan::releaseKey(item));
    } else {
      recordFailure(store, item, o);
    }
  }
  store.clearItems(succeeded);
}

void ApplyRun::recordFailure(state::StateStore& store, const Item& item, const WriteOutcome& o) {
  if (!o.history || stoppedByConfiguration()) return;
  state::ItemRecord record;
  record.key = item.key;
  record.status = o.kind == WriteOutcome::Kind::Unknown ? ItemStatus::Unknown : o.status;
  record.attempts = previousAttempts(item.key) + 1;
  if (record.status == ItemStatus::RetryLater) {
    record.nextAttemptAt = nextAttemptAt(now, record.attempts);
  }
  record.inputHash = item.inputHash;
  record.code = o.code;
  record.message = o.message;
  store.saveItem(record);
}

void ApplyRun::tally(const Item& item, const WriteOutcome& o) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (o.kind == WriteOutcome::Kind::Succeeded) {
    if (auto counter = successCounter(item)) ++(result_.counts.*counter);
    if (item.kind == ItemKind::Add) addedGlobalIds_[item.employeeId] = o.globalId;
    return;
  }
  if (!o.listed) return;
  const bool unknown = o.kind == WriteOutcome::Kind::Unknown;
  result_.failures.push_back(
      {item.key, item.account, unknown ? ItemStatus::Unknown : o.status, o.message});
  ++(unknown ? result_.counts.unknown : result_.counts.failed);
}

bool ApplyRun::stoppedByConfiguration() {
  std::lock_guard<std::mutex> lock(mutex_);
  return configurationStop_;
}

bool ApplyRun::cancelled() const {
  return settings_.cancel && settings_.cancel->load();
}

bool ApplyRun::stopping() {
  if (cancelled()) stop(kCancelReason);
  return stop_;
}

void ApplyRun::stop(const std::string& reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  stopLocked(reason);
}

// The reason is written before the flag, both under the mutex: a worker that sees the flag and
// then takes the mutex reads a complete reason.
void ApplyRun::stopLocked(const std::string& reason) {
  if (stop_) return;
  result_.stoppedEarly = true;
  result_.stopReason = reason;
  stop_ = true;
}

std::string ApplyRun::notSentReason() {
  std::lock_guard<std::mutex> lock(mutex_);
  return "not sent: " + result_.stopReason;
}

// Stops the run when the failures are systemic: the credentials or the enterprise were refused
// (nothing else will succeed either), or most calls fail with transient errors (the service is
// down). A refused row is the row's problem, not the service's.
void ApplyRun::noteCall(bool healthy, const center::Error* error) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++calls_;
  if (cancelled()) stopLocked(kCancelReason);
  if (!healthy && error) {
    // Judged even when the run is already stopping: the rows it refused are not held either.
    CallRefusal call;
    call.whole = *error;
    if (auto systemic = judgeRefusal(call, settings_.policyMapsDepartments)) {
      return stopForSettingsLocked(*systemic);
    }
  }
  if (stop_) return;
  if (!healthy && (!error || statusOf(*error) != ItemStatus::Refused)) ++transientFailures_;
  if (calls_ >= 10 && transientFailures_ * 10 >= calls_ * 8) {
    stopLocked(std::to_string(transientFailures_) + " of " + std::to_string(calls_) +
               " calls failed for a transient cause; the service looks unavailable" +
               (error ? ": " + error->describe() : std::string()));
  }
}

void ApplyRun::stopForSettings(const SystemicRefusal& refusal) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++calls_;
  stopForSettingsLocked(refusal);
}

void ApplyRun::stopForSettingsLocked(const SystemicRefusal& refusal) {
  if (!stop_) result_.stoppedByConfiguration = true;  // the reason the run stops for
  stopLocked(refusal.reason());
  configurationStop_ = true;
}

void ApplyRun::noteCall(const center::Status& result) {
  if (result.ok()) return noteCall(true, nullptr);
  if (result.unknown()) return noteCall(false, nullptr);
  noteCall(false, &result.error());
}

std::string ApplyRun::memberFor(const Item& item) {
  if (!item.globalId.empty()) return item.globalId;
  std::lock_guard<std::mutex> lock(mutex_);
  auto added = addedGlobalIds_.find(item.employeeId);
  return added != addedGlobalIds_.end() ? added->second : std::string();
}

bool ApplyRun::addPlannedButNotLanded(const std::string& employeeId) {
  std::lock_guard<std::mutex> lock(mutex_);
  return plannedAdds_.count(employeeId) && !addedGlobalIds_.count(employeeId);
}

void ApplyRun::assignNotLanded(const std::string& employeeId) {
  std::lock_guard<std::mutex> lock(mutex_);
  assignsNotLanded_.insert(employeeId);
}

bool ApplyRun::assignLanded(const std::string& employeeId) {
  std::lock_guard<std::mutex> lock(mutex_);
  return !assignsNotLanded_.count(employeeId);
}

bool ApplyRun::breakRule(const std::string& rule) {
  std::lock_guard<std::mutex> lock(mutex_);
  return brokenRules_.insert(rule).second;
}

bool ApplyRun::ruleBroken(const std::string& rule) {
  std::lock_guard<std::mutex> lock(mutex_);
  return brokenRules_.count(rule) > 0;
}

void ApplyRun::listFailure(const ItemFailure& failure) {
  std::lock_guard<std::mutex> lock(mutex_);
  result_.failures.push_back(failure);
  ++result_.counts.failed;
}

ApplyResult ApplyRun::takeResult() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::move(result_);
}

}  // namespace membersync::apply
