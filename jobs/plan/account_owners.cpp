#include "jobs/plan/account_owners.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "jobs/core/text.h"

namespace membersync::plan {
namespace {

// The rows of `hr.problems` to keep, by account (lower case): the one row of each account whose
// only fault is sharing it and whose employee id membersync links to it.
std::map<std::string, std::size_t> ownersToKeep(const directory::Export& hr,
                                                const state::Snapshot& state) {
  std::map<std::string, std::size_t> owners;
  std::set<std::string> contested;
  for (std::size_t i = 0; i < hr.problems.size(); ++i) {
    const directory::RowProblem& problem = hr.problems[i];
    if (!problem.sharesAccountOnly) continue;
    const std::string account = lowerAscii(problem.account);
    const auto link = state.linksByEmployee.find(problem.employeeId);
    if (link == state.linksByEmployee.end() || link->second.account != account) continue;
    if (!owners.emplace(account, i).second) contested.insert(account);
  }
  for (const std::string& account : contested) owners.erase(account);
  return owners;
}

// Where the owner's row is, as the reader names places: a line, a JSON item, an LDAP entry.
std::string placeOf(const directory::Person& p) {
  if (!p.dn.empty()) return "entry " + p.dn;
  if (p.item > 0) return "item " + std::to_string(p.item);
  return "line " + std::to_string(p.line);
}

std::string refusalOf(const directory::RowProblem& refused, const directory::Person& owner) {
  return "account \"" + refused.account + "\" is employee " + owner.employeeId + "'s (" +
         placeOf(owner) + "), to whom membersync links it; each person must appear once: give " +
         (refused.employeeId.empty() ? std::string("this row") : "employee " + refused.employeeId) +
         " an account of its own";
}

}  // namespace

std::optional<directory::Export> keepAccountOwners(const directory::Export& hr,
                                                   const state::Snapshot& state) {
  const std::map<std::string, std::size_t> owners = ownersToKeep(hr, state);
  if (owners.empty()) return std::nullopt;
  directory::Export out = hr;
  out.problems.clear();
  for (std::size_t i = 0; i < hr.problems.size(); ++i) {
    directory::RowProblem problem = hr.problems[i];
    const auto owner = owners.find(lowerAscii(problem.account));
    if (owner == owners.end()) {
      out.problems.push_back(std::move(problem));
    } else if (owner->second == i) {
      out.people.push_back(*problem.sharesAccountOnly);
      out.skippedEmployeeIds.erase(problem.employeeId);
      out.skippedAccounts.erase(owner->first);
    } else {
      // Another person's row with the owner's account: only its own keys stay skipped.
      if (problem.sharesAccountOnly)
        problem.message =
            i18n::verbatim(refusalOf(problem, *hr.problems[owner->second].sharesAccountOnly));
      out.problems.push_back(std::move(problem));
    }
  }
  // File order, as the reader gives people (LDAP entries carry no line and keep their order).
  std::stable_sort(out.people.begin(), out.people.end(),
                   [](const directory::Person& a, const directory::Person& b) {
                     return std::tie(a.line, a.item) < std::tie(b.line, b.item);
                   });
  return out;
}

}  // namespace membersync::plan
