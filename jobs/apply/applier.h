#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "jobs/apply/apply_settings.h"
#include "jobs/apply/password_outbox.h"
#include "jobs/apply/progress.h"
#include "jobs/center/activity_client.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/plan/plan.h"
#include "jobs/state/store.h"

namespace membersync::apply {

// One item that did not succeed, for the run's summary and `status`.
struct ItemFailure {
  std::string key;
  std::string account;
  state::ItemStatus status = state::ItemStatus::RetryLater;
  std::string message;
};

struct ApplyResult {
  state::RunCounts counts;
  std::vector<ItemFailure> failures;  // refused, retry-later and unknown items
  bool stoppedEarly = false;          // a systemic failure stopped the run
  std::string stopReason;
};

// Carries a plan out through the member-center client, journaling every write in the store
// before it is sent and recording how it ended, so a run cut off anywhere resumes without
// repeating what succeeded. Not thread-safe itself (one apply at a time); it runs calls on up to
// settings.workers threads.
class Applier {
 public:
  // `activities` sends Enrol items (B1); without one they are reported as not sent.
  Applier(center::MemberCenterClient& client, state::StateStore& store, PasswordOutbox& outbox,
          RandomSource& random, Clock& clock, Progress& progress, ApplySettings settings,
          center::ActivityClient* activities = nullptr);

  // Order: the plan's state changes (adoptions, absences, ended lendings, ownership A6 no longer
  // shows), adds, edits, assignments (A9), lendings (A10), enrolments (B1), withdrawals,
  // deletes. An Assign, Lend or Enrol of a person added in this run takes the add's globalId,
  // and is not sent when the add did not land; a Lend waits for its member's Assign.
  // Held, orphan, rename and problem items make no call. Returns what happened; throws only
  // for a state-store failure (StateError) — the caller ends the run as failed.
  ApplyResult apply(const plan::Plan& plan, const state::Snapshot& snapshot, state::RunId run);

 private:
  struct Context;
  void applyStateChanges(const plan::Plan& plan);
  void applyAdds(Context& ctx, const std::vector<const plan::Item*>& adds);
  void applyOneByOne(Context& ctx, const std::string& phase,
                     const std::vector<const plan::Item*>& items);
  void applyOne(Context& ctx, const plan::Item& item);
  center::Status send(const plan::Item& item);
  void recordOutcome(Context& ctx, const plan::Item& item, state::StepId step,
                     const center::Status& result);
  void recordFailure(Context& ctx, const plan::Item& item, state::ItemStatus status,
                     const std::string& code, const std::string& message);
  void afterSuccess(Context& ctx, const plan::Item& item, const std::string& globalId);
  void noteCall(Context& ctx, bool ok, const center::Error* error);
  void stopRun(Context& ctx, const std::string& reason);
  void stopLocked(Context& ctx, const std::string& reason);  // ctx.mutex held
  bool stopping(Context& ctx);  // ctx.stop, after folding in settings.cancel
  // entitlements.cpp: A9, A10, B1.
  std::string memberFor(Context& ctx, const plan::Item& item);
  void applyAssign(Context& ctx, const plan::Item& item);
  void applyLend(Context& ctx, const plan::Item& item);
  void applyEnrolments(Context& ctx, const std::vector<const plan::Item*>& items);
  void applyEnrol(Context& ctx, const plan::Item& item);
  void recordCallFailure(Context& ctx, const plan::Item& item, state::StepId step,
                         const center::Status& result, const std::string& message);

  center::MemberCenterClient& client_;
  state::StateStore& store_;
  PasswordOutbox& outbox_;
  RandomSource& random_;
  Clock& clock_;
  Progress& progress_;
  ApplySettings settings_;
  center::ActivityClient* activities_;
};

// When an item that failed for a transient cause is tried again: 15 minutes after the first
// failure, doubling with each further one, at most a day.
state::Millis nextAttemptAt(state::Millis now, int attempts);

}  // namespace membersync::apply
