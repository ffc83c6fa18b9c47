#pragma once

// Hand-made planner inputs for the [plan] tests: an HR export, the member list, a policy, a
// state snapshot and settings, with small builders so each test states only what it is about.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jobs/plan/planner.h"

namespace membersync::plan::testing {

constexpr state::Millis kDay = 86400000;
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
  m.id = "id-" + globalId;
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
    hr.problems.push_back(directory::RowProblem{line, employeeId, account, message});
    if (!employeeId.empty()) hr.skippedEmployeeIds.insert(employeeId);
    if (!account.empty()) hr.skippedAccounts.insert(account);
    hr.rowCount = hr.people.size() + hr.problems.size();
    return *this;
  }

  Plan plan() const {
    PlanInputs in{hr, members, policy, state, settings, now, &managedAssets};
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
