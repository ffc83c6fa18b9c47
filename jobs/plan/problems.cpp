#include "jobs/plan/problems.h"

#include <map>

#include "jobs/plan/row_problem_key.h"

namespace membersync::plan::detail {

void addRowProblems(Context& ctx) {
  for (const directory::RowProblem& row : ctx.in.hr.problems) {
    Item item;
    item.kind = ItemKind::Problem;
    item.key = rowProblemKey(row);
    item.employeeId = row.employeeId;
    item.account = row.account;
    item.line = row.line;
    item.reason = row.message;  // the HR reader's message (jobs/directory)
    ctx.add(std::move(item));
  }
}

void addDepartmentProblems(Context& ctx) {
  std::map<std::string, std::size_t> unmapped;  // ordered: one deterministic item per value
  for (const Item& item : ctx.plan.items) {
    const bool adds = item.kind == ItemKind::Add ||
                      (item.kind == ItemKind::Held && item.heldKind == ItemKind::Add);
    if (adds && !item.department.empty() && !item.departmentId) ++unmapped[item.department];
  }
  for (const auto& [department, people] : unmapped) {
    Item item;
    item.kind = ItemKind::Problem;
    item.key = "problem:department:" + department;
    item.reason = i18n::msgn(
                      "department \"{department}\" has no departmentId in the policy's "
                      "departments; {count} person is added without one (add "
                      "\"{department}\" to the policy's departments)",
                      "department \"{department}\" has no departmentId in the policy's "
                      "departments; {count} people are added without one (add "
                      "\"{department}\" to the policy's departments)",
                      people)
                      .with("department", department);
    ctx.add(std::move(item));
  }
}

}  // namespace membersync::plan::detail
