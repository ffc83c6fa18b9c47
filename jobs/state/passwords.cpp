// Where generated passwords stand. The password itself lives only in the 0600 outbox; the
// database records that one is owed to an account until its add or reset is confirmed (so a run
// that died in between re-sends instead of losing it), then how handing it out goes: the mail's
// journal (sending, delivered, in doubt, to try again, refused) and the hand-out.

#include <vector>

#include "jobs/state/connection.h"
#include "jobs/state/rows.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::state {

using namespace Poco::Data::Keywords;
using Poco::Data::Session;

void SqliteStore::passwordGenerated(const std::string& account, RunId run) {
  passwordsGenerated({account}, run);
}

void SqliteStore::passwordsGenerated(const std::vector<std::string>& accounts, RunId run) {
  if (accounts.empty()) return;  // Poco refuses to bind an empty vector
  db_->batch("recording generated passwords", [&](Session& s) {
    detail::requireRun(s, run);
    std::vector<std::string> account = accounts;  // use() binds a vector; useRef() cannot
    std::vector<Poco::Int64> runId(accounts.size(), run), at(accounts.size(), wallMillis());
    // Not confirmed until its call is; the password in force before it keeps its hand-out and
    // mail state until then (a refusal puts it back, see passwordVoided). Generated over one
    // never confirmed, it has that one beneath: the center may hold it.
    s << "INSERT INTO passwords (account, run_id, generated_at) VALUES (?, ?, ?)"
         " ON CONFLICT (account) DO UPDATE SET run_id = excluded.run_id,"
         " generated_at = excluded.generated_at,"
         " previous_confirmed_at = COALESCE(confirmed_at, previous_confirmed_at),"
         " owed_beneath = CASE WHEN confirmed_at IS NULL THEN 1 ELSE owed_beneath END,"
         " confirmed_at = NULL",
        use(account), use(runId), use(at), now;
  });
}

void SqliteStore::passwordConfirmed(const std::string& account) {
  passwordsConfirmed({account});
}

void SqliteStore::passwordsConfirmed(const std::vector<std::string>& accounts) {
  if (accounts.empty()) return;
  db_->batch("recording confirmed passwords", [&](Session& s) {
    std::vector<std::string> account = accounts;  // use() binds a vector; useRef() cannot
    std::vector<Poco::Int64> at(accounts.size(), wallMillis());
    // The new password starts over: not handed out, not mailed.
    s << "UPDATE passwords SET confirmed_at = ?, previous_confirmed_at = NULL, owed_beneath = 0,"
         " handed_out_at = NULL,"
         " handed_out_by = '', mail_state = '', mail_attempts = 0, mail_next_at = NULL,"
         " mail_to = '', mail_reply = '', mail_at = NULL"
         " WHERE account = ? AND confirmed_at IS NULL",
        use(at), use(account), now;
  });
}

void SqliteStore::passwordVoided(const std::string& account) {
  db_->guarded("forgetting a password never set", [&](Session& s) {
    // What lay beneath is back: a password never confirmed stays owed (the center may hold it,
    // and the next run sends it again); else the confirmed one is in force again, as it was;
    // with neither, nothing is owed.
    s << "UPDATE passwords SET confirmed_at = previous_confirmed_at, previous_confirmed_at = NULL"
         " WHERE account = ? AND confirmed_at IS NULL AND owed_beneath = 0"
         " AND previous_confirmed_at IS NOT NULL",
        useRef(account), now;
    s << "DELETE FROM passwords WHERE account = ? AND confirmed_at IS NULL AND owed_beneath = 0",
        useRef(account), now;
  });
}

void SqliteStore::passwordsOwedToNoOne(const std::vector<std::string>& accounts) {
  if (accounts.empty()) return;
  db_->batch("forgetting passwords owed to no member", [&](Session& s) {
    std::vector<std::string> account = accounts;  // use() binds a vector; useRef() cannot
    s << "DELETE FROM passwords WHERE account = ? AND confirmed_at IS NULL", use(account), now;
  });
}

std::vector<PendingPassword> SqliteStore::unconfirmedPasswords() {
  std::vector<PendingPassword> pending;
  db_->guarded("reading unconfirmed passwords", [&](Session& s) {
    s << std::string("SELECT ") + detail::kPasswordColumns +
             " FROM passwords WHERE confirmed_at IS NULL ORDER BY generated_at, account",
        into(pending), now;
  });
  return pending;
}

std::vector<PasswordToHandOut> SqliteStore::passwordsToHandOut() {
  std::vector<PasswordToHandOut> rows;
  db_->guarded("reading the passwords to hand out", [&](Session& s) {
    s << std::string("SELECT ") + detail::kPasswordToHandOutColumns +
             " FROM passwords WHERE confirmed_at IS NOT NULL AND handed_out_at IS NULL"
             " ORDER BY confirmed_at, account",
        into(rows), now;
  });
  return rows;
}

