#pragma once

#include <cstddef>
#include <memory_resource>
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
  // The state link pointing at this member, or null: membersync neither created nor adopted it.
  // If corrupt state has several, the lowest employee id wins (deterministic).
  const state::Link* link = nullptr;
};

// The live members, looked up in O(1) by globalId and by lower-case account. Members with
// deleted: true are left out: they are ignored. Holds views into `members`, `state` and itself:
// not copyable, and the inputs and `arena` (where the maps' nodes live) must outlive it.
class MemberIndex {
 public:
  MemberIndex(const std::vector<center::MemberListItem>& members, const std::string& suffix,
              const state::Snapshot& state, std::pmr::memory_resource* arena);
  MemberIndex(const MemberIndex&) = delete;
  MemberIndex& operator=(const MemberIndex&) = delete;

  const LiveMember* byGlobalId(std::string_view globalId) const;
  const LiveMember* byAccount(std::string_view accountKey) const;
  // The state link pointing at this live member, or null.
  const state::Link* linkOf(std::string_view globalId) const;

  const std::vector<LiveMember>& live() const { return live_; }
  // Position of `m` in live(), for per-member flags kept elsewhere.
  std::size_t indexOf(const LiveMember& m) const {
    return static_cast<std::size_t>(&m - live_.data());
  }
  // Live members linked in state: what max_delete_percent is a share of.
  std::size_t managed() const { return managed_; }

 private:
  void attachLinks(const state::Snapshot& state);

  std::vector<LiveMember> live_;
  std::pmr::unordered_map<std::string_view, std::size_t> byGlobalId_;
  std::pmr::unordered_map<std::string_view, std::size_t> byAccount_;
  std::size_t managed_ = 0;
};

}  // namespace membersync::plan::detail
