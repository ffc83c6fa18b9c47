#pragma once

// What a fully successful apply of a plan leaves behind, fed back into a Scenario, so a test can
// check that the next plan over the same export has nothing left to change.

#include <algorithm>
#include <map>

#include "jobs/core/text.h"
#include "tests/unit/plan/scenario.h"

namespace membersync::plan::testing {

inline center::MemberListItem* memberOf(Scenario& s, const std::string& globalId) {
  for (auto& m : s.members)
    if (m.globalId == globalId) return &m;
  return nullptr;
}

inline center::AssetNumber* assetOf(Scenario& s, const std::string& number) {
  for (auto& a : *s.assets)
    if (a.assetNum == number) return &a;
  return nullptr;
}

inline void assignEffects(Scenario& s, const Item& i, const std::string& gid) {
  center::MemberListItem* m = memberOf(s, gid);
  for (const std::string& num : i.assetsToWithdraw) {
    assetOf(s, num)->cloudAccountGlobalId.reset();
    assetOf(s, num)->borrowedFlag = false;
    auto& nums = m->assetNums;
    nums.erase(std::remove(nums.begin(), nums.end(), num), nums.end());
    s.state.ownedAssets.erase(num);
  }
  for (std::size_t k = 0; k < i.assetsToAdd.size(); ++k) {
    const std::string& num = i.assetsToAdd[k];
    assetOf(s, num)->cloudAccountGlobalId = gid;
    m->assetNums.push_back(num);
    s.state.ownedAssets[num] = state::OwnedAsset{num, gid, i.assetRules[k], s.now};
  }
}

inline void lendEffects(Scenario& s, const Item& i, const std::string& gid) {
  for (auto& l : *s.locks) {
    if (l.assetNum != i.lockNumber) continue;
    l.cloudAccountGlobalId = gid;
    l.borrowedFlag = true;
  }
  for (auto& a : *s.assets)
    if (std::find(i.assetIds.begin(), i.assetIds.end(), a.assetId) != i.assetIds.end())
      a.borrowedFlag = true;
  memberOf(s, gid)->borrowNum = i.lockNumber;
  s.state.lendings[gid] = state::Lending{gid, i.lockNumber, i.rule, s.now};
}

inline void stateEffects(Scenario& s, const StateChanges& sc) {
  for (const auto& l : sc.links) s.state.linksByEmployee[l.employeeId] = l;
  for (const auto& a : sc.absences) s.state.absences[a.employeeId] = a;
  for (const auto& id : sc.clearedAbsences) s.state.absences.erase(id);
  for (const auto& id : sc.droppedLinks) s.state.linksByEmployee.erase(id);
  for (const auto& gid : sc.endedLendings) s.state.lendings.erase(gid);
  for (const auto& num : sc.droppedOwnedAssets) s.state.ownedAssets.erase(num);
}

inline void applyEffects(Scenario& s, const Plan& plan) {
  std::map<std::string, std::string> added;  // employee id -> new globalId
  stateEffects(s, plan.stateChanges);
  for (const Item& i : plan.items) {
    const std::string gid = i.globalId.empty() ? added[i.employeeId] : i.globalId;
    switch (i.kind) {
      case ItemKind::Add: {
        const std::string newGid = "new-" + i.employeeId;
        added[i.employeeId] = newGid;
        center::MemberListItem m = member(newGid, i.account, i.name);
        m.departmentId = i.departmentId;
        m.remark = i.remark;
        m.passwordMobile = i.mobile;
        s.add(m);
        s.link(i.employeeId, lowerAscii(i.account), newGid);
        break;
      }
      case ItemKind::Edit: {
        center::MemberListItem* m = memberOf(s, gid);
        m->name = i.name;
        if (i.departmentId) m->departmentId = i.departmentId;
        if (i.remark) m->remark = i.remark;
        if (i.mobile) m->passwordMobile = i.mobile;
        break;
      }
      case ItemKind::Assign:
        assignEffects(s, i, gid);
        break;
      case ItemKind::Lend:
        lendEffects(s, i, gid);
        break;
      case ItemKind::Enrol:
        s.state.enrolments[i.employeeId + "|" + i.rule] =
            state::Enrolment{i.employeeId,
                             i.rule,
                             i.activityLabel,
                             state::EnrolmentStatus::Enrolled,
                             i.inputHash,
                             "[]",
                             "",
                             s.now};
        break;
      default:
        break;
    }
  }
}

// Items that would make a call.
inline std::size_t changesIn(const Plan& plan) {
  std::size_t n = 0;
  for (const Item& i : plan.items) switch (i.kind) {
      case ItemKind::Add:
      case ItemKind::Edit:
      case ItemKind::Withdraw:
      case ItemKind::Delete:
      case ItemKind::Assign:
      case ItemKind::Lend:
      case ItemKind::Enrol:
        ++n;
        break;
      default:
        break;
    }
  return n;
}

}  // namespace membersync::plan::testing
