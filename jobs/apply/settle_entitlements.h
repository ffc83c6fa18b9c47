#pragma once

// Internal to jobs/apply: settling the entitlement steps (A9, A10, B1) an earlier run left in
// doubt, by what this run read. settle.cpp asks here first for every step in doubt.

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "jobs/apply/settle.h"
#include "jobs/apply/settle_verdict.h"
#include "jobs/center/assets.h"
#include "jobs/center/members.h"
#include "jobs/state/store.h"

namespace membersync::apply::detail {

class EntitlementSettler {
 public:
  // `assets` (A6) and `locks` (A8) may be null when this run did not read them; then the member
  // list's assetNums and borrowNum (A5) answer instead.
  EntitlementSettler(const std::vector<center::MemberListItem>& members,
                     const std::vector<center::AssetNumber>* assets,
                     const std::vector<center::BorrowedLock>* locks);

  // Judges `step` when it is an entitlement step: an assign (A9) took effect when the member
  // holds every asset it added and none it withdrew (then the state records the ownership); a
  // withdraw that carried assets when the member holds none of them (ownership forgotten); a
  // lend (A10) when the lock is lent to the member (the lending recorded); an enrolment (B1)
  // cannot be read back: Unresolved, its record marked unknown, never re-sent on its own.
  // nullopt for any other step (the caller judges it).
  std::optional<Verdict> judge(const state::Step& step) const;

 private:
  Verdict judgeEnrolment(const state::Step& step) const;
  bool holds(const std::string& globalId, const std::string& assetNum) const;
  bool lent(const std::string& globalId, const std::string& lockNumber) const;

  std::unordered_map<std::string, const center::MemberListItem*> members_;  // by globalId
  std::unordered_map<std::string, std::string> assetHolder_;                // A6: number -> gid
  std::unordered_map<std::string, std::string> lockHolder_;                 // A8: number -> gid
  bool haveAssets_ = false;
  bool haveLocks_ = false;
};

}  // namespace membersync::apply::detail
