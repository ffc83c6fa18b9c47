#include "jobs/plan/member_index.h"

#include "jobs/core/text.h"

namespace membersync::plan::detail {

MemberIndex::MemberIndex(const std::vector<center::MemberListItem>& members,
                         const std::string& suffix, const state::Snapshot& state,
                         std::pmr::memory_resource* arena)
    : byGlobalId_(arena), byAccount_(arena) {
  live_.reserve(members.size());
  for (const center::MemberListItem& m : members) {
    if (m.deleted) continue;  // design: members listed with deleted: true are ignored
    std::string account = accountOf(m.userName, suffix);
    std::string key = lowerAscii(account);
    live_.push_back(LiveMember{&m, std::move(account), std::move(key), nullptr});
  }
  // The maps view strings inside live_, so they are filled only once live_ stops growing.
  byGlobalId_.reserve(live_.size());
  byAccount_.reserve(live_.size());
  for (std::size_t i = 0; i < live_.size(); ++i) {
    byGlobalId_.emplace(live_[i].item->globalId, i);
    // Two live members with one account should not exist; if they do, the lower globalId is
    // the one matched, so the choice does not depend on the listing's order.
    auto [it, inserted] = byAccount_.emplace(live_[i].accountKey, i);
    if (!inserted && live_[i].item->globalId < live_[it->second].item->globalId) it->second = i;
  }
  attachLinks(state);
}

void MemberIndex::attachLinks(const state::Snapshot& state) {
  // linksByEmployee is ordered, so the first link seen for a member has the lowest employee id.
  for (const auto& [employeeId, link] : state.linksByEmployee) {
    auto it = byGlobalId_.find(link.globalId);
    if (it == byGlobalId_.end() || live_[it->second].link) continue;
    live_[it->second].link = &link;
    ++managed_;
  }
}

const LiveMember* MemberIndex::byGlobalId(std::string_view globalId) const {
  auto it = byGlobalId_.find(globalId);
  return it == byGlobalId_.end() ? nullptr : &live_[it->second];
}

const LiveMember* MemberIndex::byAccount(std::string_view accountKey) const {
  auto it = byAccount_.find(accountKey);
  return it == byAccount_.end() ? nullptr : &live_[it->second];
}

const state::Link* MemberIndex::linkOf(std::string_view globalId) const {
  const LiveMember* m = byGlobalId(globalId);
  return m ? m->link : nullptr;
}

}  // namespace membersync::plan::detail
