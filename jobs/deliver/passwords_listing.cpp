#include "jobs/deliver/passwords_listing.h"

#include "jobs/core/text.h"

namespace membersync::deliver {

std::string describeMail(const state::PasswordToHandOut& row) {
  using state::MailState;
  switch (row.mail) {
    case MailState::Retry:
      return "mail not delivered (" + std::to_string(row.attempts) + " attempt(s), tried again " +
             "later): " + row.reply;
    case MailState::Refused:
      return "mail refused for " + row.mailTo + " (waits for a new address): " + row.reply;
    case MailState::Sending:
    case MailState::InDoubt:
      return "mail in doubt: sent to " + row.mailTo +
             ", no answer recorded; ask the person, then --handed-out or --resend";
    case MailState::Manual:
      return "confirmed before mail delivery; hand it out";
    default:
      return "";
  }
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
      l.delivery = describeMail(*row->second);
    }
    listed.push_back(std::move(l));
  }
  return listed;
}

}  // namespace membersync::deliver
