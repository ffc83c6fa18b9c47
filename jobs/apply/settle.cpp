#include "jobs/apply/settle.h"

#include <unordered_map>

#include "jobs/apply/password.h"
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
                SettleResult& result) {
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
  } else if (info.kind == "enrol") {
    store.journalSettled(step.id, state::Settlement::Unresolved, std::nullopt);
    ++result.unresolved;
    result.notes.push_back("enrolment " + info.itemKey +
                           " is in doubt and cannot be read back; it is not re-sent");
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
                           const SettleSettings& settings, state::RunId run) {
  SettleResult result;
  const LiveMembers live = index(members, settings.accountSuffix);
  for (const auto& step : store.unsettledSteps()) settleStep(store, step, live, result);

  for (const auto& pending : store.undeliveredPasswords()) {
    auto found = live.byAccount.find(pending.account);
    if (found == live.byAccount.end()) continue;  // not created: its add is planned again
    const Secret password = generatePassword(random, settings.passwordLength);
    outbox.append(pending.account, password, isoUtc(clock.wallNow()));
    store.passwordGenerated(pending.account, run);
    const auto step = store.journalPlanned(
        run, {"reset:" + pending.account, "reset-password", pending.account, "",
              found->second->globalId, "password never confirmed delivered"});
    store.journalSent(step);
    auto reset = client.resetPassword(found->second->globalId, password);
    if (reset.ok()) {
      store.transaction([&] {
        store.journalSucceeded(step, std::nullopt);
        store.passwordDelivered(pending.account);
      });
      ++result.passwordsReset;
      result.notes.push_back("password of " + pending.account +
                             " was never confirmed: a new one is in the outbox");
    } else if (reset.unknown()) {
      store.journalUnknown(step, reset.error().describe());
    } else {
      store.journalFailed(step, reset.error().code, reset.error().describe(),
                          state::ItemStatus::RetryLater);
      result.notes.push_back("password of " + pending.account +
                             " could not be reset yet: " + reset.error().describe());
    }
  }
  return result;
}

}  // namespace membersync::apply
