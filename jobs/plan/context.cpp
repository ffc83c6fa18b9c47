#include "jobs/plan/context.h"

#include "jobs/plan/protect.h"
#include "jobs/plan/text_util.h"

namespace membersync::plan::detail {

Context::Context(const PlanInputs& inputs, Plan& out)
    : in(inputs), members(inputs.members, inputs.settings.accountSuffix, inputs.state), plan(out) {
  presentIds_.reserve(in.hr.people.size());
  peopleAccounts_.reserve(in.hr.people.size());
  for (const directory::Person& p : in.hr.people) {
    presentIds_.insert(p.employeeId);
    peopleAccounts_.insert(lower(p.account));
  }
}

bool Context::skipped(const std::string& employeeId, const std::string& accountKey) const {
  return (!employeeId.empty() && in.hr.skippedEmployeeIds.count(employeeId) > 0) ||
         (!accountKey.empty() && in.hr.skippedAccounts.count(accountKey) > 0);
}

bool Context::isProtected(std::string_view account) const {
  return isProtectedAccount(in.policy, account);
}

void Context::clearAbsence(const std::string& employeeId) {
  if (in.state.absences.count(employeeId)) plan.stateChanges.clearedAbsences.push_back(employeeId);
}

}  // namespace membersync::plan::detail
