#include "jobs/deliver/delivery.h"

#include <algorithm>
#include <set>

#include "jobs/core/text.h"
#include "jobs/deliver/mail_template.h"

namespace membersync::deliver {
namespace {

using state::MailState;

state::Millis millisOf(Clock::WallPoint at) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

// Names and subjects go into headers: a line break there would end the header, and no other
// control character belongs in one.
std::string oneLine(std::string text) {
  std::replace_if(
      text.begin(), text.end(),
      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }, ' ');
  return text;
}

Mail compose(const DeliverySettings& settings, const CurrentPassword& p, const Recipient& r) {
  const std::string account = p.hrAccount.empty() ? p.account : p.hrAccount;
  const MailFields fields{r.name, account, p.login.empty() ? account : p.login,
                          p.password.reveal()};
  Mail mail;
  mail.from = settings.from;
  mail.to = r.address;
  mail.toName = oneLine(r.name);
  mail.subject =
      oneLine(MailTemplate::parse(settings.subject, MailTemplate::Part::Subject).render(fields));
  mail.body = MailTemplate::parse(settings.body, MailTemplate::Part::Body).render(fields);
  return mail;
}

// The fixed order for one mail: journal `sending` as the data is about to go out, send, record
// the end. Returns what was recorded.
state::MailRecord mailOne(const DeliveryTools& tools, const CurrentPassword& p,
                          const Recipient& r, int attemptsBefore, MailResult& result) {
  tools.scrubber.add(p.password);
  const Mail mail = compose(tools.settings, p, r);
  result = tools.sender.send(mail, [&] { tools.store.mailSending(p.account, r.address); });
  state::MailRecord record;
  record.to = r.address;
  record.reply = tools.scrubber.scrub(result.reply);
  record.attempts = attemptsBefore;
  switch (result.outcome) {
    case MailResult::Outcome::Delivered:
      record.state = MailState::Delivered;
      break;
    case MailResult::Outcome::Refused:
      record.state = MailState::Refused;
      break;
    case MailResult::Outcome::InDoubt:
      record.state = MailState::InDoubt;
      break;
    case MailResult::Outcome::TryLater:
      record.state = MailState::Retry;
      record.attempts = attemptsBefore + 1;
      record.nextAttempt =
          millisOf(tools.clock.wallNow() + retryDelay(tools.settings, record.attempts));
      break;
  }
  tools.store.mailEnded(p.account, record);
  return record;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool due(const state::PasswordToHandOut& row, const Recipient& r, state::Millis now) {
  switch (row.mail) {
    case MailState::None:
      return true;
    case MailState::Retry:
      return !row.nextAttempt || *row.nextAttempt <= now;
    case MailState::Refused:
      return r.address != row.mailTo;  // a new address is worth a try
    default:
      return false;  // sending (found in doubt first), in doubt, delivered, by hand
  }
}

void note(DeliveryReport& report, const std::string& account, const state::MailRecord& r) {
  switch (r.state) {
    case MailState::Delivered:
      ++report.delivered;
      return;
    case MailState::Refused:
      ++report.refused;
      report.notes.push_back(account + ": " + r.to + " refused (" + r.reply +
                             "); it waits for a new address in HR");
      return;
    case MailState::InDoubt:
      ++report.inDoubt;
      report.notes.push_back(account + ": in doubt, the answer to the mail was lost (" + r.reply +
                             "); not mailed again unless `membersync passwords --resend " +
                             account + "`");
      return;
    default:
      ++report.tryLater;
      report.notes.push_back(account + ": not delivered (" + r.reply + "); tried again after " +
                             std::to_string(r.attempts) + " attempt(s) with a growing delay");
  }
}

// The outbox loses the lines of every password handed out, the ones just mailed included.
void dropHandedOut(state::StateStore& store, PasswordOutbox& outbox,
                   std::vector<std::string>& notes) {
  const auto handed = store.handedOutAccounts();
  try {
    outbox.remove({handed.begin(), handed.end()});
  } catch (const std::exception& e) {
    // The state says they are handed out, so `passwords` no longer lists them; the next
    // rewrite removes them.
    notes.push_back(std::string("the outbox keeps passwords already handed out: ") + e.what());
  }
}

}  // namespace

bool isMailAddress(const std::string& text) {
  const auto at = text.find('@');
  if (text.size() > 254 || at == std::string::npos || at == 0 || at + 1 == text.size() ||
      text.find('@', at + 1) != std::string::npos)
    return false;
  return std::none_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7f || std::string_view("<>()[],;:\"\\").find(c) != std::string::npos;
  });
}

