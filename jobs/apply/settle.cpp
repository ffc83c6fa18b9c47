#include "jobs/apply/settle.h"

#include <mutex>
#include <set>
#include <unordered_map>

#include "jobs/apply/parallel.h"
#include "jobs/apply/password_reset.h"
#include "jobs/apply/settle_entitlements.h"
#include "jobs/apply/settle_verdict.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using detail::Verdict;

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

// Adds, deletes, and the steps recomputed from what was just read (edits, resets).
Verdict judgeMemberStep(const state::Step& step, const LiveMembers& live,
                        std::vector<std::string>& voided) {
  const auto& info = step.info;
  Verdict v;
  if (info.kind == "add") {
    auto found = live.byAccount.find(info.account);
    if (found == live.byAccount.end()) {
      voided.push_back(info.account);  // the password written for that add was never set
      v.note = "add of " + info.account + " was in doubt: no such member; added again";
      return v;
    }
    const std::string globalId = found->second->globalId;
    v.settlement = state::Settlement::Done;
    v.globalId = globalId;
    v.records = [info, globalId](state::StateStore& store) {
      store.saveLink({info.employeeId, info.account, globalId, true, 0});
    };
    v.note = "add of " + info.account + " was in doubt: the member exists; linked";
    return v;
  }
  if (info.kind == "delete" && !live.byGlobalId.count(info.globalId)) {
    v.settlement = state::Settlement::Done;
    v.records = [info](state::StateStore& store) {
      if (info.employeeId.empty()) return;
      store.dropLink(info.employeeId);
      store.clearAbsence(info.employeeId);
    };
  }
  return v;
}

void noteReset(SettleResult& result, const std::string& account, const WriteOutcome& reset,
               bool again) {
  const std::string which = again ? "the pending one was sent again" : "a new one is in the outbox";
  switch (reset.kind) {
    case WriteOutcome::Kind::Succeeded:
      ++result.passwordsReset;
      result.notes.push_back("password of " + account + " was never confirmed: " + which);
      return;
    case WriteOutcome::Kind::Unknown:
      ++result.failed;
      result.notes.push_back("password of " + account +
                             " was never confirmed, and the reset is in doubt again (its outbox "
                             "line stays pending; the next run sends it once more): " +
                             reset.message);
      return;
    default:
      // The reset did not take effect: its password is void, and the next run tries again.
      ++result.failed;
      result.notes.push_back("password of " + account +
                             " could not be reset yet: " + reset.message);
  }
}

// A RandomSource for several threads: implementations need not be thread-safe themselves.
class SharedRandom final : public RandomSource {
 public:
  explicit SharedRandom(RandomSource& inner) : inner_(inner) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    std::lock_guard<std::mutex> lock(mutex_);
    inner_.fill(out, n);
  }

 private:
  RandomSource& inner_;
  std::mutex mutex_;
};

// Every member whose password was never confirmed (its add or reset was in doubt) is sent the
// password the outbox still holds as pending for it — the center may already hold that one —
// and gets a new one only when the outbox has none (a file removed or rotated by hand). Up to
// `workers` at a time: each is its own journaled write.
void resendOwedPasswords(state::StateStore& store, const LiveMembers& live,
                         const PasswordTools& tools, int workers, state::RunId run,
                         SettleResult& result) {
  std::vector<std::string> owed;
  for (const auto& pending : store.unconfirmedPasswords()) {
    if (live.byAccount.count(pending.account)) owed.push_back(pending.account);
  }
  const auto pending = tools.outbox.pendingPasswords({owed.begin(), owed.end()});
  std::mutex resultMutex;
  parallelFor(owed.size(), workers, [&](std::size_t i) {
    const std::string& account = owed[i];
    const center::MemberListItem& member = *live.byAccount.at(account);
    PasswordReset reset{account, member.globalId, "password never confirmed set", true,
                        state::ItemStatus::RetryLater, {}, member.userName, member.name};
    const auto held = pending.find(account);
    if (held != pending.end()) reset.pending = held->second;
    const auto outcome = resetPassword(tools, run, reset);
    std::lock_guard<std::mutex> lock(resultMutex);
    noteReset(result, account, outcome, held != pending.end());
  });
}

}  // namespace

void detail::recordVerdict(state::StateStore& store, const state::Step& step,
                           const Verdict& verdict, SettleResult& result) {
  store.transaction([&] {
    store.journalSettled(step.id, verdict.settlement, verdict.globalId);
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

SettleResult settleInDoubt(state::StateStore& store, center::MemberCenterClient& client,
                           const std::vector<center::MemberListItem>& members,
                           deliver::PasswordOutbox& outbox, RandomSource& random, Clock& clock,
                           const ApplySettings& settings, state::RunId run,
                           const std::vector<center::AssetNumber>* assets,
                           const std::vector<center::BorrowedLock>* locks) {
  SettleResult result;
  const std::vector<state::Step> steps = store.unsettledSteps();
  // The usual case after a healthy run: nothing to judge, and no index of the members to build.
  if (steps.empty() && store.unconfirmedPasswords().empty()) return result;
  const LiveMembers live = index(members, settings.accountSuffix);
  // Asset changes, lendings and enrolments first (settle_entitlements.cpp), the rest here.
  const detail::EntitlementSettler entitlements(members, assets, locks);
  std::vector<std::string> voided;
  for (const auto& step : steps) {
    auto verdict = entitlements.judge(step);
    if (!verdict) verdict = judgeMemberStep(step, live, voided);
    recordVerdict(store, step, *verdict, result);
  }
  outbox.mark(voided, deliver::OutboxMark::Void, isoUtc(clock.wallNow()));

  // A password owed to an account no member has was never set: its add did not take effect, or
  // was never sent because an earlier run died first. It is owed to no one (an add planned again
  // writes a new one), and its outbox line is cancelled unless settling the add just did that.
  const std::set<std::string> alreadyVoided(voided.begin(), voided.end());
  std::vector<std::string> neverSet;
  std::vector<std::string> owedToNoOne;
  for (const auto& pending : store.unconfirmedPasswords()) {
    if (live.byAccount.count(pending.account)) continue;
    owedToNoOne.push_back(pending.account);
    if (!alreadyVoided.count(pending.account)) neverSet.push_back(pending.account);
  }
  outbox.mark(neverSet, deliver::OutboxMark::Void, isoUtc(clock.wallNow()));
  store.transaction([&] {
    for (const auto& account : owedToNoOne) store.passwordVoided(account);
  });

  SharedRandom shared(random);
  resendOwedPasswords(store, live, {client, store, outbox, shared, clock, settings.passwordLength},
                      settings.workers, run, result);
  return result;
}

}  // namespace membersync::apply
