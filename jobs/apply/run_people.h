#pragma once

// Who a run's plan items are about, as the state keeps them (state::ItemPerson): the account,
// name, employee id and where the row came from, for every item that writes, is held or skipped
// a row, so that what needs a person is named from the state alone.

#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/plan/plan.h"
#include "jobs/policy/policy.h"
#include "jobs/state/types.h"

namespace membersync::apply {

// Where a row came from, for people: "hr.csv:14", "staff.json item 3", or the LDAP entry's DN.
std::string rowSource(const std::string& path, int line, int item, const std::string& dn);

// The people of `plan`'s items (adoptions, orphans and renames aside: nothing to do for them
// that needs a person), their sources looked up in `hr`, one at a time: the source refers to
// `plan` and `hr`, which must outlive it. Pure.
state::RecordSource<state::ItemPerson> itemPeopleOf(const plan::Plan& plan,
                                                    const directory::Export& hr);

// Every valid row of `hr` as the console's people pages show it (state::recordPeople), with the
// names of the policy's rules it matches (assets, locks with a lock number, activities) and the
// address in the HR field `emailColumn`, in file order, one at a time. One per employee id: a
// later row of the same id is left out. The source refers to its arguments, which must outlive
// it. Pure.
state::RecordSource<state::PersonRecord> peopleRecordsOf(const directory::Export& hr,
                                                         const policy::Policy& policy,
                                                         const std::string& emailColumn);

}  // namespace membersync::apply
