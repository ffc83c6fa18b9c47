#include "jobs/apply/settle_entitlements.h"

#include <algorithm>

#include "jobs/apply/refusal_hints.h"
#include "jobs/apply/step_detail.h"
#include "jobs/core/text.h"

namespace membersync::apply::detail {
EntitlementSettler::EntitlementSettler(const std::vector<center::MemberListItem>& members,
                                       const std::vector<center::AssetNumber>* assets,
                                       const std::vector<center::BorrowedLock>* locks)
    : haveAssets_(assets != nullptr), haveLocks_(locks != nullptr) {
  for (const auto& m : members) {
    if (!m.deleted) members_[m.globalId] = &m;
  }
  if (assets) {
    for (const auto& a : *assets) assetHolder_[a.assetNum] = a.cloudAccountGlobalId.value_or("");
  }
  if (locks) {
    for (const auto& l : *locks) lockHolder_[l.assetNum] = l.cloudAccountGlobalId.value_or("");
  }
}

bool EntitlementSettler::holds(const std::string& globalId, const std::string& assetNum) const {
  if (haveAssets_) {
    auto found = assetHolder_.find(assetNum);
    return found != assetHolder_.end() && found->second == globalId;
  }
  auto member = members_.find(globalId);
  if (member == members_.end()) return false;
  const auto& nums = member->second->assetNums;
  return std::find(nums.begin(), nums.end(), assetNum) != nums.end();
}

bool EntitlementSettler::lent(const std::string& globalId, const std::string& lockNumber) const {
  if (haveLocks_) {
    auto found = lockHolder_.find(lockNumber);
    return found != lockHolder_.end() && found->second == globalId;
  }
  auto member = members_.find(globalId);
  return member != members_.end() && member->second->borrowNum == lockNumber;
}

std::optional<Verdict> EntitlementSettler::judge(const state::Step& step) const {
  const auto& info = step.info;
  if (info.kind == "enrol") return judgeEnrolment(step);
  if (info.kind != "assign" && info.kind != "lend" && info.kind != "withdraw") return std::nullopt;
  const auto detail = decodeDetail(info.detail);
  // A withdrawal journaled before withdrawals carried their assets: the caller's default.
  if (!detail && info.kind == "withdraw") return std::nullopt;
  if (!detail) return Verdict{};  // planned again from what was read
  const std::string who = info.account.empty() ? info.globalId : info.account;
  Verdict v;
  std::string what;
  if (info.kind == "lend") {
    const bool done = lent(info.globalId, detail->lock);
    what = "lending of " + who + "'s assets to lock " + detail->lock;
    if (done) {
      v.records = [info, d = *detail](state::StateStore& store) {
        store.saveLending({info.globalId, d.lock, d.rule, 0});
      };
    }
  } else {
    bool done = true;
    for (const auto& a : detail->add) done = done && holds(info.globalId, a);
    for (const auto& a : detail->withdraw) done = done && !holds(info.globalId, a);
    what = (info.kind == "assign" ? "asset change of " : "withdrawal of assets of ") + who;
    if (!detail->add.empty()) what += " (assign " + joinedText(detail->add) + ")";
    if (!detail->withdraw.empty()) what += " (withdraw " + joinedText(detail->withdraw) + ")";
    if (done) {
      v.records = [info, d = *detail](state::StateStore& store) {
        recordAssets(store, info.globalId, d);
      };
    }
  }
  v.settlement = v.records ? state::Settlement::Done : state::Settlement::NotDone;
  v.note = what + " was in doubt: " +
           (v.records ? "it took effect; recorded"
                      : "it did not take effect; planned again from what was read");
  return v;
}

// B1 has no read call: the enrolment stays unresolved and its record unknown, never re-sent on
// its own. The applier records it unknown before sending; a run cut off in between has not, so
// the record is written again from the journal's detail.
Verdict EntitlementSettler::judgeEnrolment(const state::Step& step) const {
  const auto& info = step.info;
  const auto detail = decodeDetail(info.detail);
  Verdict v;
  v.settlement = state::Settlement::Unresolved;
  v.clearItem = false;
  if (detail && !detail->rule.empty() && !info.employeeId.empty()) {
    v.records = [info, d = *detail, run = step.runId](state::StateStore& store) {
      store.saveEnrolment({info.employeeId, d.rule, d.activityLabel,
                           state::EnrolmentStatus::Unknown, d.inputHash, "",
                           "sent in run " + std::to_string(run) +
                               " and never answered; the activity service has no read call, "
                               "so it is not sent again on its own",
                           0});
    };
  }
  const std::string who = info.account.empty() ? info.globalId : info.account;
  v.note = "enrolment " + info.itemKey + " of " + who +
           " is in doubt and cannot be read back; it is not re-sent";
  return v;
}

}  // namespace membersync::apply::detail
