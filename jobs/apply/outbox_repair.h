#pragma once

// What a crash or a full disk leaves in the password outbox, repaired where that is safe, by an
// applying run before it settles or writes anything (so under the state lock, before any line of
// its own goes in). A password may only be dropped when its call can never have been sent: every
// call that carries one is recorded first, as a password owed (adds, before they are journaled)
// or a step journaled as sent (resets, with the password owed in the same transaction), and stays
// so until a `set` or `void` line followed it. So an account with neither has no call out.
// - A torn last line (deliver::findTornLine: a write cut short) is removed when no password owed
//   and no step in doubt is of its account (any account it may be the start of, when the line
//   ends within the account).
// - An account whose password in force is pending, with no password owed and no step in doubt,
//   had it appended and never recorded (a run killed in between): that password is voided. The
//   newest one only, as a `void` line always cancels: a password confirmed before it is in force
//   again, as the state has it.
// Any other unreadable line is left as it is (nothing unread is dropped).

#include <string>
#include <vector>

#include "jobs/core/clock.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/state/store.h"

namespace membersync::apply {

// Returns what it did, one line each for the run's log, never a password. An outbox that cannot
// be read or written is noted, not thrown: the next run tries again. Throws StateError when the
// store fails.
std::vector<std::string> repairOutbox(state::StateStore& store, deliver::PasswordOutbox& outbox,
                                      Clock& clock);

}  // namespace membersync::apply
