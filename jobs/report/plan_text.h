#pragma once

#include <iosfwd>
#include <string>

#include "jobs/plan/plan.h"

namespace membersync::report {

// The plan as people read it, like Terraform's: `+` add, `=` adopt, `~` change (with
// `field: "before" -> "after"` lines), `-` withdraw or delete, `!` held back (and why), then `#`
// renames, orphans and problems, the guard's verdict, the state the run will remember, and the
// summary line. Values are quoted with C-style escapes, so a stray newline cannot fake a line.
void writePlanText(std::ostream& os, const plan::Plan& plan);
std::string planText(const plan::Plan& plan);

// "Plan: 3 to add, 2 to change, 1 to withdraw, 0 to delete; 2 held, 1 orphan, 1 problem."
// Adoptions, asset changes, lendings, enrolments and renames are named only when there are some.
std::string planSummary(const plan::Plan& plan);

}  // namespace membersync::report
