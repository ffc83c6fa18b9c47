#include "jobs/plan/entitled.h"

#include <algorithm>
#include <unordered_set>

#include "jobs/core/text.h"

namespace membersync::plan::detail {

std::vector<Entitled> entitledPeople(const Context& ctx) {
  std::unordered_set<std::string_view> added;
  for (const Item& item : ctx.plan.items)
    if (item.kind == ItemKind::Add) added.insert(item.employeeId);

  std::vector<Entitled> out;
  out.reserve(ctx.in.hr.people.size());
  for (const directory::Person& p : ctx.in.hr.people) {
    if (!p.active) continue;
    const state::Link* link = ctx.linkOf(p.employeeId);
    const LiveMember* member = nullptr;
    if (link && ctx.members.linkOf(link->globalId) == link) {
      member = ctx.members.byGlobalId(link->globalId);  // linked (and possibly renamed)
    } else {
      const LiveMember* same = ctx.members.byAccount(lowerAscii(p.account));
      if (same && same->link) continue;  // another employee's member: the add is held
      member = same;                     // adopted by this plan, or null: added
      if (!member && !added.count(p.employeeId)) continue;
    }
    if (member)
      out.push_back({&p, member, member->item->globalId, member->account});
    else
      out.push_back({&p, nullptr, p.employeeId, p.account});
  }
  std::sort(out.begin(), out.end(), [](const Entitled& a, const Entitled& b) {
    return a.person->employeeId < b.person->employeeId;
  });
  return out;
}

}  // namespace membersync::plan::detail
