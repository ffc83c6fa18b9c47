#pragma once

// Internal to jobs/apply: settling the passwords earlier runs generated and never saw confirmed,
// and the resets whose answers were lost (settle.cpp puts these after the steps are judged).

#include <set>
#include <string>
#include <vector>

#include "jobs/apply/settle.h"
#include "jobs/apply/settle_verdict.h"
#include "jobs/center/call_slots.h"

namespace membersync::apply::detail {

// Passwords owed to an account no live member has (and whose absence was confirmed): their adds
// did not take effect, or the member is gone. Owed to no one: their outbox lines are voided
// (unless `alreadyVoided`) and the state forgets them.
void forgetPasswordsOwedToNoOne(const SettleTools& tools, const LiveMembers& live,
                                const std::vector<std::string>& alreadyVoided);

// Every live member of `accounts` owed a password is sent, with A3 through `slots`, the password
// the outbox still holds as pending for it (the center may hold that one), or a new one when
// the outbox has none. Up to settings.workers at a time; none started once settings.cancel is set.
void resendOwedPasswords(const SettleTools& tools, const LiveMembers& live,
                         const std::set<std::string>& accounts, center::CallSlots& slots,
                         SettleResult& result);

// The resets among `steps` (still in doubt), now that the passwords were sent again: done once
// the account's password is confirmed (the one it carried, or a newer one), not done once the
// account has no member; otherwise still in doubt.
void settleResets(const SettleTools& tools, const std::vector<state::Step>& steps,
                  const LiveMembers& live, SettleResult& result);

}  // namespace membersync::apply::detail
