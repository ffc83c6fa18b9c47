#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// A linked live member whose person is departed in HR (`departedRow`) or missing from the export
// (null). Counts the export against the person's absence (distinct exports, by content hash),
// then, per [sync] departed, plans a Withdraw or Delete once grace_runs is reached and
// grace_hours have passed since the absence was first seen (Absence::since), or holds it
// (protected, a grace not reached, waiting for delete_after_days, or departed = report).
void planDeparture(Context& ctx, const state::Link& link, const LiveMember& member,
                   const directory::Person* departedRow);

// Links whose employee is missing from the export: their member departs, or, when the member is
// gone, the link is dropped. A row that failed validation never makes its member departed.
void planMissing(Context& ctx);

// Absences that end: the person is in the export and active again, or there is no live linked
// member left to depart (the link is stale). Run after planPeople().
void settleAbsences(Context& ctx);

}  // namespace membersync::plan::detail
