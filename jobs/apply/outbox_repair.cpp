#include "jobs/apply/outbox_repair.h"

#include <functional>
#include <optional>
#include <set>
#include <stdexcept>

#include "jobs/core/text.h"
#include "jobs/state/state_error.h"

namespace membersync::apply {
namespace {

// The accounts a call may still be out for: a password owed, or a step in doubt.
class CallsOut {
 public:
  explicit CallsOut(state::StateStore& store) {
    for (const auto& p : store.unconfirmedPasswords()) accounts_.insert(p.account);
    for (const auto& step : store.unsettledSteps()) accounts_.insert(step.info.account);
  }
  // `cut`: the account may go on past `account`, so any account that begins with it counts.
  bool of(const std::string& account, bool cut = false) const {
    if (account.empty()) return false;  // the header, or a line without an account
    if (!cut) return accounts_.count(account) > 0;
    const auto next = accounts_.lower_bound(account);
    return next != accounts_.end() && next->compare(0, account.size(), account) == 0;
  }

 private:
  std::set<std::string> accounts_;
};

// Read from the state on first use: a healthy outbox needs nothing of it.
using LazyCalls = std::function<const CallsOut&()>;

// A torn line's account as the log may show it: the line may hold any bytes.
std::string shown(const std::string& account) {
  constexpr std::size_t kMax = 64;
  std::string out;
  for (char c : account.substr(0, kMax)) {
    const auto u = static_cast<unsigned char>(c);
    out += u < 0x20 || u == 0x7f ? '?' : c;
  }
  return account.size() > kMax ? out + "..." : out;
}

std::string where(const deliver::TornLine& torn) {
  const std::string line = "line " + std::to_string(torn.line);
  if (torn.account.empty()) return line + (torn.line == 1 ? ", the header" : ", no account");
  return line + (torn.accountCut ? ", an account starting " : ", account ") + shown(torn.account);
}

void removeTornLine(deliver::PasswordOutbox& outbox, const LazyCalls& calls,
                    std::vector<std::string>& notes) {
  const auto torn = outbox.tornLine();
  if (!torn) return;
  if (calls().of(torn->account, torn->accountCut)) {
    notes.push_back("kept a torn last line of the outbox (" + where(*torn) +
                    "): a password owed or a step in doubt is of that account");
    return;
  }
  if (outbox.removeTornLine(*torn)) {
    notes.push_back("removed a torn last line of the outbox (" + where(*torn) +
                    "): a write cut short by a full disk or a crash, never sent");
  }
}

std::string listed(const std::vector<std::string>& accounts) {
  constexpr std::size_t kShown = 10;
  std::string out;
  for (std::size_t i = 0; i < accounts.size() && i < kShown; ++i)
    out += (i == 0 ? "" : ", ") + accounts[i];
  if (accounts.size() > kShown) out += " and " + std::to_string(accounts.size() - kShown) + " more";
  return out;
}

// One `void` line per account: it cancels the newest pending password, never a confirmed one
// below it.
void voidNeverRecorded(deliver::PasswordOutbox& outbox, const LazyCalls& calls, Clock& clock,
                       std::vector<std::string>& notes) {
  std::vector<std::string> accounts;
  for (const auto& account : outbox.unconfirmedAccounts())
    if (!calls().of(account)) accounts.push_back(account);
  if (accounts.empty()) return;
  outbox.mark(accounts, deliver::OutboxMark::Void, isoUtc(clock.wallNow()));
  const std::size_t n = accounts.size();
  notes.push_back(
      "voided " + std::to_string(n) + (n == 1 ? " pending password" : " pending passwords") +
      " the state never recorded (a run ended before sending them): " + listed(accounts));
}

}  // namespace

std::vector<std::string> repairOutbox(state::StateStore& store, deliver::PasswordOutbox& outbox,
                                      Clock& clock) {
  std::vector<std::string> notes;
  std::optional<CallsOut> calls;
  const LazyCalls callsOut = [&]() -> const CallsOut& {
    if (!calls) calls.emplace(store);
    return *calls;
  };
  try {
    // The torn line first: a `void` line appended after it would leave it in the middle.
    removeTornLine(outbox, callsOut, notes);
    voidNeverRecorded(outbox, callsOut, clock, notes);
  } catch (const state::StateError&) {
    throw;
  } catch (const std::runtime_error& e) {
    notes.push_back(std::string("the outbox was not repaired: ") + e.what() +
                    "; the next run tries again");
  }
  return notes;
}

}  // namespace membersync::apply
