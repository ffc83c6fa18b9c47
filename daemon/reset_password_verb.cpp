#include <cctype>
#include <ctime>
#include <ostream>

#include "daemon/hand_out.h"
#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/apply/account_lookup.h"
#include "jobs/apply/outbox_repair.h"
#include "jobs/apply/password_reset.h"
#include "jobs/apply/settle.h"
#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

namespace membersync::cli {
namespace {

// With mail delivery, the new password goes out at once (with any other that is due); the
// person's address comes from the HR export.
void mailNow(const VerbContext& ctx, Runtime& rt) {
  if (!ctx.config.delivery.mail) return;
  try {
    const auto hr = readHrExport(ctx.config, readPolicy(ctx.config));
    for (const auto& line : handOutPasswords(rt, ctx.config, hr, nullptr, ctx.tr))
      ctx.out << line << "\n";
  } catch (const std::exception& e) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: reset-password: the password is in the outbox "
                                      "but was not mailed: {error}"),
                            {{"error", e.what()}})
            << "\n";
  }
}

// A refused or unanswered reset, in words, with what is still owed; the center's own words as
// they are.
i18n::Message failureText(const apply::WriteOutcome& reset, const std::string& account,
                          state::StateStore& store) {
  if (reset.kind == apply::WriteOutcome::Kind::Unknown)
    return i18n::msg("{error} (the next sync settles it and delivers a password)")
        .with("error", reset.message);
  for (const auto& owed : store.unconfirmedPasswords()) {
    if (owed.account != account) continue;
    // The rule of passwordVoided: a password an earlier call may have set is never given up.
    return i18n::msg("{error}; the password pending for {account} from an earlier run may be in "
                     "force and stays owed (`membersync passwords` shows it in doubt; the next "
                     "`membersync sync` sends it again)")
        .with("error", reset.message)
        .with("account", account);
  }
  return i18n::msg("{error}; the password in force is unchanged").with("error", reset.message);
}

}  // namespace

// Sets a new generated password for one member (A3) and delivers it the way adds do: to the
// outbox, durably, before the call is sent. First the account is settled as a run would: an add
// or reset of it in doubt is resolved by sending its pending password again, so that a refusal of
// the new one leaves a password that is known. The password is never printed.
ExitCode runResetPassword(const VerbContext& ctx) {
  const std::string account = lowerAscii(ctx.invocation.argument);
  // The policy protects service and administrator accounts from every change a sync makes; a
  // new password would lock out whoever uses the one in force, so it is reset only on purpose.
  if (!ctx.invocation.force && policy::isProtected(readPolicy(ctx.config), account)) {
    ctx.err << i18n::format(
                   ctx.tr.tr("membersync: reset-password: {account} is protected by the policy's "
                             "protect list ({policy}), and a new password replaces the one its "
                             "users or services use; nothing was changed. To reset it anyway: "
                             "membersync reset-password {argument} --force"),
                   {{"account", account},
                    {"policy", ctx.config.policy.path},
                    {"argument", ctx.invocation.argument}})
            << "\n";
    return ExitCode::Failed;
  }
  Runtime rt(ctx.config, StateUse::Write);
  // The state first: a database of another enterprise is refused before anything is sent.
  auto& store = rt.store();
  const std::string& suffix = ctx.config.accountSuffix();

  center::MemberFilter filter;
  filter.keyword = account;
  auto members = rt.client().listAllMembers(filter);
  if (!members.ok()) {
    ctx.err << i18n::format(
                   ctx.tr.tr("membersync: reset-password: cannot read the member list: {error}"),
                   {{"error", members.error().describe()}})
            << "\n";
    return exitCodeOf(members.error());
  }
  const center::MemberListItem* member = apply::memberOfAccount(members.value(), account, suffix);
  if (!member) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: reset-password: no member has the account "
                                      "'{account}' (the center appends {suffix})"),
                            {{"account", account}, {"suffix", suffix}})
            << "\n";
    return ExitCode::Failed;
  }

  const auto run = store.beginRun({state::RunKind::ResetPassword, "", 0, "", ""});
  const auto& settings = ctx.config.sync.apply;
  // As a run does before it writes to the outbox: a torn last line must stay the last.
  for (const auto& note : apply::repairOutbox(store, rt.outbox(), rt.clock()))
    ctx.out << "outbox: " << note << "\n";
  const apply::SettleTools settling{store,      rt.client(), rt.outbox(), rt.random(),
                                    rt.clock(), settings,    run};
  for (const auto& note : apply::settleAccount(settling, *member).notes)
    ctx.out << "settled first: " << note << "\n";
  const apply::PasswordTools tools{rt.client(), store,      rt.outbox(),
                                   rt.random(), rt.clock(), settings.passwordLength};
  const auto reset = apply::resetPassword(tools, run,
                                          {account,
                                           member->globalId,
                                           "by request",
                                           state::ItemStatus::Refused,
                                           {},
                                           member->userName,
                                           member->name});
  state::RunCounts counts;
  if (reset.kind == apply::WriteOutcome::Kind::Succeeded) {
    // Stored untranslated: `status` shows it in the reader's language.
    store.finishRun(run, "done", counts,
                    i18n::encodeMessage(
                        i18n::msg("password of {account} reset").with("account", account)));
    ctx.out << i18n::format(ctx.tr.tr("new password for {account} written to {outbox} (run {run})"),
                            {{"account", account},
                             {"outbox", ctx.config.state.passwordOutbox},
                             {"run", std::to_string(run)}})
            << "\n";
    mailNow(ctx, rt);
    return ExitCode::Done;
  }
  const bool unknown = reset.kind == apply::WriteOutcome::Kind::Unknown;
  ++(unknown ? counts.unknown : counts.failed);
  const i18n::Message message = failureText(reset, account, store);
  store.finishRun(run, "failed", counts, i18n::encodeMessage(message));  // shown translated
  ctx.err << i18n::format(ctx.tr.tr("membersync: reset-password: {message}"),
                          {{"message", i18n::render(ctx.tr, message)}})
          << "\n";
  return reset.errorKind == center::ErrorKind::Configuration ? ExitCode::Configuration
                                                             : ExitCode::Failed;
}

}  // namespace membersync::cli
