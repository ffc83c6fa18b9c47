#include "jobs/apply/password_reset.h"

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
  WriteHooks hooks;
  hooks.journaled = [&](std::size_t) { tools.store.passwordGenerated(reset.account, run); };
  hooks.answered = [&](const std::vector<WriteOutcome>& o) {
    if (o.front().kind == WriteOutcome::Kind::Unknown) return;  // stays pending: settled later
    const bool set = o.front().kind == WriteOutcome::Kind::Succeeded;
    tools.outbox.mark({reset.account}, set ? deliver::OutboxMark::Set : deliver::OutboxMark::Void,
                      isoUtc(tools.clock.wallNow()));
  };
  hooks.recorded = [&](const std::vector<WriteOutcome>& o) {
    const bool set = o.front().kind == WriteOutcome::Kind::Succeeded;
    const bool refused = o.front().kind == WriteOutcome::Kind::Failed;
    if (set) tools.store.passwordConfirmed(reset.account);
    else if (refused && !reset.owedAfterRefusal) tools.store.passwordVoided(reset.account);
  };
  auto send = [&](const std::vector<state::StepId>&) {
    const auto result = tools.client.resetPassword(reset.globalId, password);
    // The client registered the password with the scrubber before sending it: an error that
    // quotes it comes back without it.
    auto outcome = WriteOutcome::of(result, result.ok() ? "" : result.error().describe());
    if (outcome.kind == WriteOutcome::Kind::Failed) outcome.status = reset.refusedStatus;
    return std::vector<WriteOutcome>{outcome};
  };
  return runJournaled(tools.store, run, {step}, send, hooks, nullptr).front();
}

}  // namespace membersync::apply
