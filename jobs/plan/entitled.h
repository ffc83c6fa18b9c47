#pragma once

#include <string>
#include <vector>

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// An active HR person whose member the entitlement rules (assets, locks, activities) act on.
struct Entitled {
  const directory::Person* person = nullptr;
  // The person's member: linked in state, or adopted by this plan. Null: the member is added by
  // this plan (an Add item), so it has no globalId yet.
  const LiveMember* member = nullptr;
  // What the entitlement keys use: the member's globalId, or the employee id for a new member.
  std::string key;
  std::string account;  // the member's account as the center spells it; HR's for a new member
};

// The active people of the export with a member of their own or an Add planned, ordered by
// employee id (so allocations do not depend on the export's row order). Left out: departed
// people, people whose account belongs to another employee's member (a Held add), and people
// with no Add planned. Run after planPeople().
std::vector<Entitled> entitledPeople(const Context& ctx);

}  // namespace membersync::plan::detail
