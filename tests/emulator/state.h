#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "tests/emulator/model.h"

namespace membersync::emulator {

// The data the endpoints read and change: members, assets, locks and activity claims, plus the
// g_nonce values already seen. Not thread-safe: the Emulator holds one mutex around all of it.
// Lookups return nullptr when nothing matches; pointers stay valid until the next add.
// Members enter through fromFixture() and addMember() only, and their globalId and userName
// never change: the member lookups are indexed by both. Assets and locks come from the fixture
// only, indexed by number and id; an asset's holder changes through setHolder() alone, which
// keeps the index by holder (a member's asset numbers are listed with every A5 item: a scan of
// 400,000 assets per item made listing quadratic).
class State {
 public:
  // A copy of the fixture's data. Ids of members added later continue after the fixture's.
  static State fromFixture(const Fixture& fixture);

  const Enterprise& enterprise() const { return enterprise_; }
  const std::vector<Department>& departments() const { return departments_; }
  std::vector<Member>& members() { return members_; }
  const std::vector<Member>& members() const { return members_; }
  const std::vector<Asset>& assets() const { return assets_; }
  std::vector<Lock>& locks() { return locks_; }
  const std::vector<Lock>& locks() const { return locks_; }

  const Department* department(std::int64_t id) const;
  // A member by global id, deleted ones included.
  Member* memberByGlobalId(const std::string& globalId);
  // The non-deleted member whose full userName equals `userName`, ignoring ASCII case.
  Member* liveMemberByUserName(const std::string& userName);
  Asset* assetByNum(const std::string& assetNum);
  Asset* assetById(const std::string& assetId);
  Lock* lockByNum(const std::string& assetNum);
  // Gives the asset to the member with `globalId` (empty: to nobody).
  void setHolder(Asset& asset, const std::string& globalId);

  // Asset numbers held by the member, in the enterprise's asset order.
  std::vector<std::string> assetNumsOf(const std::string& globalId) const;
  // Non-deleted members that count against the trial limit.
  int liveTrialMembers() const;

  // Appends a member, giving it the next id and user id; returns it.
  Member& addMember(Member member);
  // Marks a member deleted (A4), as members are only ever deleted.
  void markDeleted(Member& member);
  // The members A5 lists without a filter, in its order (deleted ones only when the enterprise
  // lists them): kept from page to page until a member is added or deleted, since building it
  // for each page of 400,000 members made listing quadratic.
  // Positions in members().
  const std::vector<std::size_t>& listedMembers() const;
  // Epoch milliseconds for a new member's createTime: never earlier than the previous one, so
  // "ordered by createTime then id" matches the order members were added in.
  std::int64_t nextCreateTime(std::int64_t nowMs);

  // Withdraws every asset the member holds, returns the assets lent from it and frees every
  // lock lent to it (A4).
  void releaseEverythingOf(Member& member);

  // g_nonce replay protection: true the first time a value is seen.
  bool acceptNonce(const std::string& nonce);
  std::size_t seenNonces() const { return nonces_.size(); }

  // Activity claims: label -> identity key -> unit id -> claims made.
  using Claims = std::map<std::string, std::map<std::string, std::map<std::string, int>>>;
  Claims& claims() { return claims_; }
  const Claims& claims() const { return claims_; }

 private:
  Enterprise enterprise_;
  std::vector<Department> departments_;
  std::vector<Member> members_;
  // Indexes into members_: by globalId (the first member with it), and by lower-case userName
  // (every member with it, deleted ones included, in list order).
  std::unordered_map<std::string, std::size_t> byGlobalId_;
  std::unordered_map<std::string, std::vector<std::size_t>> byUserName_;
  std::vector<Asset> assets_;
  std::vector<Lock> locks_;
  // Indexes into assets_ and locks_ (the first with each number or id, as a scan finds it), and
  // the assets each member holds.
  std::unordered_map<std::string, std::size_t> assetByNum_, assetById_, lockByNum_;
  std::unordered_map<std::string, std::vector<std::size_t>> heldBy_;
  mutable std::vector<std::size_t> listed_;
  mutable bool listedKnown_ = false;
  std::set<std::string> nonces_;
  Claims claims_;
  std::int64_t nextMemberId_ = 0;
  std::int64_t lastCreateTime_ = 0;

  void indexMember(std::size_t position);
  void indexAssetsAndLocks();
};

// A5's order: createTime, then id.
bool listedBefore(const Member& a, const Member& b);

// The first member id; 64-bit on purpose, so a client that squeezes ids through a double or a
// 32-bit int shows up at once (the spec types them as long).
constexpr std::int64_t kFirstMemberId = 1700000000000000001;
// userId is the member id plus this offset, so the two are never confused.
constexpr std::int64_t kUserIdOffset = 100000000000000000;

}  // namespace membersync::emulator
