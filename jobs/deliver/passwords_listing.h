#pragma once

// What `membersync passwords` lists: the passwords in force (confirmed set on the center) that
// nobody handed out yet, joined from the outbox (the password, login, name) and the state (how
// mailing it went). Pure.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "jobs/core/secret.h"
#include "jobs/deliver/outbox_lines.h"
#include "jobs/i18n/message.h"
#include "jobs/state/types.h"

namespace membersync::deliver {

struct ListedPassword {
  std::string account;    // the state's key: lower case
  std::string hrAccount;  // as HR spells it
  std::string login;
  std::string name;
  Secret password;
  std::string created;
  state::MailState mail = state::MailState::None;
  i18n::Message delivery;  // for people: how mailing it went (empty when not tried)
};

// `outbox`: the confirmed passwords in force (PasswordOutbox::confirmed()). `handedOut`: accounts
// the state says were handed out (their lines may linger in the outbox until its next rewrite).
// `unconfirmed`: accounts whose newest password the state has not seen confirmed yet (the
// outbox may be a step ahead after a crash): left out until a sync settles them, so a password
// the next run may still replace is never handed out. `suffix`: the expanded account suffix, for
// lines written before the login was kept. In account order.
std::vector<ListedPassword> listPasswords(const std::map<std::string, CurrentPassword>& outbox,
                                          const std::vector<state::PasswordToHandOut>& states,
                                          const std::set<std::string>& handedOut,
                                          const std::set<std::string>& unconfirmed,
                                          const std::string& suffix);

// How mailing stands, untranslated until shown: empty for not tried; never the password. The
// service's reply is shown as it came.
i18n::Message mailNote(const state::PasswordToHandOut& row);
// The same in the reader's language ("" for not tried), and in English.
std::string describeMail(const i18n::Translator& tr, const state::PasswordToHandOut& row);
std::string describeMail(const state::PasswordToHandOut& row);

}  // namespace membersync::deliver
