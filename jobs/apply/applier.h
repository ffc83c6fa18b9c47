#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jobs/apply/apply_settings.h"
#include "jobs/deliver/password_outbox.h"
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
  // The stop was the service refusing membersync's credentials or settings: a person must
  // change the configuration (stopReason names the key).
  bool stoppedByConfiguration = false;
};

// Carries a plan out through the member-center client, journaling every write in the store
// before it is sent and recording how it ended, so a run cut off anywhere resumes without
// repeating what succeeded. Not thread-safe itself (one apply at a time); it runs calls on up to
// settings.workers threads.
struct WriteTools;

class Applier {
 public:
  // `activities` sends Enrol items (B1); without one they are reported as not sent.
  Applier(center::MemberCenterClient& client, state::StateStore& store, deliver::PasswordOutbox& outbox,
          RandomSource& random, Clock& clock, Progress& progress, ApplySettings settings,
          center::ActivityClient* activities = nullptr);

  // Order: the plan's state changes (adoptions, absences, ended lendings, ownership A6 no longer
  // shows), adds, edits, assignments (A9), lendings (A10), enrolments (B1), withdrawals,
  // deletes. An Assign, Lend or Enrol of a person added in this run takes the add's globalId,
  // and is not sent when the add did not land; a Lend waits for its member's Assign.
  // Held, orphan, rename and problem items make no call. Returns what happened; throws only
  // for a state-store failure (StateError) — the caller ends the run as failed.
  ApplyResult apply(const plan::Plan& plan, const state::Snapshot& snapshot, state::RunId run);

  ~Applier();
  Applier(const Applier&) = delete;  // tools_ refers to settings_
  Applier& operator=(const Applier&) = delete;

 private:
  ApplySettings settings_;
  std::unique_ptr<WriteTools> tools_;  // the collaborators, as every write kind takes them
};

// When an item that failed for a transient cause is tried again: 15 minutes after the first
// failure, doubling with each further one, at most a day.
state::Millis nextAttemptAt(state::Millis now, int attempts);

}  // namespace membersync::apply
