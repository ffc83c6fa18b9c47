#include <ostream>
#include <set>

#include "daemon/hand_out.h"
#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/core/text.h"
#include "jobs/deliver/passwords_listing.h"
#include "jobs/report/passwords_text.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

// The outbox joined with the state: what is in force and not handed out yet.
std::vector<deliver::ListedPassword> listed(const VerbContext& ctx, state::StateStore& store,
                                            deliver::FileOutbox& outbox) {
  const deliver::OutboxText text = outbox.read();
  for (const auto& problem : text.problems)
    ctx.err << i18n::format(ctx.tr.tr("membersync: passwords: {file} {problem} (skipped)"),
                            {{"file", outbox.path()}, {"problem", problem}})
            << "\n";
  const auto handed = store.handedOutAccounts();
  std::set<std::string> unconfirmed;
  for (const auto& p : store.unconfirmedPasswords()) unconfirmed.insert(p.account);
  return deliver::listPasswords(deliver::confirmedPasswords(text.lines), store.passwordsToHandOut(),
                                {handed.begin(), handed.end()}, unconfirmed,
                                ctx.config.accountSuffix());
}

// --handed-out ACCOUNT... / --all. Nothing changes unless every account named is listed; with
// --all a mail in doubt is left for a person to decide (it may have arrived).
ExitCode markHandedOut(const VerbContext& ctx, state::StateStore& store,
                       deliver::FileOutbox& outbox, const std::vector<deliver::ListedPassword>& rows) {
  std::set<std::string> accounts;
  if (ctx.invocation.all) {
    for (const auto& r : rows) {
      if (r.mail == state::MailState::InDoubt || r.mail == state::MailState::Sending) {
        ctx.err << i18n::format(ctx.tr.tr("membersync: passwords: {account} kept: its mail is in "
                                          "doubt; ask the person, then --handed-out {account} or "
                                          "--resend"),
                                {{"account", r.hrAccount}})
                << "\n";
        continue;
      }
      accounts.insert(r.account);
    }
  } else {
    std::set<std::string> known;
    for (const auto& r : rows) known.insert(r.account);
    for (const auto& given : ctx.invocation.accounts) {
      const std::string account = lowerAscii(given);
      if (!known.count(account)) {
        ctx.err << i18n::format(
                       ctx.tr.tr("membersync: passwords: {account} has no confirmed password "
                                 "waiting to be handed out (`membersync passwords` lists them; a "
                                 "password whose add or reset is still unconfirmed stays); "
                                 "nothing was changed"),
                       {{"account", given}})
                << "\n";
        return ExitCode::Failed;
      }
      accounts.insert(account);
    }
  }
  store.transaction([&] {
    for (const auto& account : accounts) store.passwordHandedOut(account);
  });
  const auto handed = store.handedOutAccounts();
  const auto removed = outbox.remove({handed.begin(), handed.end()});
  ctx.out << i18n::format(ctx.tr.trn("{count} password(s) marked handed out; {removed} "
                                     "account(s) removed from {file}",
                                     "{count} password(s) marked handed out; {removed} "
                                     "account(s) removed from {file}",
                                     accounts.size()),
                          {{"count", std::to_string(accounts.size())},
                           {"removed", std::to_string(removed.size())},
                           {"file", outbox.path()}})
          << "\n";
  return ExitCode::Done;
}

ExitCode resend(const VerbContext& ctx, const std::string& given) {
  if (!ctx.config.delivery.mail) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: passwords --resend: {file}: [delivery] method "
                                      "is none; set it to smtp to mail passwords"),
                            {{"file", ctx.config.sourceFile}})
            << "\n";
    return ExitCode::Configuration;
  }
  const auto hr = readHrExport(ctx.config, readPolicy(ctx.config));
  Runtime rt(ctx.config, StateUse::Write);
  const std::string account = lowerAscii(given);
  const auto r = deliver::resendPassword(
      rt.deliveryTools(), account, deliver::recipientsOf(hr, ctx.config.delivery.toColumn));
  if (!r.delivered) {
    ctx.err << "membersync: passwords --resend: " << r.message << "\n";
    return ExitCode::Failed;
  }
  ctx.out << i18n::format(ctx.tr.tr("password of {account} mailed; it is handed out"),
                          {{"account", given}})
          << "\n";
  if (!r.message.empty()) ctx.err << "membersync: passwords: " << r.message << "\n";
  return ExitCode::Done;
}

}  // namespace

ExitCode runPasswords(const VerbContext& ctx) {
  const Invocation& inv = ctx.invocation;
  if (!inv.resend.empty()) return resend(ctx, inv.resend);
  SystemClock clock;
  auto store = openState(ctx.config, clock, inv.handedOut || inv.all ? StateUse::Write : StateUse::Read);
  deliver::FileOutbox outbox(ctx.config.state.passwordOutbox);
  const auto rows = listed(ctx, *store, outbox);
  if (inv.handedOut || inv.all) return markHandedOut(ctx, *store, outbox, rows);
  if (inv.format == "csv")
    report::printPasswordsCsv(ctx.out, rows,
                              inv.bom ? report::CsvReader::Excel : report::CsvReader::Program);
  else if (inv.format == "json") report::printPasswordsJson(ctx.out, rows);
  else report::printPasswordsText(ctx.out, ctx.tr, rows);
  // Beside machine-readable output, on stderr: a program reading stdout gets the listing alone.
  const bool text = inv.format != "csv" && inv.format != "json";
  report::printPasswordsInDoubt(text ? ctx.out : ctx.err, ctx.tr, store->unconfirmedPasswords());
  return ExitCode::Done;
}

}  // namespace membersync::cli
