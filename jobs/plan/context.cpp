#include "jobs/plan/context.h"

namespace membersync::plan::detail {

Context::Context(const PlanInputs& inputs, Plan& out)
    : arena_(1 << 20),
      in(inputs),
      members(inputs.members, inputs.settings.accountSuffix, inputs.state, &arena_),
      plan(out),
      links_(&arena_),
      named_(members.live().size(), 0) {
  links_.reserve(in.state.linksByEmployee.size());
  for (const auto& [employeeId, link] : in.state.linksByEmployee)
    links_.emplace(employeeId, EmployeeLink{&link, false});
}

const state::Link* Context::linkOf(std::string_view employeeId) const {
  auto it = links_.find(employeeId);
  return it == links_.end() ? nullptr : it->second.link;
}

void Context::markInExport(std::string_view employeeId, bool active) {
  auto it = links_.find(employeeId);
  if (it == links_.end()) return;
  it->second.inExport = true;
  it->second.active = active;
}

bool Context::inExport(std::string_view employeeId) const {
  auto it = links_.find(employeeId);
  return it != links_.end() && it->second.inExport;
}

bool Context::activeInExport(std::string_view employeeId) const {
  auto it = links_.find(employeeId);
  return it != links_.end() && it->second.inExport && it->second.active;
}

bool Context::skipped(const std::string& employeeId, const std::string& accountKey) const {
  return (!employeeId.empty() && in.hr.skippedEmployeeIds.count(employeeId) > 0) ||
         (!accountKey.empty() && in.hr.skippedAccounts.count(accountKey) > 0);
}

bool Context::isProtected(std::string_view account) const {
  return policy::isProtected(in.policy, std::string(account));
}

}  // namespace membersync::plan::detail
