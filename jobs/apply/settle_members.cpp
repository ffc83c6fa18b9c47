// Settling the member steps an earlier run left in doubt (A1 adds, A4 deletes, A2 edits) by the
// members this run read.

#include "jobs/apply/settle_verdict.h"
#include "jobs/apply/step_detail.h"
#include "jobs/core/text.h"
#include "jobs/plan/member_field.h"

namespace membersync::apply::detail {
namespace {

std::string quoted(const std::string& value) {
  return value.empty() ? "nothing" : "\"" + value + "\"";
}

Verdict judgeAdd(const state::StepInfo& info, const LiveMembers& live,
                 std::vector<std::string>& voided) {
  Verdict v;
  const center::MemberListItem* member = live.byAccount(info.account);
  if (!member) {
    voided.push_back(info.account);  // the password written for that add was never set
    v.note = "add of " + info.account + " was in doubt: no such member; added again";
    return v;
  }
  const std::string globalId = member->globalId;
  v.settlement = state::Settlement::Done;
  v.globalId = globalId;
  v.records = [info, globalId](state::StateStore& store) {
    store.saveLink({info.employeeId, info.account, globalId, true, 0});
  };
  v.note = "add of " + info.account + " was in doubt: the member exists; linked";
  return v;
}

Verdict judgeDelete(const state::StepInfo& info, const LiveMembers& live) {
  Verdict v;
  if (live.byGlobalId(info.globalId)) {
    v.note = "delete of " + info.account + " was in doubt: the member is still there";
    return v;
  }
  v.settlement = state::Settlement::Done;
  v.records = [info](state::StateStore& store) {
    if (info.employeeId.empty()) return;
    store.dropLink(info.employeeId);
    store.clearAbsence(info.employeeId);
  };
  v.note = "delete of " + info.account + " was in doubt: the member is gone";
  return v;
}

// Every field as the edit set it: done; every field as it was: not done (the diff plans it
// again); anything else: the center moved on, and a person has the two values to look at.
Verdict judgeEdit(const state::StepInfo& info, const LiveMembers& live) {
  Verdict v;
  const auto detail = decodeDetail(info.detail);
  const center::MemberListItem* member = live.byGlobalId(info.globalId);
  const std::string what = "edit of " + info.account + " was in doubt: ";
  if (!detail || detail->changes.empty() || !member) {
    // Journaled before edits kept their values, or the member is gone: the diff decides.
    v.note = what + (member ? "planned again from the diff" : "the member is gone");
    return v;
  }
  bool allAfter = true, allBefore = true;
  std::vector<std::string> seen;
  for (const auto& c : detail->changes) {
    const std::string now = plan::memberField(*member, c.field);
    allAfter = allAfter && now == c.after;
    allBefore = allBefore && now == c.before;
    seen.push_back(c.field + " is " + quoted(now) + " (before " + quoted(c.before) +
                   ", the edit set " + quoted(c.after) + ")");
  }
  if (allAfter) {
    v.settlement = state::Settlement::Done;
    v.note = what + "it took effect (" + describeDetail(*detail) + ")";
  } else if (allBefore) {
    v.note = what + "it did not take effect; planned again from the diff";
  } else {
    v.settlement = state::Settlement::Unresolved;
    v.finding = "the center has neither the values before nor those the edit set: " +
                joinedText(seen, "; ");
    v.note = what + v.finding + "; left for a person (`membersync status`)";
  }
  return v;
}

}  // namespace

LiveMembers::LiveMembers(const std::vector<center::MemberListItem>& members, std::string suffix)
    : suffix_(std::move(suffix)) {
  byAccount_.reserve(members.size());
  byGlobalId_.reserve(members.size());
  for (const auto& m : members)
    if (!m.deleted) index(m);
}

void LiveMembers::index(const center::MemberListItem& m) {
  byAccount_[lowerAscii(accountOf(m.userName, suffix_))] = &m;
  byGlobalId_[m.globalId] = &m;
}

void LiveMembers::add(center::MemberListItem member) {
  found_.push_back(std::move(member));
  index(found_.back());
}

const center::MemberListItem* LiveMembers::byAccount(const std::string& account) const {
  const auto found = byAccount_.find(account);
  return found == byAccount_.end() ? nullptr : found->second;
}

const center::MemberListItem* LiveMembers::byGlobalId(const std::string& globalId) const {
  const auto found = byGlobalId_.find(globalId);
  return found == byGlobalId_.end() ? nullptr : found->second;
}

std::string accountToConfirm(const state::Step& step, const LiveMembers& live) {
  const auto& info = step.info;
  if (info.account.empty()) return {};
  if (info.kind == "add") return live.byAccount(info.account) ? "" : info.account;
  if (info.kind == "delete" || info.kind == "edit")
    return live.byGlobalId(info.globalId) ? "" : info.account;
  return {};
}

std::optional<Verdict> judgeMemberStep(const state::Step& step, const LiveMembers& live,
                                       std::vector<std::string>& voided) {
  const auto& info = step.info;
  if (info.kind != "add" && info.kind != "delete" && info.kind != "edit") return std::nullopt;
  if (live.unknown(info.account)) return std::nullopt;
  if (info.kind == "add") return judgeAdd(info, live, voided);
  if (info.kind == "delete") return judgeDelete(info, live);
  return judgeEdit(info, live);
}

}  // namespace membersync::apply::detail
