#pragma once

#include "jobs/plan/context.h"

namespace membersync::plan::detail {

// Every row of the export that failed validation becomes a Problem item (its line, account and
// message). Key: rowProblemKey().
void addRowProblems(Context& ctx);

// One Problem per department value that planned adds carry with no departmentId in the policy's
// departments (the adds go out without one). Runs after --only, so it reports just the
// departments of the adds that remain. Key "problem:department:<value>".
void addDepartmentProblems(Context& ctx);

}  // namespace membersync::plan::detail
