#include "jobs/apply/settle.h"

#include <set>
#include <unordered_map>

#include "jobs/apply/password.h"
#include "jobs/apply/settle_entitlements.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

struct LiveMembers {
  std::unordered_map<std::string, const center::MemberListItem*> byAccount;
  std::unordered_map<std::string, const center::MemberListItem*> byGlobalId;
};

LiveMembers index(const std::vector<center::MemberListItem>& members, const std::string& suffix) {
  LiveMembers live;
  for (const auto& m : members) {
    if (m.deleted) continue;
    live.byAccount[lowerAscii(accountOf(m.userName, suffix))] = &m;
    live.byGlobalId[m.globalId] = &m;
  }
  return live;
}

void settleStep(state::StateStore& store, const state::Step& step, const LiveMembers& live,
                SettleResult& result, std::vector<std::string>& voided) {
  const auto& info = step.info;
  if (info.kind == "add") {
    auto found = live.byAccount.find(info.account);
    if (found != live.byAccount.end()) {
      const std::string globalId = found->second->globalId;
      store.transaction([&] {
        store.journalSettled(step.id, state::Settlement::Done, globalId);
        store.saveLink({info.employeeId, info.account, globalId, true, 0});
        store.clearItem(info.itemKey);
      });
      ++result.done;
      result.notes.push_back("add of " + info.account + " was in doubt: the member exists; linked");
    } else {
      store.transaction([&] {
        store.journalSettled(step.id, state::Settlement::NotDone, std::nullopt);
        store.clearItem(info.itemKey);
      });
      ++result.notDone;
      voided.push_back(info.account);  // the password written for that add was never set
      result.notes.push_back("add of " + info.account + " was in doubt: no such member; added again");
    }
  } else if (info.kind == "delete") {
    const bool gone = live.byGlobalId.find(info.globalId) == live.byGlobalId.end();
    store.transaction([&] {
      store.journalSettled(step.id, gone ? state::Settlement::Done : state::Settlement::NotDone,
                           std::nullopt);
      if (gone && !info.employeeId.empty()) {
        store.dropLink(info.employeeId);
        store.clearAbsence(info.employeeId);
      }
      store.clearItem(info.itemKey);
    });
    ++(gone ? result.done : result.notDone);
  } else {
    // Edits, resets and asset changes are recomputed from what was just read.
    store.transaction([&] {
      store.journalSettled(step.id, state::Settlement::NotDone, std::nullopt);
      store.clearItem(info.itemKey);
    });
    ++result.notDone;
  }
}

}  // namespace

SettleResult settleInDoubt(state::StateStore& store, center::MemberCenterClient& client,
                           const std::vector<center::MemberListItem>& members,
                           PasswordOutbox& outbox, RandomSource& random, Clock& clock,
                           const ApplySettings& settings, state::RunId run,
                           const std::vector<center::AssetNumber>* assets,
                           const std::vector<center::BorrowedLock>* locks) {
  SettleResult result;
  const LiveMembers live = index(members, settings.accountSuffix);
  // Asset changes, lendings and enrolments first (settle_entitlements.cpp), the rest here.
  const detail::EntitlementSettler entitlements(members, assets, locks);
  std::vector<std::string> voided;
  for (const auto& step : store.unsettledSteps()) {
    if (!entitlements.settle(store, step, result)) settleStep(store, step, live, result, voided);
  }
  outbox.mark(voided, OutboxMark::Void, isoUtc(clock.wallNow()));

  // A password owed to an account no member has was never set: its add did not take effect, or
  // was never sent because an earlier run died first. It is owed to no one (an add planned again
  // writes a new one), and its outbox line is cancelled unless settling the add just did that.
  const std::set<std::string> alreadyVoided(voided.begin(), voided.end());
  std::vector<std::string> neverSet;
  std::vector<std::string> owedToNoOne;
  for (const auto& pending : store.undeliveredPasswords()) {
    if (live.byAccount.count(pending.account)) continue;
    owedToNoOne.push_back(pending.account);
    if (!alreadyVoided.count(pending.account)) neverSet.push_back(pending.account);
  }
  outbox.mark(neverSet, OutboxMark::Void, isoUtc(clock.wallNow()));
  store.transaction([&] {
    for (const auto& account : owedToNoOne) store.passwordDelivered(account);
  });

  for (const auto& pending : store.undeliveredPasswords()) {
    auto found = live.byAccount.find(pending.account);
    if (found == live.byAccount.end()) continue;  // owed to no one: cancelled above
    const Secret password = generatePassword(random, settings.passwordLength);
    outbox.append(pending.account, password, isoUtc(clock.wallNow()));
    store.passwordGenerated(pending.account, run);
    const auto step = store.journalPlanned(
        run, {"reset:" + pending.account, "reset-password", pending.account, "",
              found->second->globalId, "password never confirmed delivered"});
    store.journalSent(step);
    auto reset = client.resetPassword(found->second->globalId, password);
    const std::string why = reset.ok() ? "" : redact(reset.error().describe(), password);
    if (reset.ok()) {
      store.transaction([&] {
        store.journalSucceeded(step, std::nullopt);
        store.passwordDelivered(pending.account);
      });
      outbox.mark({pending.account}, OutboxMark::Set, isoUtc(clock.wallNow()));
      ++result.passwordsReset;
      result.notes.push_back("password of " + pending.account +
                             " was never confirmed: a new one is in the outbox");
    } else if (reset.unknown()) {
      store.journalUnknown(step, why);
      ++result.failed;
      result.notes.push_back("password of " + pending.account +
                             " was never confirmed, and the reset is in doubt: " + why);
    } else {
      // The reset did not take effect: its password is void, and the next run tries again.
      outbox.mark({pending.account}, OutboxMark::Void, isoUtc(clock.wallNow()));
      store.journalFailed(step, reset.error().code, why, state::ItemStatus::RetryLater);
      ++result.failed;
      result.notes.push_back("password of " + pending.account + " could not be reset yet: " + why);
    }
  }
  return result;
}

}  // namespace membersync::apply
