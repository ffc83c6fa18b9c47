#include "jobs/apply/settle.h"

#include "jobs/apply/account_lookup.h"
#include "jobs/apply/apply_run.h"
#include "jobs/apply/call_gate.h"
#include "jobs/apply/settle_entitlements.h"
#include "jobs/apply/settle_passwords.h"
#include "jobs/apply/settle_verdict.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using detail::LiveMembers;
using detail::Verdict;

bool cancelled(const SettleTools& tools) {
  return tools.settings.cancel && tools.settings.cancel->load();
}

// The accounts the member list lacks that a judgement hangs on (adds, deletes and edits in doubt,
// passwords owed), asked for by A5 keyword: found ones join `live`; those the read could not
// answer are marked unknown, and nothing is judged or given up on them this run.
void confirmAbsences(const SettleTools& tools, const std::vector<state::Step>& steps,
                     LiveMembers& live) {
  std::set<std::string> accounts;
  for (const auto& step : steps) {
    const std::string account = detail::accountToConfirm(step, live);
    if (!account.empty()) accounts.insert(account);
  }
  for (const auto& p : tools.store.unconfirmedPasswords())
    if (!live.byAccount(p.account)) accounts.insert(p.account);
  if (accounts.empty()) return;
  auto lookup =
      lookUpAccounts(tools.client, {accounts.begin(), accounts.end()}, tools.settings.accountSuffix,
                     tools.settings.workers, tools.settings.cancel);
  for (auto& [account, member] : lookup.found) live.add(std::move(member));
  for (const auto& [account, why] : lookup.unknown) live.markUnknown(account);
}

// The steps in doubt judged and recorded; returns the accounts whose adds did not take effect
// (their outbox lines are voided here).
std::vector<std::string> judgeSteps(const SettleTools& tools, const std::vector<state::Step>& steps,
                                    const LiveMembers& live,
                                    const detail::EntitlementSettler* entitlements,
                                    SettleResult& result) {
  std::vector<std::string> voided;
  for (const auto& step : steps) {
    std::optional<Verdict> verdict;
    if (entitlements) verdict = entitlements->judge(step);
    if (!verdict) verdict = detail::judgeMemberStep(step, live, voided);
    if (verdict) detail::recordVerdict(tools.store, step, *verdict, result);
  }
  tools.outbox.mark(voided, deliver::OutboxMark::Void, isoUtc(tools.clock.wallNow()));
  return voided;
}

// The passwords owed re-sent (through a gate that withholds them once membersync is asked to
// stop), then the resets in doubt judged by them.
void settlePasswords(const SettleTools& tools, const std::vector<state::Step>& steps,
                     const LiveMembers& live, const std::set<std::string>& accounts,
                     SettleResult& result) {
  CallGate gate(tools.settings.workers, [&tools]() -> std::optional<center::Error> {
    if (!cancelled(tools)) return std::nullopt;
    center::Error e;
    e.endpoint = "A3 reset password";
    e.kind = center::ErrorKind::RetryLater;
    e.code = kCancelled;
    e.message = "not sent: membersync was asked to stop";
    return e;
  });
  detail::resendOwedPasswords(tools, live, accounts, gate, result);
  detail::settleResets(tools, steps, live, result);
}

void noteStop(const SettleTools& tools, SettleResult& result) {
  if (!cancelled(tools)) return;
  result.stopped = true;
  result.notes.push_back(
      "settling stopped: membersync was asked to stop; the next run settles the rest");
}

}  // namespace

void detail::recordVerdict(state::StateStore& store, const state::Step& step,
                           const Verdict& verdict, SettleResult& result) {
  store.transaction([&] {
    store.journalSettled(step.id, verdict.settlement, verdict.globalId, verdict.finding);
    if (verdict.records) verdict.records(store);
    if (verdict.clearItem) store.clearItem(step.info.itemKey);
  });
  switch (verdict.settlement) {
    case state::Settlement::Done:
      ++result.done;
      break;
    case state::Settlement::NotDone:
      ++result.notDone;
      break;
    case state::Settlement::Unresolved:
      ++result.unresolved;
      break;
  }
  if (!verdict.note.empty()) result.notes.push_back(verdict.note);
}

SettleResult settleInDoubt(const SettleTools& tools,
                           const std::vector<center::MemberListItem>& members,
                           const std::vector<center::AssetNumber>* assets,
                           const std::vector<center::BorrowedLock>* locks) {
  SettleResult result;
  const std::vector<state::Step> steps = tools.store.unsettledSteps();
  // The usual case after a healthy run: nothing to judge, and no index of the members to build.
  if (steps.empty() && tools.store.unconfirmedPasswords().empty()) return result;
  LiveMembers live(members, tools.settings.accountSuffix);
  confirmAbsences(tools, steps, live);
  // Asset changes, lendings and enrolments first (settle_entitlements.cpp), the rest by member.
  const detail::EntitlementSettler entitlements(members, assets, locks);
  const auto voided = judgeSteps(tools, steps, live, &entitlements, result);
  for (const auto& step : steps)
    if (step.info.kind == "add" && live.unknown(step.info.account))
      result.addsInDoubt.insert(step.info.account);
  detail::forgetPasswordsOwedToNoOne(tools, live, voided);
  std::set<std::string> owed;
  for (const auto& p : tools.store.unconfirmedPasswords()) owed.insert(p.account);
  settlePasswords(tools, steps, live, owed, result);
  noteStop(tools, result);
  return result;
}

SettleResult settleAccount(const SettleTools& tools, const center::MemberListItem& member) {
  SettleResult result;
  const std::string account = lowerAscii(accountOf(member.userName, tools.settings.accountSuffix));
  std::vector<state::Step> steps;
  for (auto& step : tools.store.unsettledSteps()) {
    const auto& kind = step.info.kind;
    const bool memberStep = kind == "add" || kind == "edit" || kind == "reset-password";
    if (step.info.account == account && memberStep) steps.push_back(std::move(step));
  }
  const std::vector<center::MemberListItem> listed{member};  // LiveMembers points into it
  const LiveMembers live(listed, tools.settings.accountSuffix);
  judgeSteps(tools, steps, live, nullptr, result);
  settlePasswords(tools, steps, live, {account}, result);
  noteStop(tools, result);
  return result;
}

}  // namespace membersync::apply
