#pragma once

#include "jobs/plan/plan.h"

namespace membersync::plan::detail {

// Puts the items in the order they are applied and shown: adds, adoptions, edits, withdrawals,
// deletes, then held, renames, orphans, problems; within a kind by account (case-insensitive),
// then line, then key. Deterministic whatever order the inputs came in.
void orderItems(Plan& plan);

// Sorts the state changes by employee id (one entry per id in the id lists).
void orderStateChanges(Plan& plan);

// Fills plan.counts from the items.
void countItems(Plan& plan);

}  // namespace membersync::plan::detail
