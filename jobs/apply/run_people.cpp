#include "jobs/apply/run_people.h"

#include <functional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "jobs/core/text.h"
#include "jobs/plan/row_problem_key.h"
#include "jobs/policy/rules.h"
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

// The names of the rules `person` matches, in the policy's order: assets, locks, activities.
std::vector<std::string> matchedRules(const policy::Policy& policy,
                                      const directory::Person& person) {
  std::vector<std::string> names;
  for (const auto& a : policy.assets) {
    if (policy::matches(a.when, person)) names.push_back(a.rule);
  }
  for (const auto& l : policy.locks) {
    // A lock rule lends to the number in its column: without one it lends nothing.
    const auto lock = policy::fieldValue(person, l.lockFrom);
    if (lock && !lock->empty() && policy::matches(l.when, person)) names.push_back(l.rule);
  }
  for (const auto& a : policy.activities) {
    if (policy::matches(a.when, person)) names.push_back(a.rule);
  }
  return names;
}

}  // namespace

std::string rowSource(const std::string& path, int line, int item, const std::string& dn) {
  if (!dn.empty()) return dn;
  if (item > 0) return path + " item " + std::to_string(item);
  return line > 0 ? path + ":" + std::to_string(line) : path;
}

state::RecordSource<state::ItemPerson> itemPeopleOf(const plan::Plan& plan,
                                                    const directory::Export& hr) {
  return [&plan, &hr](const std::function<void(state::ItemPerson &&)>& sink) {
    std::unordered_map<std::string_view, const directory::Person*> byEmployee;
    byEmployee.reserve(hr.people.size());
    for (const auto& p : hr.people) byEmployee.emplace(p.employeeId, &p);
    std::unordered_map<std::string, const directory::RowProblem*> problemByKey;
    for (const auto& r : hr.problems) problemByKey.emplace(plan::rowProblemKey(r), &r);

    for (const auto& item : plan.items) {
      if (!named(item)) continue;
      state::ItemPerson p{
          item.key, lowerAscii(item.account), item.account, item.name, item.employeeId, "", 0};
      if (item.kind == plan::ItemKind::Problem) {
        const auto row = problemByKey.find(item.key);
        if (row != problemByKey.end())
          p.source = rowSource(hr.path, row->second->line, row->second->item, row->second->dn);
      } else if (const auto person = byEmployee.find(item.employeeId); person != byEmployee.end()) {
        const directory::Person& row = *person->second;
        if (p.name.empty()) p.name = row.name;
        p.source = rowSource(hr.path, row.line, row.item, row.dn);
      }
      sink(std::move(p));
    }
  };
}

state::RecordSource<state::PersonRecord> peopleRecordsOf(const directory::Export& hr,
                                                         const policy::Policy& policy,
                                                         const std::string& emailColumn) {
  return [&hr, &policy, &emailColumn](const std::function<void(state::PersonRecord &&)>& sink) {
    std::unordered_set<std::string_view> seen;
    seen.reserve(hr.people.size());
    for (const auto& row : hr.people) {
      if (!seen.insert(row.employeeId).second) continue;
      state::PersonRecord r;
      r.employeeId = row.employeeId;
      r.account = lowerAscii(row.account);
      r.hrAccount = row.account;
      r.name = row.name;
      r.department = row.department;
      r.mobile = row.mobile;
      r.email = policy::fieldValue(row, emailColumn).value_or("");
      r.hrStatus = row.status;
      r.active = row.active;
      r.rules = matchedRules(policy, row);
      sink(std::move(r));
    }
  };
}

}  // namespace membersync::apply
