#pragma once

// Internal to jobs/apply: one Applier::apply() — its result and tallies, the stop flag, the call
// accounting that decides a systemic stop, the items' failure records, and the globalIds the
// run's adds got. Shared by the worker threads of every phase; every member is thread-safe.

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "jobs/apply/applier.h"
#include "jobs/apply/apply_settings.h"
#include "jobs/apply/journaled_write.h"
#include "jobs/apply/systemic_refusal.h"

namespace membersync::apply {

class ApplyRun final : public OutcomeLedger {
 public:
  ApplyRun(const plan::Plan& plan, const state::Snapshot& snapshot, state::RunId run,
           state::Millis now, const ApplySettings& settings);

  const plan::Plan& plan;
  const state::Snapshot& snapshot;
  const state::RunId run;
  const state::Millis now;

  // OutcomeLedger: the items' history in the outcomes' transaction; counts and lists after.
  void record(state::StateStore& store, const std::vector<WriteStep>& batch,
              const std::vector<WriteOutcome>& outcomes) override;
  void tally(const plan::Item& item, const WriteOutcome& o) override;

  // --- the stop --------------------------------------------------------------------------
  // True once the run is stopping: a systemic failure, or settings.cancel (folded in here).
  bool stopping();
  void stop(const std::string& reason);
  bool cancelled() const;       // settings.cancel is set
  std::string notSentReason();  // "not sent: <why the run stops>"
  const std::atomic<bool>& stopFlag() const { return stop_; }
  // The service refused membersync's credentials or settings: nothing the run failed to do is
  // kept in an item's history, so the run after the fix does it at once.
  bool stoppedByConfiguration();

  // --- call accounting (the systemic-failure rule) ---------------------------------------
  // One call answered. `healthy`: it says nothing against the service (an answer, or a refusal
  // of the request's content); else `error` (null for a lost answer) may be a credential
  // refusal, which stops the run at once.
  void noteCall(bool healthy, const center::Error* error);
  // A call whose refusal is the row's or the request's fault counts as healthy.
  void noteCall(const center::Status& result);
  // One call whose refusal judgeRefusal() found systemic: the run stops naming the setting, as a
  // configuration problem (stoppedByConfiguration).
  void stopForSettings(const SystemicRefusal& refusal);

  // --- what later phases need ------------------------------------------------------------
  // The member an entitlement item is for: its own globalId, or the one its add of this run
  // got; empty when the person's add did not land (then nothing is sent for it this run).
  std::string memberFor(const plan::Item& item);
  bool addPlannedButNotLanded(const std::string& employeeId);
  void assignNotLanded(const std::string& employeeId);
  bool assignLanded(const std::string& employeeId);
  // 3001: true for the first person of the rule (who reports it); the rule sends no more.
  bool breakRule(const std::string& rule);
  bool ruleBroken(const std::string& rule);
  // A failure that is not one item's (an activity rule, enrolments with no client).
  void listFailure(const ItemFailure& failure);

  ApplyResult takeResult();

 private:
  void stopLocked(const std::string& reason);  // mutex_ held
  void stopForSettingsLocked(const SystemicRefusal& refusal);  // mutex_ held
  int previousAttempts(const std::string& key) const;
  // A step that did not succeed, kept in its item's history (back-off, refusal).
  void recordFailure(state::StateStore& store, const plan::Item& item, const WriteOutcome& o);

  const ApplySettings& settings_;
  std::mutex mutex_;  // guards everything below but stop_
  std::atomic<bool> stop_{false};
  bool configurationStop_ = false;
  ApplyResult result_;
  int calls_ = 0;
  int transientFailures_ = 0;
  std::set<std::string> plannedAdds_;
  std::map<std::string, std::string> addedGlobalIds_;
  std::set<std::string> assignsNotLanded_;
  std::set<std::string> brokenRules_;
};

// The code and reason of what a cancelled run (settings.cancel) did not send.
inline constexpr const char* kCancelled = "cancelled";

}  // namespace membersync::apply
