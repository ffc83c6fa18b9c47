#pragma once

// A password reset (A3) as a journaled write: the new password is generated and appended to the
// outbox, durably, before the call is journaled or sent (or a password still pending there is
// sent again); the outbox is marked `set` on success. The client retries A3 within the run with
// the same password. Used by settling (a password never confirmed) and by
// `membersync reset-password`.
//
// Which password a failure gives up, the one rule: only a NEW password whose call did not take
// effect (a definite refusal, or never sent) is voided, in the outbox and in the state
// (state::StateStore::passwordVoided: what lay beneath is back, and a password never confirmed
// beneath stays owed). A password sent AGAIN is never voided, whatever the answer: an earlier
// call may have set it. An answer in doubt voids nothing: the next run sends the same password.

#include <cstddef>
#include <string>

#include "jobs/apply/journaled_write.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/state/store.h"

namespace membersync::apply {

struct PasswordTools {
  center::MemberCenterClient& client;
  state::StateStore& store;
  deliver::PasswordOutbox& outbox;
  RandomSource& random;
  Clock& clock;
  std::size_t passwordLength = 16;
  // The calls' slots (CallSlots::take withholds them once the run is stopping); null: none.
  center::CallSlots* slots = nullptr;
};

struct PasswordReset {
  std::string account;  // lower case, without the suffix
  std::string globalId;
  std::string reason;  // the journal's detail, for people
  state::ItemStatus refusedStatus = state::ItemStatus::RetryLater;  // the journal's, on refusal
  // A password already pending in the outbox (a reset or an add left in doubt): sent again as it
  // is, never replaced by a new one and never voided, since the center may hold it. Empty: a new
  // one is generated and appended to the outbox first.
  Secret pending;
  std::string login;  // the member's userName, for the outbox
  std::string name;   // the member's name, for the outbox
};

// Returns the outcome; its message never carries the password (the service may quote it).
// NotSent when the slots withheld the call (the run is stopping).
WriteOutcome resetPassword(const PasswordTools& tools, state::RunId run,
                           const PasswordReset& reset);

}  // namespace membersync::apply
