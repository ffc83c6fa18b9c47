#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/i18n/message.h"
#include "jobs/plan/planner.h"

namespace membersync::plan {

// One write of the run being taken back, as its journal entry keeps it (jobs/apply decodes the
// entry; the planner stays free of the journal's format).
struct JournaledWrite {
  std::string kind;  // "add", "edit", "assign", "withdraw", "delete", "lend", "enrol", ...
  std::string key;   // the plan item's key
  std::string employeeId;
  std::string account;
  std::string globalId;
  std::vector<FieldChange> changes;    // edit: each field, before and after
  std::vector<std::string> assigned;   // assign: asset numbers the write assigned
  std::vector<std::string> withdrawn;  // assign, withdraw: asset numbers it withdrew
  // The rule each withdrawn asset was owned under, or kNotOwnedRule; empty when the journal
  // entry predates them (then each counts as owned under the revert's name).
  std::vector<std::string> withdrawnRules;
  // False for an edit journaled before the journal kept the values before (nothing to go back to).
  bool hasBeforeValues = true;
  // Sent, but whether it took effect is not known yet: the next sync settles it by reading.
  bool inDoubt = false;
};

// What a revert is planned from: the run, its writes that took effect or are in doubt (in
// journal order), and everything as read now (the member list, A6's assets, the state, the
// policy's protect list).
struct RevertInputs {
  long long run = 0;
  std::vector<JournaledWrite> writes;
  const PlanInputs& now;
};

// The refusal when an edit of run `run` was journaled without the values before (nothing to go
// back to); nullopt when the run can be reverted (also when it made no write). Pure.
std::optional<i18n::Message> revertRefusal(long long run,
                                           const std::vector<JournaledWrite>& writes);

// The plan that takes back run `in.run`'s writes, in the same form as a sync's:
// - an edit's fields go back to their values before, where the center still holds the run's
//   value after (else skipped, and said); a department the member had none of cannot be cleared;
// - assets the run assigned are withdrawn where the member still holds them and membersync owns
//   them; assets it withdrew are assigned again where still free, under the rule that owned them;
// - a departure's withdrawal taken back also resets the person's absence count and delete date
//   (once the assets are back, when there are any to put back);
// - members gone from the center, protected accounts and writes still in doubt are skipped, and
//   said;
// - adds, deletes, lendings, enrolments and password resets cannot be undone: listed as problems.
// The delete guard counts the withdrawals (a release of the revert's run lets them through);
// the edit guard does not apply: a revert is the administrator's own decision. Each item carries
// `revertsRun`, so applying it remembers what was reverted (a reverted field stays reverted).
// Pure: the same inputs give the same plan.
Plan planRevert(const RevertInputs& in);

}  // namespace membersync::plan
