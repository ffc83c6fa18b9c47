#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "jobs/plan/member_index.h"
#include "jobs/plan/planner.h"

namespace membersync::plan::detail {

// What the planner's passes share while one plan is built: the inputs, the member index, the
// export's keys, and the plan being filled. Holds views into the inputs: not copyable.
class Context {
 public:
  Context(const PlanInputs& in, Plan& plan);
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const PlanInputs& in;
  const MemberIndex members;
  Plan& plan;

  // True when a valid row of the export carries this employee id.
  bool inExport(std::string_view employeeId) const { return presentIds_.count(employeeId) > 0; }
  // True when a valid row of the export carries this account (lower case).
  bool accountInExport(std::string_view accountKey) const {
    return peopleAccounts_.count(std::string(accountKey)) > 0;
  }
  // True when a row that failed validation names this employee id or (lower-case) account:
  // its member is neither added, edited nor treated as departed this run.
  bool skipped(const std::string& employeeId, const std::string& accountKey) const;

  bool isProtected(std::string_view account) const;
  void add(Item item) { plan.items.push_back(std::move(item)); }
  // Forgets the absence of an employee, if state has one.
  void clearAbsence(const std::string& employeeId);

 private:
  std::unordered_set<std::string_view> presentIds_;
  std::unordered_set<std::string> peopleAccounts_;
};

}  // namespace membersync::plan::detail
