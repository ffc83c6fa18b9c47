#include "jobs/apply/settle_passwords.h"

#include <mutex>

#include "jobs/apply/parallel.h"
#include "jobs/apply/password_reset.h"
#include "jobs/core/text.h"

namespace membersync::apply::detail {
namespace {

void noteResend(SettleResult& result, const std::string& account, const WriteOutcome& reset,
                bool again) {
  const std::string owed = "password of " + account + " was never confirmed: ";
  if (reset.kind == WriteOutcome::Kind::Succeeded) {
    ++result.passwordsReset;
    result.notes.push_back(owed + (again ? "the pending one was sent again and is set"
                                         : "a new one is in the outbox and set"));
    return;
  }
  if (reset.kind == WriteOutcome::Kind::NotSent) return;  // the stop is noted once, by settle
  ++result.failed;
  std::string why;
  switch (reset.kind) {
    case WriteOutcome::Kind::Unknown:
      why = "sending it again is in doubt too; the next run sends the same one once more: ";
      break;
    default:
      // A password sent again is never given up: an earlier call may have set it.
      why = again ? "the center refused it this time, but an earlier call may have set it, so it "
                    "stays owed; the next run sends it again, or `membersync reset-password " +
                        account + "` sets a new one: "
                  : "a new one could not be set; the next run tries again: ";
  }
  result.notes.push_back(owed + why + reset.message);
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

std::set<std::string> unconfirmedAccounts(state::StateStore& store) {
  std::set<std::string> accounts;
  for (const auto& p : store.unconfirmedPasswords()) accounts.insert(p.account);
  return accounts;
}

}  // namespace

void forgetPasswordsOwedToNoOne(const SettleTools& tools, const LiveMembers& live,
                                const std::vector<std::string>& alreadyVoided) {
  const std::set<std::string> voided(alreadyVoided.begin(), alreadyVoided.end());
  std::vector<std::string> owedToNoOne, toVoid;
  for (const auto& account : unconfirmedAccounts(tools.store)) {
    if (live.byAccount(account) || live.unknown(account)) continue;
    owedToNoOne.push_back(account);
    if (!voided.count(account)) toVoid.push_back(account);
  }
  tools.outbox.mark(toVoid, deliver::OutboxMark::Void, isoUtc(tools.clock.wallNow()));
  tools.store.passwordsOwedToNoOne(owedToNoOne);
}

void resendOwedPasswords(const SettleTools& tools, const LiveMembers& live,
                         const std::set<std::string>& accounts, center::CallSlots& slots,
                         SettleResult& result) {
  std::vector<std::string> owed;
  for (const auto& account : unconfirmedAccounts(tools.store)) {
    if (accounts.count(account) && live.byAccount(account)) owed.push_back(account);
  }
  if (owed.empty()) return;
  const auto pending = tools.outbox.pendingPasswords({owed.begin(), owed.end()});
  SharedRandom random(tools.random);
  const PasswordTools passwords{tools.client, tools.store, tools.outbox,
                                random,       tools.clock, tools.settings.passwordLength,
                                &slots};
  std::mutex resultMutex;
  parallelFor(
      owed.size(), tools.settings.workers,
      [&](std::size_t i) {
        const std::string& account = owed[i];
        const center::MemberListItem& member = *live.byAccount(account);
        PasswordReset reset{account,
                            member.globalId,
                            "password never confirmed set",
                            state::ItemStatus::RetryLater,
                            {},
                            member.userName,
                            member.name};
        const auto held = pending.find(account);
        if (held != pending.end()) reset.pending = held->second;
        const auto outcome = resetPassword(passwords, tools.run, reset);
        std::lock_guard<std::mutex> lock(resultMutex);
        noteResend(result, account, outcome, held != pending.end());
      },
      tools.settings.cancel);
}

void settleResets(const SettleTools& tools, const std::vector<state::Step>& steps,
                  const LiveMembers& live, SettleResult& result) {
  const std::set<std::string> owed = unconfirmedAccounts(tools.store);
  for (const auto& step : steps) {
    const auto& info = step.info;
    if (info.kind != "reset-password" || live.unknown(info.account)) continue;
    Verdict v;
    if (!live.byAccount(info.account)) {
      v.note = "password reset of " + info.account + " was in doubt: the member is gone";
    } else if (!owed.count(info.account)) {
      v.settlement = state::Settlement::Done;
      v.note = "password reset of " + info.account +
               " was in doubt: the password it carried, or a newer one, is confirmed now";
    } else {
      continue;  // still owed: the reset stays in doubt until a password is confirmed
    }
    recordVerdict(tools.store, step, v, result);
  }
}

}  // namespace membersync::apply::detail
