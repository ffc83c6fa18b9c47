#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "jobs/i18n/translator.h"
#include "jobs/plan/plan.h"

namespace membersync::report {

// A plan of more than kLongPlan items is listed in part unless asked for whole: the first
// kShownPerKind items of each kind, the rest of each counted, and how to see them all (a first
// sync of 10,000 people would otherwise print some 50,000 lines).
inline constexpr std::size_t kLongPlan = 200;
inline constexpr std::size_t kShownPerKind = 20;

struct PlanTextOptions {
  bool full = false;  // every item, however long the plan (`--full`)
};

// The plan as people read it, like Terraform's: `+` add, `=` adopt, `~` change (with
// `field: "before" -> "after"` lines, fields named as the HR export names them), `-` withdraw
// or delete, `!` held back (and why), then `#` renames, orphans and problems, the guard's
// verdict, the state the run will remember, and the summary line. Values are quoted with C-style
// escapes, so a stray newline cannot fake a line. Every word is in `tr`'s language, the items'
// reasons too; values (accounts, names, asset numbers) as they are.
void writePlanText(std::ostream& os, const plan::Plan& plan, const i18n::Translator& tr,
                   PlanTextOptions options = {});
std::string planText(const plan::Plan& plan, const i18n::Translator& tr,
                     PlanTextOptions options = {});
// In English (tests, logs).
std::string planText(const plan::Plan& plan, PlanTextOptions options = {});

// "Plan: 3 to add, 2 to change, 1 to withdraw, 0 to delete; 2 held, 1 orphan, 1 problem."
// Adoptions, asset changes, lendings, enrolments, departures with nothing to withdraw and renames
// are named only when there are some. Each item is counted as it is listed: an asset change
// that only takes assets away is a withdrawal, a withdrawal with nothing to take is not.
std::string planSummary(const plan::Plan& plan, const i18n::Translator& tr);
std::string planSummary(const plan::Plan& plan);  // in English

}  // namespace membersync::report
