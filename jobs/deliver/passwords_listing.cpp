#include "jobs/deliver/passwords_listing.h"

#include "jobs/core/text.h"

namespace membersync::deliver {

i18n::Message mailNote(const state::PasswordToHandOut& row) {
  using state::MailState;
  switch (row.mail) {
    case MailState::Retry:
      return i18n::msgn("mail not delivered ({count} attempt(s), tried again later): {reply}",
                        "mail not delivered ({count} attempt(s), tried again later): {reply}",
                        static_cast<unsigned long>(row.attempts))
          .with("reply", i18n::verbatim(row.reply));
    case MailState::Refused:
      return i18n::msg("mail refused for {to} (waits for a new address): {reply}")
          .with("to", row.mailTo)
          .with("reply", i18n::verbatim(row.reply));
    case MailState::Sending:
    case MailState::InDoubt:
      return i18n::msg(
                 "mail in doubt: sent to {to}, no answer recorded; ask the person, then "
                 "--handed-out or --resend")
          .with("to", row.mailTo);
    case MailState::Manual:
      return i18n::msg("confirmed before mail delivery; hand it out");
    default:
      return {};
  }
}

std::string describeMail(const i18n::Translator& tr, const state::PasswordToHandOut& row) {
  const i18n::Message note = mailNote(row);
  return note.empty() ? std::string() : i18n::render(tr, note);
}

std::string describeMail(const state::PasswordToHandOut& row) {
  return describeMail(i18n::Translator(), row);
}

std::vector<ListedPassword> listPasswords(const std::map<std::string, CurrentPassword>& outbox,
                                          const std::vector<state::PasswordToHandOut>& states,
                                          const std::set<std::string>& handedOut,
                                          const std::set<std::string>& unconfirmed,
                                          const std::string& suffix) {
  std::map<std::string, const state::PasswordToHandOut*> byAccount;
  for (const auto& row : states) byAccount[row.account] = &row;
  std::vector<ListedPassword> listed;
  for (const auto& [account, p] : outbox) {
    if (!p.confirmed || handedOut.count(account) || unconfirmed.count(account)) continue;
    ListedPassword l;
    l.account = account;
    l.hrAccount = p.hrAccount.empty() ? account : p.hrAccount;
    l.login = p.login.empty() ? l.hrAccount + suffix : p.login;
    l.name = p.name;
    l.password = p.password;
    l.created = p.created;
    if (const auto row = byAccount.find(account); row != byAccount.end()) {
      l.mail = row->second->mail;
      l.delivery = mailNote(*row->second);
    }
    listed.push_back(std::move(l));
  }
  return listed;
}

}  // namespace membersync::deliver
