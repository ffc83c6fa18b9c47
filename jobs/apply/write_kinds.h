#pragma once

// Internal to jobs/apply: each write kind's phase, one file each (write_add.cpp, write_edit.cpp,
// write_withdraw.cpp, write_delete.cpp, write_assign.cpp, write_lend.cpp, write_enrol.cpp). Each
// sends its items through runJournaled() on up to settings.workers threads; applier.cpp only
// puts the phases in order. The kinds of one call an item (edit, assign, lend, withdraw,
// delete) prepare each item's write, and eachGrouped() journals and records them a group at a
// time.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jobs/apply/apply_run.h"
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

// The collaborators every write kind uses; the Applier's, lent for one run.
struct WriteTools {
  center::MemberCenterClient& client;
  state::StateStore& store;
  deliver::PasswordOutbox& outbox;
  RandomSource& random;
  Clock& clock;
  Progress& progress;
  const ApplySettings& settings;
  center::ActivityClient* activities;  // null: enrolments are reported as not sent
};

using Items = std::vector<const plan::Item*>;

// One item's write, ready to send: its journal step, its call, its records (each hook called
// with this write's index 0 and its outcome alone) and what the kind does once the outcome is
// recorded. Its functions hold copies of what they need, or refer to the item, the run and the
// tools, which outlive the group.
struct PreparedWrite {
  WriteStep step;
  std::function<WriteOutcome()> send;
  WriteHooks hooks;
  std::function<void(const WriteOutcome&)> then;  // may be empty
};

// A kind's preparation of one item; nothing when the item makes no call (it waits for an add
// that did not land, or it was done without one).
using PrepareWrite = std::optional<PreparedWrite> (*)(const WriteTools&, ApplyRun&,
                                                      const plan::Item&);

void applyAdds(const WriteTools& tools, ApplyRun& run, const Items& adds);
std::optional<PreparedWrite> prepareEdit(const WriteTools& tools, ApplyRun& run,
                                         const plan::Item& item);
std::optional<PreparedWrite> prepareWithdraw(const WriteTools& tools, ApplyRun& run,
                                             const plan::Item& item);
std::optional<PreparedWrite> prepareDelete(const WriteTools& tools, ApplyRun& run,
                                           const plan::Item& item);
std::optional<PreparedWrite> prepareAssign(const WriteTools& tools, ApplyRun& run,
                                           const plan::Item& item);
std::optional<PreparedWrite> prepareLend(const WriteTools& tools, ApplyRun& run,
                                         const plan::Item& item);
void applyEnrolments(const WriteTools& tools, ApplyRun& run, const Items& items);

// The items' writes a group at a time, under a progress phase: each group journaled as sent in
// one transaction, its calls on up to settings.workers threads, its outcomes and records in one
// transaction. A crash in between leaves every step of the group in doubt, which the next run
// settles by reading, as for a lost answer. Once the run is stopping no group starts, and a
// call of a started group not yet sent is journaled as not sent.
void eachGrouped(const WriteTools& tools, ApplyRun& run, const std::string& phase,
                 const Items& items, PrepareWrite prepare);

// The journal entry of a plan item's step; `globalId` is the member's (an add's of this run for a
// new person), `detail` a short text or StepDetail's JSON.
state::StepInfo stepOf(const plan::Item& item, const char* kind, const std::string& globalId,
                       const std::string& detail);

// Hooks whose one record is `records`, written in the transaction of a success.
WriteHooks onSuccess(std::function<void()> records);

// A call's answer as an outcome (the error described for people), noted for the systemic stop.
WriteOutcome answerOf(ApplyRun& run, const center::Status& result);

// One journaled step for one plan item: `info` journaled, `send` called once.
WriteOutcome writeOne(const WriteTools& tools, ApplyRun& run, const plan::Item& item,
                      const state::StepInfo& info, const std::function<WriteOutcome()>& send,
                      const WriteHooks& hooks = {});

}  // namespace membersync::apply
