#pragma once

// Hand-made planner inputs for the [plan] tests: an HR export, the member list, a policy, a
// state snapshot and settings, with small builders so each test states only what it is about.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jobs/plan/planner.h"

namespace membersync::plan::testing {

constexpr state::Millis kHour = 3600000;
constexpr state::Millis kDay = 24 * kHour;
constexpr state::Millis kNow = 1767225600000;  // 2026-01-01 00:00:00 UTC

inline directory::Person person(const std::string& employeeId, const std::string& account,
                                const std::string& name = "Name", const std::string& dept = "") {
  directory::Person p;
  p.employeeId = employeeId;
  p.account = account;
  p.name = name;
  p.department = dept;
  return p;
}

inline directory::Person departed(directory::Person p) {
  p.active = false;
  p.status = "left";
  return p;
}

inline center::MemberListItem member(const std::string& globalId, const std::string& account,
                                     const std::string& name = "Name") {
  center::MemberListItem m;
  m.globalId = globalId;
  m.userName = account + "@acme";
  m.name = name;
  return m;
}

struct Scenario {
  directory::Export hr;
  std::vector<center::MemberListItem> members;
  policy::Policy policy;
  state::Snapshot state;
  PlanSettings settings;
  std::set<std::string> managedAssets;
  state::Millis now = kNow;
  // The entitlement inputs; absent: not read this run.
  std::optional<std::vector<center::AssetNumber>> assets;
  std::optional<std::vector<center::BorrowedLock>> locks;
  std::map<std::string, std::vector<std::string>> products;  // by assetId

  Scenario() {
    settings.accountSuffix = "@acme";
    hr.contentHash = "export-1";
  }

  Scenario& add(directory::Person p) {
    p.line = static_cast<int>(hr.people.size()) + 2;
    hr.people.push_back(std::move(p));
    hr.rowCount = hr.people.size() + hr.problems.size();
    return *this;
  }
  Scenario& add(center::MemberListItem m) {
    members.push_back(std::move(m));
    return *this;
  }
  // A link as membersync keeps it: employee -> member.
  Scenario& link(const std::string& employeeId, const std::string& account,
                 const std::string& globalId, bool createdByUs = true) {
    state.linksByEmployee[employeeId] = state::Link{employeeId, account, globalId, createdByUs, 0};
    return *this;
  }
  Scenario& absence(const std::string& employeeId, int count, const std::string& lastHash,
                    std::optional<state::Millis> withdrawnAt = std::nullopt) {
    state.absences[employeeId] =
        state::Absence{employeeId, count, lastHash, kNow - 10 * kDay, withdrawnAt};
    return *this;
  }
  // A row that failed validation.
  Scenario& badRow(int line, const std::string& employeeId, const std::string& account,
                   const std::string& message) {
    directory::RowProblem problem;
    problem.line = line;
    problem.employeeId = employeeId;
    problem.account = account;
    problem.message = i18n::verbatim(message);
    hr.problems.push_back(problem);
    if (!employeeId.empty()) hr.skippedEmployeeIds.insert(employeeId);
    if (!account.empty()) hr.skippedAccounts.insert(account);
    hr.rowCount = hr.people.size() + hr.problems.size();
    return *this;
  }

  // An enterprise asset (A6), id "ID-<number>", assigned to `holder` ("" for nobody).
  Scenario& asset(const std::string& number, const std::string& holder = "",
                  bool borrowed = false) {
    if (!assets) assets.emplace();
    center::AssetNumber a;
    a.assetNum = number;
    a.assetId = "ID-" + number;
    if (!holder.empty()) a.cloudAccountGlobalId = holder;
    a.borrowedFlag = borrowed;
    assets->push_back(a);
    for (auto& m : members)
      if (m.globalId == holder) m.assetNums.push_back(number);
    return *this;
  }
  // A borrowed lock (A8), lent to `lentTo` ("" for nobody).
  Scenario& lock(const std::string& number, const std::string& lentTo = "") {
    if (!locks) locks.emplace();
    center::BorrowedLock l;
    l.assetNum = number;
    l.assetId = "LID-" + number;
    l.borrowedFlag = !lentTo.empty();
    if (!lentTo.empty()) l.cloudAccountGlobalId = lentTo;
    locks->push_back(l);
    return *this;
  }
  // State: membersync assigned the asset to that member for that rule.
  Scenario& owned(const std::string& number, const std::string& globalId, const std::string& rule) {
    state.ownedAssets[number] = state::OwnedAsset{number, globalId, rule, kNow - kDay};
    return *this;
  }

  std::set<std::string> addsInDoubt;  // PlanInputs::addsInDoubt

  Plan plan() const {
    PlanInputs in{hr, members, policy, state, settings, now, &managedAssets};
    in.addsInDoubt = &addsInDoubt;
    if (assets) in.assets = &*assets;
    if (locks) in.locks = &*locks;
    in.productsByAssetId = &products;
    return makePlan(in);
  }
};

inline const Item* find(const Plan& plan, const std::string& key) {
  for (const Item& item : plan.items)
    if (item.key == key) return &item;
  return nullptr;
}

inline std::size_t countKind(const Plan& plan, ItemKind kind) {
  std::size_t n = 0;
  for (const Item& item : plan.items) n += item.kind == kind ? 1 : 0;
  return n;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

template <class T>
bool has(const std::vector<T>& v, const T& x) {
  for (const T& y : v)
    if (y == x) return true;
  return false;
}

}  // namespace membersync::plan::testing
