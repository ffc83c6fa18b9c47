#include <cctype>
#include <ctime>
#include <ostream>

#include "daemon/hand_out.h"
#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/apply/password_reset.h"
#include "jobs/core/text.h"

namespace membersync::cli {
namespace {

// With mail delivery, the new password goes out at once (with any other that is due); the
// person's address comes from the HR export.
void mailNow(const VerbContext& ctx, Runtime& rt) {
  if (!ctx.config.delivery.mail) return;
  try {
    const auto hr = readHrExport(ctx.config, readPolicy(ctx.config));
    for (const auto& line : handOutPasswords(rt, ctx.config, hr)) ctx.out << line << "\n";
  } catch (const std::exception& e) {
    ctx.err << "membersync: reset-password: the password is in the outbox but was not mailed: "
            << e.what() << "\n";
  }
}

}  // namespace

// Sets a new generated password for one member (A3) and delivers it the way adds do: to the
// outbox, durably, before the call is sent. The password is never printed.
ExitCode runResetPassword(const VerbContext& ctx) {
  const std::string account = lowerAscii(ctx.invocation.argument);
  Runtime rt(ctx.config, StateUse::Write);
  // The state first: a database of another enterprise is refused before anything is sent.
  auto& store = rt.store();
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

  const auto run = store.beginRun({state::RunKind::ResetPassword, "", 0, ""});
  const apply::PasswordTools tools{rt.client(), store,      rt.outbox(),
                                   rt.random(), rt.clock(), ctx.config.sync.apply.passwordLength};
  // A refusal leaves the old password in force: nothing is owed.
  const auto reset = apply::resetPassword(
      tools, run, {account, member->globalId, "by request", false, state::ItemStatus::Refused, {},
              member->userName, member->name});
  state::RunCounts counts;
  if (reset.kind == apply::WriteOutcome::Kind::Succeeded) {
    store.finishRun(run, "done", counts, "password of " + account + " reset");
    ctx.out << "new password for " << account << " written to " << ctx.config.state.passwordOutbox
            << " (run " << run << ")\n";
    mailNow(ctx, rt);
    return ExitCode::Done;
  }
  const bool unknown = reset.kind == apply::WriteOutcome::Kind::Unknown;
  ++(unknown ? counts.unknown : counts.failed);
  store.finishRun(run, "failed", counts, reset.message);
  ctx.err << "membersync: reset-password: " << reset.message
          << (unknown ? " (the next sync settles it and delivers a password)" : "") << "\n";
  return reset.errorKind == center::ErrorKind::Configuration ? ExitCode::Configuration
                                                             : ExitCode::Failed;
}

}  // namespace membersync::cli
