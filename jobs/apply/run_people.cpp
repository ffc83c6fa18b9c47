#include "jobs/apply/run_people.h"

#include <unordered_map>

#include "jobs/core/text.h"
#include "jobs/plan/row_problem_key.h"
#include "jobs/report/attention.h"

namespace membersync::apply {
namespace {

bool named(const plan::Item& item) {
  switch (item.kind) {
    case plan::ItemKind::Adopt:
    case plan::ItemKind::Orphan:
    case plan::ItemKind::Rename:
      return false;
    case plan::ItemKind::Problem:  // of the problems, only a skipped row is one person's
      return report::isInvalidRowKey(item.key);
    default:
      return !item.account.empty() || !item.employeeId.empty();
  }
}

}  // namespace

std::string rowSource(const std::string& path, int line, int item, const std::string& dn) {
  if (!dn.empty()) return dn;
  if (item > 0) return path + " item " + std::to_string(item);
  return line > 0 ? path + ":" + std::to_string(line) : path;
}

std::vector<state::ItemPerson> itemPeopleOf(const plan::Plan& plan, const directory::Export& hr) {
  std::unordered_map<std::string, const directory::Person*> byEmployee;
  for (const auto& p : hr.people) byEmployee.emplace(p.employeeId, &p);
  std::unordered_map<std::string, const directory::RowProblem*> problemByKey;
  for (const auto& r : hr.problems) problemByKey.emplace(plan::rowProblemKey(r), &r);

  std::vector<state::ItemPerson> people;
  for (const auto& item : plan.items) {
    if (!named(item)) continue;
    state::ItemPerson p{item.key, lowerAscii(item.account), item.account, item.name,
                        item.employeeId, "", 0};
    if (item.kind == plan::ItemKind::Problem) {
      const auto row = problemByKey.find(item.key);
      if (row != problemByKey.end())
        p.source = rowSource(hr.path, row->second->line, row->second->item, row->second->dn);
    } else if (const auto person = byEmployee.find(item.employeeId);
               person != byEmployee.end()) {
      const directory::Person& row = *person->second;
      if (p.name.empty()) p.name = row.name;
      p.source = rowSource(hr.path, row.line, row.item, row.dn);
    }
    people.push_back(std::move(p));
  }
  return people;
}

}  // namespace membersync::apply
