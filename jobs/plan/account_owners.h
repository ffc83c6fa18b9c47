#pragma once

#include <optional>

#include "jobs/directory/person.h"
#include "jobs/state/records.h"

namespace membersync::plan {

// An account on several HR rows refuses only the rows whose employee id membersync does not link
// to it. The reader skips every row of such a clash (the export alone cannot tell which is
// right); the state can: the row whose employee id is linked to that account
// (RowProblem::sharesAccountOnly, its link's account the row's) is the account's owner, and goes
// on as a valid person, so that a newcomer given the same account does not stop the existing
// employee's updates. The other rows stay skipped, their message saying whose the account is;
// the kept row's keys leave the skipped sets. Two such rows linked to one account (a state that
// contradicts itself) keep neither. Returns the export with the owners' rows kept, or nullopt
// when there is none to keep (no copy is made). makePlan() applies it; so does whoever shows a
// person's row beside a plan (`explain`). Pure.
std::optional<directory::Export> keepAccountOwners(const directory::Export& hr,
                                                   const state::Snapshot& state);

}  // namespace membersync::plan
