#pragma once

#include <map>
#include <memory_resource>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jobs/plan/member_index.h"
#include "jobs/plan/planner.h"

namespace membersync::plan::detail {

// What the planner's passes share while one plan is built: the inputs, the member index, the
// state links by employee, which of them the export lists, which members an HR row names, and
// the plan being filled. Holds views into the inputs: not copyable.
class Context {
 public:
  Context(const PlanInputs& in, Plan& plan);
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

 private:
  // First, so it outlives every map whose nodes it holds. Nodes are never freed one by one:
  // the planner builds its maps once and drops them together.
  std::pmr::monotonic_buffer_resource arena_;

 public:
  const PlanInputs& in;
  const MemberIndex members;
  Plan& plan;

  // The state link of an employee, or null. O(1), unlike the snapshot's ordered map.
  const state::Link* linkOf(std::string_view employeeId) const;
  // Remembers that a valid row carries this employee id (and whether it is active); inExport()
  // and activeInExport() tell, for employees with a state link.
  void markInExport(std::string_view employeeId, bool active);
  bool inExport(std::string_view employeeId) const;
  bool activeInExport(std::string_view employeeId) const;
  // Remembers that an HR row carries this member's account; named() tells, and activeNamer()
  // gives the active row that does (or null).
  void markNamed(const LiveMember& m, const directory::Person& p) {
    named_[members.indexOf(m)] = 1;
    if (p.active) activeNamer_[members.indexOf(m)] = &p;
  }
  bool named(const LiveMember& m) const { return named_[members.indexOf(m)] != 0; }
  const directory::Person* activeNamer(const LiveMember& m) const {
    return activeNamer_[members.indexOf(m)];
  }

  // True when a row that failed validation names this employee id or (lower-case) account:
  // its member is neither added, edited nor treated as departed this run.
  bool skipped(const std::string& employeeId, const std::string& accountKey) const;

  bool isProtected(std::string_view account) const;
  void add(Item item) { plan.items.push_back(std::move(item)); }

  // The asset rule whose pool lists this asset number, or null (the loader lets an asset be in
  // one pool only).
  const policy::AssetRule* poolRuleOf(std::string_view assetNum) const;
  // True when state records that membersync assigned this asset to this member.
  bool ownedBy(const std::string& assetNum, const std::string& globalId) const;

  // Problems that concern several people (a pool run dry), by item key -> their lower-case
  // accounts: `--only ACCOUNT` keeps such a problem when it names that account.
  std::map<std::string, std::set<std::string>> problemAccounts;
  // Problems whose advice to act by hand rests on people having left or gone missing in this
  // export (return a lock, delete a member), by item key: withdrawn when a guard distrusts the
  // export (applyGuard), since then nobody is known to have left.
  std::set<std::string> departureAdvice;

 private:
  struct EmployeeLink {
    const state::Link* link = nullptr;
    bool inExport = false;
    bool active = false;
  };
  std::pmr::unordered_map<std::string_view, EmployeeLink> links_;  // by employee id
  std::vector<char> named_;
  std::vector<const directory::Person*> activeNamer_;  // by MemberIndex::indexOf                                        // by MemberIndex::indexOf
  std::pmr::unordered_map<std::string_view, const policy::AssetRule*> poolRules_;  // by asset
};

}  // namespace membersync::plan::detail
