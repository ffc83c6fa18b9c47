#pragma once

// A password reset (A3) as a journaled write: the new password is generated and appended to the
// outbox, durably, before the call is journaled or sent; the outbox is marked set or void when
// the answer comes, before the journal records it. Used by settling (a password never confirmed)
// and by `membersync reset-password`.

#include <cstddef>
#include <string>

#include "jobs/apply/journaled_write.h"
#include "jobs/apply/password_outbox.h"
#include "jobs/center/member_center_client.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/state/store.h"

namespace membersync::apply {

struct PasswordTools {
  center::MemberCenterClient& client;
  state::StateStore& store;
  PasswordOutbox& outbox;
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
};

// Returns the outcome; its message never carries the password (the service may quote it).
WriteOutcome resetPassword(const PasswordTools& tools, state::RunId run,
                           const PasswordReset& reset);

}  // namespace membersync::apply
