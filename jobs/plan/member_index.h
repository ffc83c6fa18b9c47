#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jobs/center/members.h"
#include "jobs/state/records.h"

namespace membersync::plan::detail {

// A member the center lists as not deleted, with its account worked out once.
struct LiveMember {
  const center::MemberListItem* item = nullptr;
  std::string account;     // userName without the suffix, as the center spells it
  std::string accountKey;  // lower case: what HR accounts are matched by
};

// The live members, looked up in O(1) by globalId and by lower-case account, and the state link
// (if any) that points at each. Members with deleted: true are left out: they are ignored.
// Holds views into `members`, `state` and itself: not copyable, and the inputs must outlive it.
class MemberIndex {
 public:
  MemberIndex(const std::vector<center::MemberListItem>& members, const std::string& suffix,
              const state::Snapshot& state);
  MemberIndex(const MemberIndex&) = delete;
  MemberIndex& operator=(const MemberIndex&) = delete;

  const LiveMember* byGlobalId(std::string_view globalId) const;
  const LiveMember* byAccount(std::string_view accountKey) const;
  // The state link pointing at this live member, or null: membersync neither created nor
  // adopted it. If corrupt state has several, the lowest employee id wins (deterministic).
  const state::Link* linkOf(std::string_view globalId) const;

  const std::vector<LiveMember>& live() const { return live_; }
  // Live members linked in state: what max_delete_percent is a share of.
  std::size_t managed() const { return linkByGlobalId_.size(); }

 private:
  std::vector<LiveMember> live_;
  std::unordered_map<std::string_view, std::size_t> byGlobalId_;
  std::unordered_map<std::string_view, std::size_t> byAccount_;
  std::unordered_map<std::string_view, const state::Link*> linkByGlobalId_;
};

}  // namespace membersync::plan::detail
