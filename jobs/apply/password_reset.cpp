#include "jobs/apply/password_reset.h"

#include "jobs/apply/apply_run.h"
#include "jobs/apply/password.h"
#include "jobs/core/text.h"

namespace membersync::apply {

WriteOutcome resetPassword(const PasswordTools& tools, state::RunId run,
                           const PasswordReset& reset) {
  const bool again = !reset.pending.empty();
  const Secret password =
      again ? reset.pending : generatePassword(tools.random, tools.passwordLength);
  if (!again) {
    tools.outbox.append({reset.account, password, isoUtc(tools.clock.wallNow()), reset.login,
                         reset.login.substr(0, reset.login.find('@')), reset.name});
  }
  const WriteStep step{
      {"reset:" + reset.account, "reset-password", reset.account, "", reset.globalId, reset.reason},
      nullptr};
  // Given up only when new and its call surely did not take effect (see the header).
  auto givenUp = [again](const WriteOutcome& o) {
    return !again &&
           (o.kind == WriteOutcome::Kind::Failed || o.kind == WriteOutcome::Kind::NotSent);
  };
  WriteHooks hooks;
  hooks.journaled = [&](std::size_t) { tools.store.passwordGenerated(reset.account, run); };
  hooks.answered = [&](const std::vector<WriteOutcome>& o) {
    const auto at = isoUtc(tools.clock.wallNow());
    if (o.front().kind == WriteOutcome::Kind::Succeeded) {
      tools.outbox.mark({reset.account}, deliver::OutboxMark::Set, at);
    } else if (givenUp(o.front())) {
      tools.outbox.mark({reset.account}, deliver::OutboxMark::Void, at);
    }
  };
  hooks.recorded = [&](const std::vector<WriteOutcome>& o) {
    if (o.front().kind == WriteOutcome::Kind::Succeeded)
      tools.store.passwordConfirmed(reset.account);
    else if (givenUp(o.front()))
      tools.store.passwordVoided(reset.account);
  };
  auto send = [&](const std::vector<state::StepId>&) {
    const auto result = tools.client.resetPassword(reset.globalId, password, tools.slots);
    // The client registered the password with the scrubber before sending it: an error that
    // quotes it comes back without it.
    const std::string message = result.ok() ? "" : result.error().describe();
    if (result.failed() && result.error().code == kCancelled)
      return std::vector<WriteOutcome>{WriteOutcome::notSent(kCancelled, message)};
    auto outcome = WriteOutcome::of(result, message);
    if (outcome.kind == WriteOutcome::Kind::Failed) outcome.status = reset.refusedStatus;
    return std::vector<WriteOutcome>{outcome};
  };
  return runJournaled(tools.store, run, {step}, send, hooks, nullptr).front();
}

}  // namespace membersync::apply
