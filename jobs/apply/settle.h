#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jobs/apply/apply_settings.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/state/store.h"

namespace membersync::apply {

struct SettleResult {
  int done = 0;            // steps in doubt that had taken effect
  int notDone = 0;         // steps in doubt that had not: planned again like any other item
  int unresolved = 0;      // steps nothing can read back (enrolments): left for a person
  int passwordsReset = 0;  // members whose password was never confirmed, given a new one
  int failed = 0;          // resets of those that failed or are in doubt: tried again next run
  std::vector<std::string> notes;  // one line per settled step, for the run's log
};

// Settles, before anything is planned or re-sent, the writes of earlier runs whose outcome is in
// doubt (sent and never answered, or the process died), by the member list just read:
// - an add whose member exists took effect: the member is linked as created by membersync;
//   an add whose member does not exist did not, and is planned again;
// - a delete whose member is gone took effect;
// - edits are not settled one by one: the next diff recomputes them from the member list;
// - an asset change (A9: assign, or a withdrawal's strip) took effect when the member holds every
//   asset it added and none it withdrew, by A6 (`assets`; the member list's assetNums when A6
//   was not read): then the state records the ownership; a lending (A10) when the lock is lent
//   to the member, by A8 (`locks`; the member's borrowNum otherwise): then the lending is
//   recorded; otherwise they are planned again;
// - an enrolment has no read call: it stays unresolved, its record is marked unknown, and it is
//   never re-sent on its own.
// Then every member whose generated password was never confirmed (its add was in doubt, or a
// reset was cut off) is sent, with A3, the password still pending for it in the outbox (the
// center may hold that one), or a new one written to the outbox first when none is pending; a
// password never confirmed for an account no member has (an add that did not take effect or was
// never sent) is owed to no one, and its outbox line is voided.
// Throws StateError for a store failure; call failures are noted and left for the next run.
SettleResult settleInDoubt(state::StateStore& store, center::MemberCenterClient& client,
                           const std::vector<center::MemberListItem>& members,
                           deliver::PasswordOutbox& outbox, RandomSource& random, Clock& clock,
                           const ApplySettings& settings, state::RunId run,
                           const std::vector<center::AssetNumber>* assets = nullptr,
                           const std::vector<center::BorrowedLock>* locks = nullptr);

}  // namespace membersync::apply
