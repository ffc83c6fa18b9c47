#include <cctype>
#include <ctime>
#include <ostream>

#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/core/text.h"
#include "jobs/apply/password.h"

namespace membersync::cli {
namespace {

}  // namespace

// Sets a new generated password for one member (A3) and delivers it the way adds do: to the
// outbox, durably, before the call is sent. The password is never printed.
ExitCode runResetPassword(const VerbContext& ctx) {
  const std::string account = lowerAscii(ctx.invocation.argument);
  Runtime rt(ctx.config);
  const std::string& suffix = ctx.config.accountSuffix();

  center::MemberFilter filter;
  filter.keyword = account;
  auto members = rt.client().listAllMembers(filter);
  if (!members.ok()) {
    ctx.err << "membersync: reset-password: cannot read the member list: "
            << members.error().describe() << "\n";
    return ExitCode::Failed;
  }
  const center::MemberListItem* member = nullptr;
  for (const auto& m : members.value()) {
    if (!m.deleted && lowerAscii(accountOf(m.userName, suffix)) == account) member = &m;
  }
  if (!member) {
    ctx.err << "membersync: reset-password: no member has the account '" << account
            << "' (the center appends " << suffix << ")\n";
    return ExitCode::Failed;
  }

  auto& store = rt.store();
  const auto run = store.beginRun({state::RunKind::ResetPassword, "", 0, ""});
  const Secret password = apply::generatePassword(rt.random(), ctx.config.sync.apply.passwordLength);
  rt.outbox().append(account, password, isoUtc(rt.clock().wallNow()));
  store.passwordGenerated(account, run);
  const auto step = store.journalPlanned(
      run, {"reset:" + account, "reset-password", account, "", member->globalId, "by request"});
  store.journalSent(step);
  auto result = rt.client().resetPassword(member->globalId, password);
  state::RunCounts counts;
  if (result.ok()) {
    store.journalSucceeded(step, std::nullopt);
    store.passwordDelivered(account);
    rt.outbox().mark({account}, apply::OutboxMark::Set, isoUtc(rt.clock().wallNow()));
    store.finishRun(run, "done", counts, "password of " + account + " reset");
    ctx.out << "new password for " << account << " written to " << ctx.config.state.passwordOutbox
            << " (run " << run << ")\n";
    return ExitCode::Done;
  }
  const auto& e = result.error();
  const std::string why = redact(e.describe(), password);
  if (result.unknown()) {
    store.journalUnknown(step, why);
    counts.unknown = 1;
  } else {
    // Not set: the member keeps its old password, and this one must not be handed out.
    rt.outbox().mark({account}, apply::OutboxMark::Void, isoUtc(rt.clock().wallNow()));
    store.journalFailed(step, e.code, why, state::ItemStatus::Refused);
    store.passwordDelivered(account);  // nothing is owed: the old password is still in force
    counts.failed = 1;
  }
  store.finishRun(run, "failed", counts, why);
  ctx.err << "membersync: reset-password: " << why
          << (result.unknown() ? " (the next sync settles it and delivers a password)" : "")
          << "\n";
  return e.kind == center::ErrorKind::Configuration ? ExitCode::Configuration : ExitCode::Failed;
}

}  // namespace membersync::cli