std::vector<PasswordToHandOut> SqliteStore::passwordsWaitingSince(Millis confirmedBy) {
  std::vector<PasswordToHandOut> rows;
  Poco::Int64 by = confirmedBy;
  db_->guarded("reading the passwords to hand out", [&](Session& s) {
    s << std::string("SELECT ") + detail::kPasswordToHandOutColumns +
             " FROM passwords WHERE confirmed_at IS NOT NULL AND confirmed_at <= ?"
             " AND handed_out_at IS NULL ORDER BY confirmed_at, account",
        use(by), into(rows), now;
  });
  return rows;
}

std::vector<std::string> SqliteStore::handedOutAccounts() {
  std::vector<std::string> accounts;
  db_->guarded("reading the passwords handed out", [&](Session& s) {
    // Only while the password handed out is still the one in force: the lines of a newer one,
    // confirmed in the outbox a moment before the state hears of it, must stay.
    s << "SELECT account FROM passwords WHERE handed_out_at IS NOT NULL AND confirmed_at IS NOT "
         "NULL"
         " ORDER BY account",
        into(accounts), now;
  });
  return accounts;
}

void SqliteStore::mailSending(const std::string& account, const std::string& to) {
  db_->guarded("journaling a mail as sending", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    std::string state = toString(MailState::Sending);
    // An upsert: `passwords --resend` may mail a password from an outbox older than the state.
    s << "INSERT INTO passwords (account, run_id, generated_at, confirmed_at, mail_state, mail_to,"
         " mail_at) VALUES (?, 0, ?, ?, ?, ?, ?) ON CONFLICT (account) DO UPDATE SET"
         " mail_state = excluded.mail_state, mail_to = excluded.mail_to, mail_at = "
         "excluded.mail_at",
        useRef(account), use(at), use(at), useRef(state), useRef(to), use(at), now;
  });
}

void SqliteStore::mailEnded(const std::string& account, const MailRecord& r) {
  db_->guarded("recording how a mail ended", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    std::string state = toString(r.state);
    Poco::Int64 attempts = r.attempts;
    Poco::Nullable<Poco::Int64> next;
    if (r.nextAttempt) next = *r.nextAttempt;
    Poco::Nullable<Poco::Int64> handedOut;
    if (r.state == MailState::Delivered) handedOut = at;
    std::string by = r.state == MailState::Delivered ? "mail" : "";
    s << "UPDATE passwords SET mail_state = ?, mail_to = ?, mail_reply = ?, mail_attempts = ?,"
         " mail_next_at = ?, mail_at = ?, handed_out_at = ?, handed_out_by = ? WHERE account = ?",
        useRef(state), useRef(r.to), useRef(r.reply), use(attempts), use(next), use(at),
        use(handedOut), useRef(by), useRef(account), now;
  });
}

int SqliteStore::mailsSendingToInDoubt() {
  int changed = 0;
  db_->guarded("finding mails cut off while sending", [&](Session& s) {
    std::string sending = toString(MailState::Sending);
    std::string doubt = toString(MailState::InDoubt);
    s << "UPDATE passwords SET mail_state = ?,"
         " mail_reply = 'the run that was sending this mail ended before the answer was recorded'"
         " WHERE mail_state = ?",
        useRef(doubt), useRef(sending), now;
    s << "SELECT changes()", into(changed), now;
  });
  return changed;
}

void SqliteStore::passwordsNotInOutbox(const std::vector<std::string>& accounts) {
  db_->guarded("forgetting passwords the outbox does not hold", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    for (const auto& account : accounts) {
      s << "UPDATE passwords SET handed_out_at = ?, handed_out_by = 'not-in-outbox'"
           " WHERE account = ? AND handed_out_at IS NULL",
          use(at), useRef(account), now;
    }
  });
}

void SqliteStore::passwordHandedOut(const std::string& account) {
  db_->guarded("recording a password handed out", [&](Session& s) {
    Poco::Int64 at = wallMillis();
    s << "INSERT INTO passwords (account, run_id, generated_at, confirmed_at, handed_out_at,"
         " handed_out_by) VALUES (?, 0, ?, ?, ?, 'hand')"
         " ON CONFLICT (account) DO UPDATE SET handed_out_at = excluded.handed_out_at,"
         " handed_out_by = 'hand' WHERE passwords.confirmed_at IS NOT NULL",
        useRef(account), use(at), use(at), use(at), now;
  });
}

}  // namespace membersync::state
