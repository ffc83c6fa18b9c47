#include "tests/emulator/state.h"

#include <algorithm>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {

State State::fromFixture(const Fixture& fixture) {
  State s;
  s.enterprise_ = fixture.enterprise;
  s.departments_ = fixture.departments;
  s.members_ = fixture.members;
  s.assets_ = fixture.assets;
  s.locks_ = fixture.locks;
  s.nextMemberId_ = kFirstMemberId;
  for (std::size_t i = 0; i < s.members_.size(); ++i) {
    const Member& m = s.members_[i];
    s.nextMemberId_ = std::max(s.nextMemberId_, m.id + 1);
    s.lastCreateTime_ = std::max(s.lastCreateTime_, m.createTime);
    s.indexMember(i);
  }
  return s;
}

void State::indexMember(std::size_t position) {
  const Member& m = members_[position];
  byGlobalId_.emplace(m.globalId, position);
  byUserName_[toLowerAscii(m.userName)].push_back(position);
}

const Department* State::department(std::int64_t id) const {
  auto it = std::find_if(departments_.begin(), departments_.end(),
                         [&](const Department& d) { return d.id == id; });
  return it == departments_.end() ? nullptr : &*it;
}

Member* State::memberByGlobalId(const std::string& globalId) {
  auto it = byGlobalId_.find(globalId);
  return it == byGlobalId_.end() ? nullptr : &members_[it->second];
}

Member* State::liveMemberByUserName(const std::string& userName) {
  auto it = byUserName_.find(toLowerAscii(userName));
  if (it == byUserName_.end()) return nullptr;
  for (std::size_t position : it->second) {
    if (!members_[position].deleted) return &members_[position];
  }
  return nullptr;
}

Asset* State::assetByNum(const std::string& assetNum) {
  auto it = std::find_if(assets_.begin(), assets_.end(),
                         [&](const Asset& a) { return a.assetNum == assetNum; });
  return it == assets_.end() ? nullptr : &*it;
}

Asset* State::assetById(const std::string& assetId) {
  auto it = std::find_if(assets_.begin(), assets_.end(),
                         [&](const Asset& a) { return a.assetId == assetId; });
  return it == assets_.end() ? nullptr : &*it;
}

Lock* State::lockByNum(const std::string& assetNum) {
  auto it = std::find_if(locks_.begin(), locks_.end(),
                         [&](const Lock& l) { return l.assetNum == assetNum; });
  return it == locks_.end() ? nullptr : &*it;
}

std::vector<std::string> State::assetNumsOf(const std::string& globalId) const {
  std::vector<std::string> nums;
  for (const Asset& a : assets_) {
    if (!globalId.empty() && a.holderGlobalId == globalId) nums.push_back(a.assetNum);
  }
  return nums;
}

int State::liveTrialMembers() const {
  return static_cast<int>(std::count_if(members_.begin(), members_.end(),
                                        [](const Member& m) { return !m.deleted && m.trial; }));
}

Member& State::addMember(Member member) {
  member.id = nextMemberId_++;
  member.userId = member.id + kUserIdOffset;
  members_.push_back(std::move(member));
  indexMember(members_.size() - 1);
  return members_.back();
}

std::int64_t State::nextCreateTime(std::int64_t nowMs) {
  lastCreateTime_ = std::max(lastCreateTime_, nowMs);
  return lastCreateTime_;
}

void State::releaseEverythingOf(Member& member) {
  for (Asset& a : assets_) {
    if (a.holderGlobalId == member.globalId) {
      a.holderGlobalId.clear();
      a.lentIn.clear();
    }
  }
  for (Lock& l : locks_) {
    if (l.lentToGlobalId != member.globalId) continue;
    l.lentToGlobalId.clear();
    // Whatever was lent into the freed lock comes back out of it.
    for (Asset& a : assets_) {
      if (a.lentIn == l.assetNum) a.lentIn.clear();
    }
  }
  member.borrowNum.clear();
}

bool State::acceptNonce(const std::string& nonce) {
  return nonces_.insert(nonce).second;
}

bool listedBefore(const Member& a, const Member& b) {
  return a.createTime != b.createTime ? a.createTime < b.createTime : a.id < b.id;
}

}  // namespace membersync::emulator
