#pragma once

// Mailing confirmed passwords to the people they belong to. For each password the center
// confirmed set and nobody handed out yet: the mail is journaled as `sending` in the state
// just before its data goes out, then sent, then its end recorded; a delivered password is
// handed out and leaves the outbox. A mail that failed keeps its password in the outbox:
// - not delivered (server down, a 4xx): tried again on later runs, the delay doubling from
//   [delivery] retry_after_s up to a day;
// - refused (a 5xx): waits until the person's address changes;
// - in doubt (the data went out, no answer came, or the run died while sending): never mailed
//   again on its own; `membersync passwords --resend ACCOUNT` does it.
// A person without a usable address keeps the password in the outbox, listed by `passwords`.

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/deliver/delivery_settings.h"
#include "jobs/deliver/mail_sender.h"
#include "jobs/deliver/password_outbox.h"
#include "jobs/directory/person.h"
#include "jobs/state/store.h"

namespace membersync::deliver {

struct Recipient {
  std::string name;
  std::string address;  // as HR gives it; checked before use
};

// The people of an export by lower-case account, with the address in `toColumn`.
std::map<std::string, Recipient> recipientsOf(const directory::Export& hr,
                                              const std::string& toColumn);
// A plain addr-spec (local@domain) with nothing that could end or add a header: no spaces,
// control characters, angle brackets, commas or quotes; at most 254 characters.
bool isMailAddress(const std::string& text);

struct DeliveryTools {
  state::StateStore& store;
  PasswordOutbox& outbox;
  MailSender& sender;
  Clock& clock;
  Scrubber& scrubber;  // every password mailed joins it before its mail is composed
  const DeliverySettings& settings;
  const std::atomic<bool>* cancel = nullptr;  // set: no new mail is started (SIGTERM)
};

struct DeliveryReport {
  int delivered = 0;
  int tryLater = 0;        // not delivered this time; tried again later
  int refused = 0;         // refused this time
  int inDoubt = 0;         // in doubt this time (or found in doubt: a run died while sending)
  int withoutAddress = 0;  // no person, or no usable address, for a confirmed password
  int waiting = 0;         // not due (a retry's delay, a refused address, in doubt, by hand)
  std::vector<std::string> notes;  // for people: one line per failure; never a password
};

// After every run that applied, with or without mail: the outbox loses the lines of passwords
// handed out (a rewrite a crash or a failure left undone), and confirmed passwords the outbox does
// not hold at all (from before schema 6) stop counting as waiting. Returns notes for people.
// Throws as deliverPasswords does.
std::vector<std::string> tidyHandOut(state::StateStore& store, PasswordOutbox& outbox);

// Mails every confirmed password that is due. Never throws for a mail that failed; throws
// state::StateError when the journal cannot be written (nothing more is sent then).
DeliveryReport deliverPasswords(const DeliveryTools& tools,
                                const std::map<std::string, Recipient>& recipients);

// `passwords --resend ACCOUNT`: mails the account's confirmed password now, whatever the last
// mail's state.
struct ResendResult {
  bool delivered = false;
  std::string message;  // why not, or a note about the outbox; never the password
};
ResendResult resendPassword(const DeliveryTools& tools, const std::string& account,
                            const std::map<std::string, Recipient>& recipients);

// The delay before the retry after `attempts` failed mails.
Clock::Duration retryDelay(const DeliverySettings& settings, int attempts);

}  // namespace membersync::deliver