std::map<std::string, Recipient> recipientsOf(const directory::Export& hr,
                                              const std::string& toColumn) {
  std::map<std::string, Recipient> out;
  for (const auto& person : hr.people) {
    const auto address = person.attributes.find(toColumn);
    out[lowerAscii(person.account)] = {
        person.name, address == person.attributes.end() ? "" : trimmed(address->second)};
  }
  return out;
}

Clock::Duration retryDelay(const DeliverySettings& settings, int attempts) {
  long long seconds = settings.retryAfterS;
  for (int i = 1; i < attempts && seconds < DeliverySettings::kMaxRetryDelayS; ++i) seconds *= 2;
  return std::chrono::seconds(std::min<long long>(seconds, DeliverySettings::kMaxRetryDelayS));
}

std::vector<std::string> tidyHandOut(state::StateStore& store, PasswordOutbox& outbox) {
  std::vector<std::string> notes;
  std::set<std::string> manual;  // only these need the outbox, and only whether it holds them
  for (const auto& row : store.passwordsToHandOut())
    if (row.mail == MailState::Manual) manual.insert(row.account);
  const auto confirmed = outbox.confirmedAccounts(manual);
  std::vector<std::string> gone;
  for (const auto& account : manual)
    if (!confirmed.count(account)) gone.push_back(account);
  if (!gone.empty()) store.passwordsNotInOutbox(gone);
  dropHandedOut(store, outbox, notes);
  return notes;
}

DeliveryReport deliverPasswords(const DeliveryTools& tools,
                                const std::map<std::string, Recipient>& recipients) {
  DeliveryReport report;
  report.inDoubt = tools.store.mailsSendingToInDoubt();
  if (report.inDoubt > 0)
    report.notes.push_back(std::to_string(report.inDoubt) +
                           " mail(s) were being sent when a run ended: in doubt, not sent again "
                           "on their own (`membersync passwords` lists them)");
  const auto rows = tools.store.passwordsToHandOut();
  if (rows.empty()) return report;
  const auto current = tools.outbox.confirmed();
  const state::Millis now = millisOf(tools.clock.wallNow());
  std::string stopped;  // a server-side failure: the rest wait for the next run
  for (const auto& row : rows) {
    const auto person = recipients.find(row.account);
    const auto password = current.find(row.account);
    if (person == recipients.end() || !isMailAddress(person->second.address)) {
      ++report.withoutAddress;
      continue;
    }
    if (!due(row, person->second, now)) {
      ++report.waiting;
      continue;
    }
    if (password == current.end()) {
      report.notes.push_back(row.account + ": the outbox holds no confirmed password for it; "
                             "see `membersync passwords`");
      continue;
    }
    if (tools.cancel && tools.cancel->load()) {
      report.notes.push_back("mailing stopped: membersync is stopping; the next run goes on");
      break;
    }
    if (!stopped.empty()) {
      // Not tried: no attempt counted, the same delay as a first failure.
      state::MailRecord later{MailState::Retry, person->second.address, "not tried: " + stopped,
                              row.attempts, std::nullopt};
      later.nextAttempt = millisOf(tools.clock.wallNow() +
                                   retryDelay(tools.settings, std::max(1, row.attempts)));
      tools.store.mailEnded(row.account, later);
      ++report.tryLater;
      continue;
    }
    MailResult result;
    const auto record = mailOne(tools, password->second, person->second, row.attempts, result);
    note(report, row.account, record);
    if (result.systemic) stopped = record.reply;
  }
  if (!stopped.empty())
    report.notes.push_back("mailing stopped for this run: " + stopped);
  dropHandedOut(tools.store, tools.outbox, report.notes);
  return report;
}

ResendResult resendPassword(const DeliveryTools& tools, const std::string& account,
                            const std::map<std::string, Recipient>& recipients) {
  const auto current = tools.outbox.confirmed();
  const auto password = current.find(account);
  if (password == current.end())
    return {false, "the outbox holds no confirmed password for " + account};
  const auto person = recipients.find(account);
  if (person == recipients.end())
    return {false, "the HR export has no person with the account " + account};
  if (!isMailAddress(person->second.address))
    return {false, "the HR field " + tools.settings.toColumn + " of " + account +
                       " holds no usable address"};
  int attempts = 0;
  for (const auto& row : tools.store.passwordsToHandOut())
    if (row.account == account) attempts = row.attempts;
  MailResult result;
  const auto record = mailOne(tools, password->second, person->second, attempts, result);
  DeliveryReport report;
  if (record.state != MailState::Delivered) {
    note(report, account, record);
    return {false, report.notes.front()};
  }
  dropHandedOut(tools.store, tools.outbox, report.notes);
  return {true, report.notes.empty() ? "" : report.notes.front()};
}

}  // namespace membersync::deliver
