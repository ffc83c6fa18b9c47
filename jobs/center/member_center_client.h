#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jobs/center/assets.h"
#include "jobs/center/members.h"
#include "jobs/center/result.h"
#include "jobs/center/session.h"

namespace membersync::center {

// The member center's endpoints A1-A10, typed. Every method returns a Result and never throws for
// a remote or network problem. Retries, token renewal and g_nonce are the Session's. Thread-safe:
// any number of threads may call at once (up to max_concurrency requests are in flight).
// The Session must outlive the client.
class MemberCenterClient {
 public:
  explicit MemberCenterClient(Session& session);

  // A1. At most 100 members: more is refused before sending (BadInput, code 60013). Ok with
  // `failed` non-empty when the center answered 60027. Unknown when the answer was lost: settle it
  // by listing the members; an add is never re-sent blindly. With `slots`, each attempt's request
  // goes holding one of them (CallSpec::slots), and fails unsent with their error when withheld.
  Result<AddMembersResult> addMembers(const std::vector<NewMember>& members,
                                      CallSlots* slots = nullptr);
  // A2 (safe to repeat).
  Status editMember(const std::string& memberGlobalId, const MemberEdit& edit);
  // A3 (safe to repeat, with the same password). With `slots`, as addMembers: a withheld first
  // attempt fails unsent; a withheld retry after an attempt that may have acted is Unknown.
  Status resetPassword(const std::string& memberGlobalId, const Secret& password,
                       CallSlots* slots = nullptr);
  // A4. Unknown when the answer was lost.
  Status deleteMember(const std::string& memberGlobalId);

  // A5, one page; pageNum starts at 1; pageSize 0 means options.pageSize. `once`: one attempt
  // (CallSpec::once).
  Result<MemberPage> listMembersPage(int pageNum, const MemberFilter& filter = {}, int pageSize = 0,
                                     bool once = false);
  // A5 read ahead, before the list is asked for: page 1 and the pages `expectedMembers` fills,
  // at most max_concurrency pages, in parallel, one attempt each (so one time-out at most).
  // Keeps the pages that came.
  MembersAhead readMembersAhead(std::int64_t expectedMembers);
  // A5, every page: page 1 (with the pages `expectedMembers` fills), then the rest in parallel;
  // duplicates (by globalId) dropped; members with deleted:true kept. Every page must be cut in
  // page 1's pageSize and be full but for the last, and the list must fit in [center]
  // max_member_pages (else a failure naming the key, after page 1). Then, when there was more
  // than one page, page 1 once more: if any page gave another total, the members read do not add
  // up to it, or page 1 now gives another, the list changed while it was read, and it is read a
  // second time (see MemberListing). `expectedMembers` (what the state last knew, 0: unknown)
  // lets the pages it fills go out with page 1; pages past the real end are dropped, pages it
  // did not foresee read after page 1. `ahead` (unfiltered lists only): pages read ahead, used in
  // place of reading them now (and moved out of it); one that did not come is read the usual way.
  Result<MemberListing> readMemberList(const MemberFilter& filter = {},
                                       std::int64_t expectedMembers = 0,
                                       MembersAhead* ahead = nullptr);
  // readMemberList's members; failed (RetryLater) when a second read misses a member the first
  // listed live (MemberListing::onlyInFirstRead), since the caller cannot judge it.
  Result<std::vector<MemberListItem>> listAllMembers(const MemberFilter& filter = {},
                                                     std::int64_t expectedMembers = 0,
                                                     MembersAhead* ahead = nullptr);

  // A6, A7, A8.
  Result<std::vector<AssetNumber>> listAssetNumbers();
  Result<ProductTree> listProducts(const std::string& assetId);
  Result<std::vector<BorrowedLock>> listBorrowedLocks();

  // A9: withdraws `deleteAssets` and assigns `addAssets` (asset numbers). Unknown when the answer
  // was lost: settle it by reading A6.
  Status configureAssets(const std::string& memberGlobalId, const std::vector<std::string>& deleteAssets,
                         const std::vector<std::string>& addAssets);
  // A10: lends the assets (`assetIds`, A6's assetId) to the lock `lockNumber`. Unknown when the
  // answer was lost.
  Status lendAssets(const std::string& memberGlobalId, const std::string& lockNumber,
                    const std::vector<std::string>& assetIds);

 private:
  std::string enterprisePath() const;

  Session& session_;
};

}  // namespace membersync::center
