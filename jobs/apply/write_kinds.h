#pragma once

// Internal to jobs/apply: each write kind's phase, one file each (write_add.cpp, write_edit.cpp,
// write_withdraw.cpp, write_delete.cpp, write_assign.cpp, write_lend.cpp, write_enrol.cpp). Each
// sends its items through runJournaled() on up to settings.workers threads; applier.cpp only
// puts the phases in order.

#include <functional>
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

void applyAdds(const WriteTools& tools, ApplyRun& run, const Items& adds);
void applyEdit(const WriteTools& tools, ApplyRun& run, const plan::Item& item);
void applyWithdraw(const WriteTools& tools, ApplyRun& run, const plan::Item& item);
void applyDelete(const WriteTools& tools, ApplyRun& run, const plan::Item& item);
void applyAssign(const WriteTools& tools, ApplyRun& run, const plan::Item& item);
void applyLend(const WriteTools& tools, ApplyRun& run, const plan::Item& item);
void applyEnrolments(const WriteTools& tools, ApplyRun& run, const Items& items);

// Runs `one` for each item on up to settings.workers threads, under a progress phase, starting
// nothing once the run is stopping.
void eachItem(const WriteTools& tools, ApplyRun& run, const std::string& phase, const Items& items,
              const std::function<void(const plan::Item&)>& one);

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
