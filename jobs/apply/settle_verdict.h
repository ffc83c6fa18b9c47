#pragma once

// Internal to jobs/apply: how a step in doubt is settled, written once. Each kind judges its step
// by what this run read (settle_members.cpp: adds, deletes, edits; settle_entitlements.cpp: A9,
// A10, B1; settle_passwords.cpp: resets, by the password re-sent) and returns a Verdict;
// recordVerdict() then writes it the way runJournaled() writes an answer: the journal's
// settlement and the records it implies in one transaction.

#include <deque>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "jobs/apply/settle.h"
#include "jobs/state/store.h"

namespace membersync::apply::detail {

struct Verdict {
  state::Settlement settlement = state::Settlement::NotDone;
  std::optional<std::string> globalId;  // Done adds: the member found
  // With the settlement, in its transaction: what the step's success implies (a link, owned
  // assets, a lending, an enrolment record).
  std::function<void(state::StateStore&)> records;
  bool clearItem = true;  // the item's history goes (the plan decides afresh); not for B1
  std::string note;       // one line for the run's log; empty: none
  std::string finding;    // what reading found, kept with the step for `status`; empty: none
};

void recordVerdict(state::StateStore& store, const state::Step& step, const Verdict& verdict,
                   SettleResult& result);

// The live members settling judges by: the member list's, and those A5 found by keyword.
class LiveMembers {
 public:
  // Points into `members`, which must outlive it.
  LiveMembers(const std::vector<center::MemberListItem>& members, std::string suffix);
  const center::MemberListItem* byAccount(const std::string& account) const;
  const center::MemberListItem* byGlobalId(const std::string& globalId) const;
  // A member the list lacked and A5 found.
  void add(center::MemberListItem member);
  // An account the list lacks whose absence could not be confirmed: nothing is judged on it.
  void markUnknown(const std::string& account) { unknown_.insert(account); }
  bool unknown(const std::string& account) const { return unknown_.count(account) > 0; }
  const std::string& suffix() const { return suffix_; }

 private:
  void index(const center::MemberListItem& m);

  std::string suffix_;
  std::deque<center::MemberListItem> found_;  // stable addresses
  std::unordered_map<std::string, const center::MemberListItem*> byAccount_;
  std::unordered_map<std::string, const center::MemberListItem*> byGlobalId_;
  std::set<std::string> unknown_;
};

// The account a member step concerns when the list lacks its member (an add whose account no
// member has, a delete or edit whose member is not listed): to be asked for by keyword before
// judging. Empty when the list answers.
std::string accountToConfirm(const state::Step& step, const LiveMembers& live);

// Judges an add, delete or edit; nullopt for any other step, and for one whose account is
// unknown (LiveMembers::unknown): it stays in doubt. `voided` gets the accounts whose add did
// not take effect (their passwords were never set).
std::optional<Verdict> judgeMemberStep(const state::Step& step, const LiveMembers& live,
                                       std::vector<std::string>& voided);

}  // namespace membersync::apply::detail
