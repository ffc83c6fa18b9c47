#pragma once

// What needs a person, computed once (attention()) and used by every surface: `status`, run
// reports (jobs/notify), /healthz and /metrics, the daemon's log line and the console. Pure: a
// function of what the state database holds (and the time), never of the HR source, so each
// surface names people the same way from the state alone.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "jobs/i18n/message.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/records.h"
#include "jobs/state/store.h"
#include "jobs/state/types.h"

namespace membersync::report {

// The kinds, most serious first within each exit code's class.
enum class AttentionKind {
  Held,              // held by a safety guard, not released yet (edits, withdrawals, deletes)
  InvalidRow,        // an HR row skipped as invalid (its member is neither edited nor departed)
  Refused,           // the center refused the item: waits until its input changes
  Failed,            // failed for a transient cause: tried again later
  InDoubt,           // a write, or a password, whose outcome is not known (or reading could
                     // not judge it)
  EnrolmentInDoubt,  // an enrolment (B1) the activity service cannot be asked about
  PasswordWaiting,   // a confirmed password not handed out for more than password_wait_days
  PoolDry,           // a pool (or product) ran dry: people left without an asset
};
inline constexpr AttentionKind kAttentionKinds[] = {
    AttentionKind::Held,    AttentionKind::InvalidRow,       AttentionKind::Refused,
    AttentionKind::Failed,  AttentionKind::InDoubt,          AttentionKind::EnrolmentInDoubt,
    AttentionKind::PasswordWaiting, AttentionKind::PoolDry};

// "held", "invalid-row", "refused", "failed", "in-doubt", "enrolment-in-doubt",
// "password-waiting", "pool-dry": stable, for JSON, metrics labels and report fingerprints.
const char* toString(AttentionKind kind);

// How serious a kind is for the exit codes: Held is 4 (a guard), InvalidRow to EnrolmentInDoubt
// are 3 (items not done), PasswordWaiting and PoolDry only call for attention (a run still exits
// 0 with the outcome `attention`; `status` exits 3).
enum class AttentionClass { Guard, NotDone, Notice };
AttentionClass classOf(AttentionKind kind);

// One thing a person has to look at, by person where there is one.
struct AttentionItem {
  AttentionKind kind = AttentionKind::Failed;
  std::string key;         // stable, unique per kind: the item's ("edit:E1"), a problem's
                           // ("problem:line:14", "problem:assets:cad-seat"), "step:41", ...
  std::string account;     // as HR spells it when known; "" when the item is not one person's
  std::string name;
  std::string employeeId;
  std::string source;      // where the row came from: "hr-export.csv:14", or an LDAP DN
  std::string action;      // what was held or is not done: "edit", "delete", "add", "password"
  // Why, for people (items of one group often share it), kept untranslated until shown; a
  // reason stored in the state (a held item's, a problem's) is read with decodeMessage().
  i18n::Message reason;
  // The exact command that resolves it ("membersync allow 12", with --config FILE when needed),
  // or what to do, in words, naming any command plainly ("fix hr.csv:14, then run membersync
  // sync"). Plain text: each surface quotes commands its own way.
  i18n::Message command;
  state::RunId runId = 0;  // the run that reported it (0: the state's, not one run's)
};

struct Attention {
  std::vector<AttentionItem> items;  // grouped by kind (kAttentionKinds' order), then by account
  std::size_t count(AttentionKind kind) const;
  bool empty() const { return items.empty(); }
  // The most serious class present; Notice when there is nothing (check empty() first).
  AttentionClass worst() const;
  // "2 held, 1 invalid row, 3 passwords waiting": the counts in words, kinds with none left out,
  // in the reader's language (English without a translator).
  std::string countsText(const i18n::Translator& tr) const;
  std::string countsText() const;
  // The same, kept untranslated (a run's message stores it).
  i18n::Message countsMessage() const;
  // A digest of what needs a person (kinds and keys, not reasons or times): a report is sent
  // again only when it changes.
  std::string fingerprint() const;
};

// What attention() reads, all from the state database (and the time).
struct AttentionInputs {
  // The newest finished run that could change anything (sync, apply, a daemon's run, a revert
  // applied; never a preview): the rows it skipped and the pools it found dry (its problems), and
  // what its guards held (released ones no longer need a person).
  state::RunId run = 0;
  std::vector<state::RunProblem> problems;
  std::vector<state::HeldItem> held;
  std::vector<state::ItemRecord> openItems;     // refused, to retry, unknown
  std::vector<state::Step> unsettledSteps;      // writes in doubt
  std::vector<state::Step> unresolvedSteps;     // writes reading could not judge
  std::vector<state::PendingPassword> unconfirmedPasswords;
  std::vector<state::PasswordToHandOut> passwordsToHandOut;
  std::map<std::string, state::Enrolment> enrolments;
  std::vector<state::ItemPerson> people;  // who they are about: what peopleWanted() asks for
  state::Millis now = 0;
  int passwordWaitDays = 3;  // [report] password_wait_days
  // How a command reaches this configuration: "" for the default one, else "--config FILE".
  std::string configArgument;
};

// The item keys, accounts and employee ids whose people (StateStore::itemPeople) attention()
// names the items of `in` with.
struct PeopleWanted {
  std::vector<std::string> keys, accounts, employeeIds;
};
PeopleWanted peopleWanted(const AttentionInputs& in);

// What needs a person, by kind, each item with the person, the reason and the command.
Attention attention(const AttentionInputs& in);

// Everything attention() reads, from `store`: the run is `run` (an applying run that just ended),
// or, with 0, the newest finished run that could change anything. The people of the items are
// looked up too. Throws StateError as the store does.
// Passwords confirmed at or before this have waited too long to be handed out (needs a person).
state::Millis passwordWaitLimit(state::Millis now, int passwordWaitDays);

// Which passwords waiting to be handed out are read: only those waiting longer than
// password_wait_days (all that attention() looks at), or every one (status lists them all).
enum class PasswordsRead { Overdue, All };
AttentionInputs attentionInputs(state::StateStore& store, state::RunId run, state::Millis now,
                                int passwordWaitDays, std::string configArgument,
                                PasswordsRead passwords = PasswordsRead::Overdue);

// The problems a run records for attention(): HR rows skipped as invalid, keyed by where the row
// is (a CSV line, a JSON item, an LDAP entry's DN), and pools run dry.
inline constexpr const char* kInvalidRowPrefixes[] = {"problem:line:", "problem:item:",
                                                      "problem:dn:"};
bool isInvalidRowKey(const std::string& key);
inline constexpr const char* kPoolDryPrefix = "problem:assets:";

}  // namespace membersync::report
