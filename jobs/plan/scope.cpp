#include "jobs/plan/scope.h"

#include <algorithm>
#include <unordered_set>

#include "jobs/core/text.h"

namespace membersync::plan::detail {
namespace {

template <class T, class KeyOf>
void keepOnly(std::vector<T>& v, const std::unordered_set<std::string>& ids, KeyOf keyOf) {
  v.erase(std::remove_if(v.begin(), v.end(), [&](const T& x) { return !ids.count(keyOf(x)); }),
          v.end());
}

// Employee ids the account concerns: those of the kept items, of HR rows with that account, and
// of state links to it.
std::unordered_set<std::string> employeesOf(const Context& ctx, const std::string& only) {
  std::unordered_set<std::string> ids;
  for (const Item& item : ctx.plan.items)
    if (!item.employeeId.empty()) ids.insert(item.employeeId);
  for (const directory::Person& p : ctx.in.hr.people)
    if (lowerAscii(p.account) == only) ids.insert(p.employeeId);
  for (const auto& [employeeId, link] : ctx.in.state.linksByEmployee)
    if (link.account == only) ids.insert(employeeId);
  return ids;
}

// Member globalIds the account concerns: those of the kept items, of its live member, and of
// state links to it.
std::unordered_set<std::string> membersOf(const Context& ctx, const std::string& only) {
  std::unordered_set<std::string> ids;
  for (const Item& item : ctx.plan.items)
    if (!item.globalId.empty()) ids.insert(item.globalId);
  if (const LiveMember* m = ctx.members.byAccount(only)) ids.insert(m->item->globalId);
  for (const auto& [employeeId, link] : ctx.in.state.linksByEmployee)
    if (link.account == only) ids.insert(link.globalId);
  return ids;
}

}  // namespace

void restrictToAccount(Context& ctx) {
  const std::string only = lowerAscii(ctx.in.settings.onlyAccount);
  if (only.empty()) return;
  auto& items = ctx.plan.items;
  // A problem about several people (a pool run dry) stays when it names the account.
  auto names = [&](const Item& i) {
    auto it = ctx.problemAccounts.find(i.key);
    return it != ctx.problemAccounts.end() && it->second.count(only);
  };
  items.erase(std::remove_if(items.begin(), items.end(),
                             [&](const Item& i) {
                               return lowerAscii(i.account) != only &&
                                      lowerAscii(i.centerAccount) != only && !names(i);
                             }),
              items.end());
  const std::unordered_set<std::string> ids = employeesOf(ctx, only);
  StateChanges& sc = ctx.plan.stateChanges;
  keepOnly(sc.absences, ids, [](const state::Absence& a) { return a.employeeId; });
  keepOnly(sc.links, ids, [](const state::Link& l) { return l.employeeId; });
  keepOnly(sc.clearedAbsences, ids, [](const std::string& id) { return id; });
  keepOnly(sc.droppedLinks, ids, [](const std::string& id) { return id; });
  const std::unordered_set<std::string> members = membersOf(ctx, only);
  // Whose releases this run may judge: the account's people and members (sorted: stable output).
  auto& subjects = ctx.plan.scopeSubjects;
  subjects.assign(ids.begin(), ids.end());
  subjects.insert(subjects.end(), members.begin(), members.end());
  std::sort(subjects.begin(), subjects.end());
  // Never empty, so that a narrowed plan is never taken for a full one: a marker no key has.
  if (subjects.empty()) subjects.push_back("(--only " + only + ")");
  keepOnly(sc.endedLendings, members, [](const std::string& id) { return id; });
  keepOnly(sc.droppedOwnedAssets, members, [&](const std::string& asset) {
    auto it = ctx.in.state.ownedAssets.find(asset);
    return it == ctx.in.state.ownedAssets.end() ? std::string() : it->second.globalId;
  });
}

}  // namespace membersync::plan::detail
