#include "jobs/apply/settle_entitlements.h"

#include <algorithm>

#include "jobs/apply/step_detail.h"

namespace membersync::apply::detail {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace

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

bool EntitlementSettler::settle(state::StateStore& store, const state::Step& step,
                                SettleResult& result) const {
  const auto& info = step.info;
  const bool entitlement = info.kind == "assign" || info.kind == "lend" ||
                           info.kind == "enrol" || info.kind == "withdraw";
  if (!entitlement) return false;
  const auto detail = decodeDetail(info.detail);
  const std::string who = info.account.empty() ? info.globalId : info.account;

  if (info.kind == "enrol") {
    store.transaction([&] {
      store.journalSettled(step.id, state::Settlement::Unresolved, std::nullopt);
      if (detail && !detail->rule.empty() && !info.employeeId.empty()) {
        // The applier records it unknown before sending; a run cut off in between has not.
        store.saveEnrolment({info.employeeId, detail->rule, detail->activityLabel,
                             state::EnrolmentStatus::Unknown, detail->inputHash, "",
                             "sent in run " + std::to_string(step.runId) +
                                 " and never answered; the activity service has no read call, "
                                 "so it is not sent again on its own",
                             0});
      }
    });
    ++result.unresolved;
    result.notes.push_back("enrolment " + info.itemKey + " of " + who +
                           " is in doubt and cannot be read back; it is not re-sent");
    return true;
  }

  if (!detail) {
    // A withdrawal journaled before withdrawals carried their assets: the caller's default.
    if (info.kind == "withdraw") return false;
    store.transaction([&] {
      store.journalSettled(step.id, state::Settlement::NotDone, std::nullopt);
      store.clearItem(info.itemKey);
    });
    ++result.notDone;
    return true;
  }

  bool done = false;
  std::string what;
  if (info.kind == "assign" || info.kind == "withdraw") {
    done = true;
    for (const auto& a : detail->add) done = done && holds(info.globalId, a);
    for (const auto& a : detail->withdraw) done = done && !holds(info.globalId, a);
    what = (info.kind == "assign" ? "asset change of " : "withdrawal of assets of ") + who;
    if (!detail->add.empty()) what += " (assign " + joined(detail->add) + ")";
    if (!detail->withdraw.empty()) what += " (withdraw " + joined(detail->withdraw) + ")";
  } else {  // lend
    done = lent(info.globalId, detail->lock);
    what = "lending of " + who + "'s assets to lock " + detail->lock;
  }
  store.transaction([&] {
    store.journalSettled(step.id, done ? state::Settlement::Done : state::Settlement::NotDone,
                         std::nullopt);
    if (done && info.kind == "lend") {
      store.saveLending({info.globalId, detail->lock, detail->rule, 0});
    } else if (done) {
      recordAssets(store, info.globalId, *detail);
    }
    store.clearItem(info.itemKey);
  });
  ++(done ? result.done : result.notDone);
  result.notes.push_back(what + " was in doubt: " +
                         (done ? "it took effect; recorded"
                               : "it did not take effect; planned again from what was read"));
  return true;
}

}  // namespace membersync::apply::detail
