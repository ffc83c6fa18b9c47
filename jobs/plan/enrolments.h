#pragma once

#include <vector>

#include "jobs/plan/entitled.h"

namespace membersync::plan::detail {

// Plans the activity rules (B1): each person matching a rule is enrolled once, keyed
// "enrol:<employee_id>:<rule>", with the identity from the rule's identity_from column (default:
// the member's userName, or the account plus the suffix for a member this plan adds). What state
// remembers of "<employee_id>|<rule>" decides:
// - Enrolled: nothing;
// - NotQualified (3002) or Refused (1001, 1004, 2001) with the same input hash (rule + identity):
//   a Held item saying why, so `explain` can tell; a changed rule or identity enrols again;
// - RetryLater (1002, transient): enrolled again, subject to the item history's back-off;
// - Unknown (the answer was lost; B1 has no read call): Held, never re-sent on its own; a
//   changed rule or identity, or a release of the key (Snapshot::releasedItems), sends it again.
// People whose identity column is empty are one Problem per rule.
void planEnrolments(Context& ctx, const std::vector<Entitled>& people);

}  // namespace membersync::plan::detail
