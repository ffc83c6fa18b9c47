#include "jobs/plan/context.h"

namespace membersync::plan::detail {

Context::Context(const PlanInputs& inputs, Plan& out)
    : arena_(1 << 20),
      in(inputs),
      members(inputs.members, inputs.settings.accountSuffix, inputs.state, &arena_),
      plan(out),
      links_(&arena_),
      named_(members.live().size(), 0),
      activeNamer_(members.live().size(), nullptr),
      poolRules_(&arena_) {
  // A first sync plans an add, an assignment and, for some, a lending a person: room for three
  // a person up front keeps the items from being copied as the vector grows (the copy holds both
  // at once: a 100,000-person first sync peaked 130 MB higher when 1 % lent a lock and the room
  // was for two). Room never written costs no resident memory, only address space.
  plan.items.reserve(3 * in.hr.people.size());
  links_.reserve(in.state.linksByEmployee.size());
  for (const auto& [employeeId, link] : in.state.linksByEmployee)
    links_.emplace(employeeId, EmployeeLink{&link, false});
  for (const policy::AssetRule& rule : in.policy.assets)
    for (const std::string& asset : rule.pool) poolRules_.emplace(asset, &rule);
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

namespace membersync::plan::detail {

const policy::AssetRule* Context::poolRuleOf(std::string_view assetNum) const {
  auto it = poolRules_.find(assetNum);
  return it == poolRules_.end() ? nullptr : it->second;
}

bool Context::ownedBy(const std::string& assetNum, const std::string& globalId) const {
  auto it = in.state.ownedAssets.find(assetNum);
  return it != in.state.ownedAssets.end() && !globalId.empty() && it->second.globalId == globalId;
}

}  // namespace membersync::plan::detail
