#pragma once

// A password reset (A3) as a journaled write: the new password is generated and appended to the
// outbox, durably, before the call is journaled or sent (or a password still pending there is
// sent again); the outbox is marked `set` on success and `void` only on a definite refusal, before
// the journal records it; an answer in doubt leaves the line pending for the next run to re-send.
// The client retries A3 within the run with the same password. Used by settling (a password
// never confirmed) and by `membersync reset-password`.

#include <cstddef>
#include <string>

#include "jobs/apply/journaled_write.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/state/store.h"

namespace membersync::apply {

struct PasswordTools {
  center::MemberCenterClient& client;
  state::StateStore& store;
  deliver::PasswordOutbox& outbox;
  RandomSource& random;
  Clock& clock;
  std::size_t passwordLength = 16;
};

struct PasswordReset {
  std::string account;  // lower case, without the suffix
  std::string globalId;
  std::string reason;  // the journal's detail, for people
  // A refusal leaves a password owed (settling: nobody knows the member's password, so the next
  // run tries again) or not (reset-password: the old password is still in force).
  bool owedAfterRefusal = true;
  state::ItemStatus refusedStatus = state::ItemStatus::RetryLater;  // the journal's, on refusal
  // A password already pending in the outbox (a reset or an add left in doubt): sent again as it
  // is, never replaced by a new one, since the center may hold it. Empty: a new one is generated
  // and appended to the outbox first.
  Secret pending;
  std::string login;  // the member's userName, for the outbox
  std::string name;   // the member's name, for the outbox
};

// Returns the outcome; its message never carries the password (the service may quote it).
WriteOutcome resetPassword(const PasswordTools& tools, state::RunId run,
                           const PasswordReset& reset);

}  // namespace membersync::apply
