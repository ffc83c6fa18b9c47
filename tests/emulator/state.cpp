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
  s.indexAssetsAndLocks();
  return s;
}

void State::indexAssetsAndLocks() {
  for (std::size_t i = 0; i < assets_.size(); ++i) {
    assetByNum_.emplace(assets_[i].assetNum, i);
    assetById_.emplace(assets_[i].assetId, i);
    if (!assets_[i].holderGlobalId.empty()) heldBy_[assets_[i].holderGlobalId].push_back(i);
  }
  for (std::size_t i = 0; i < locks_.size(); ++i) lockByNum_.emplace(locks_[i].assetNum, i);
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
  auto it = assetByNum_.find(assetNum);
  return it == assetByNum_.end() ? nullptr : &assets_[it->second];
}

Asset* State::assetById(const std::string& assetId) {
  auto it = assetById_.find(assetId);
  return it == assetById_.end() ? nullptr : &assets_[it->second];
}

Lock* State::lockByNum(const std::string& assetNum) {
  auto it = lockByNum_.find(assetNum);
  return it == lockByNum_.end() ? nullptr : &locks_[it->second];
}

void State::setHolder(Asset& asset, const std::string& globalId) {
  if (asset.holderGlobalId == globalId) return;
  const auto position = static_cast<std::size_t>(&asset - assets_.data());
  if (!asset.holderGlobalId.empty()) {
    auto& held = heldBy_[asset.holderGlobalId];
    held.erase(std::remove(held.begin(), held.end(), position), held.end());
  }
  asset.holderGlobalId = globalId;
  if (!globalId.empty()) heldBy_[globalId].push_back(position);
}

std::vector<std::string> State::assetNumsOf(const std::string& globalId) const {
  std::vector<std::string> nums;
  const auto it = globalId.empty() ? heldBy_.end() : heldBy_.find(globalId);
  if (it == heldBy_.end()) return nums;
  std::vector<std::size_t> positions = it->second;
  std::sort(positions.begin(), positions.end());  // the enterprise's asset order
  for (std::size_t p : positions) nums.push_back(assets_[p].assetNum);
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
  listedKnown_ = false;
  indexMember(members_.size() - 1);
  return members_.back();
}

void State::markDeleted(Member& member) {
  member.deleted = true;
  listedKnown_ = false;
}

const std::vector<std::size_t>& State::listedMembers() const {
  if (listedKnown_) return listed_;
  listed_.clear();
  for (std::size_t i = 0; i < members_.size(); ++i)
    if (!members_[i].deleted || enterprise_.listDeletedMembers) listed_.push_back(i);
  const auto created = [this](std::size_t a, std::size_t b) {
    return listedBefore(members_[a], members_[b]);
  };
  if (!std::is_sorted(listed_.begin(), listed_.end(), created))
    std::stable_sort(listed_.begin(), listed_.end(), created);
  listedKnown_ = true;
  return listed_;
}

std::int64_t State::nextCreateTime(std::int64_t nowMs) {
  lastCreateTime_ = std::max(lastCreateTime_, nowMs);
  return lastCreateTime_;
}

void State::releaseEverythingOf(Member& member) {
  if (const auto held = heldBy_.find(member.globalId); held != heldBy_.end()) {
    for (const std::size_t p : std::vector<std::size_t>(held->second)) {
      setHolder(assets_[p], "");
      assets_[p].lentIn.clear();
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
