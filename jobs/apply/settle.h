#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "jobs/apply/apply_settings.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/state/store.h"

namespace membersync::apply {

struct SettleResult {
  int done = 0;            // steps in doubt that had taken effect
  int notDone = 0;         // steps in doubt that had not: planned again like any other item
  int unresolved = 0;      // steps reading cannot judge (enrolments, edits the center moved on
                           // from): left for a person
  int passwordsReset = 0;  // members whose password was never confirmed, confirmed now
  int failed = 0;          // re-sends of those that failed or are in doubt: tried again next run
  bool stopped = false;    // membersync was asked to stop: the rest is settled by the next run
  // Accounts whose add stays in doubt (the look-up that would judge it failed): not added again
  // this run (plan::PlanInputs::addsInDoubt).
  std::set<std::string> addsInDoubt;
  std::vector<std::string> notes;  // one line per settled step, for the run's log
};

// What settling works with: the run's collaborators and settings (settings.cancel stops it).
struct SettleTools {
  state::StateStore& store;
  center::MemberCenterClient& client;
  deliver::PasswordOutbox& outbox;
  RandomSource& random;
  Clock& clock;
  const ApplySettings& settings;
  state::RunId run;
};

// Settles, before anything is planned or re-sent, the writes of earlier runs whose outcome is in
// doubt (sent and never answered, or the process died), by what this run read:
// - an add whose member exists took effect: the member is linked as created by membersync;
//   an add whose member does not exist did not, and is planned again (its password voided);
// - a delete whose member is gone took effect;
// - an edit took effect when the member holds every value it set, did not when it holds every
//   value from before (planned again from the diff), and is unresolved otherwise (the center
//   moved on: `status` shows both values, `revert` judges each field);
// - an account the member list lacks is asked for by A5 keyword before an add or a delete is
//   judged on it, or a password owed to it is given up: a list read page by page may miss a
//   member; when that read fails, the step stays in doubt for the next run;
// - an asset change (A9: assign, or a withdrawal's strip) took effect when the member holds every
//   asset it added and none it withdrew, by A6 (`assets`; the member list's assetNums when A6
//   was not read): then the state records the ownership; a lending (A10) when the lock is lent
//   to the member, by A8 (`locks`; the member's borrowNum otherwise): then the lending is
//   recorded; otherwise they are planned again;
// - an enrolment has no read call: it stays unresolved, its record is marked unknown, and it is
//   never re-sent on its own.
// Then every member whose generated password was never confirmed (its add or a reset was in
// doubt) is sent, with A3, the password still pending for it in the outbox (the center may hold
// that one), or a new one written to the outbox first when none is pending; a password owed to
// an account no member has is owed to no one, and its outbox line is voided. A reset cannot be
// read back: a reset in doubt stays in doubt until the password it carried, or a newer one, is
// confirmed (then it is done), or its account has no member (not done).
// Once settings.cancel is set, no new call is started: what is left stays for the next run.
// Throws StateError for a store failure; call failures are noted and left for the next run.
SettleResult settleInDoubt(const SettleTools& tools,
                           const std::vector<center::MemberListItem>& members,
                           const std::vector<center::AssetNumber>* assets = nullptr,
                           const std::vector<center::BorrowedLock>* locks = nullptr);

// The same for one account (`membersync reset-password`, before its own reset): its add, edits
// and resets in doubt, judged by `member` as just read, and the password it is owed, sent again.
// Its entitlement steps are left to the next sync, which reads A6 and A8.
SettleResult settleAccount(const SettleTools& tools, const center::MemberListItem& member);

}  // namespace membersync::apply
