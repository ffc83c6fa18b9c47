#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jobs/state/records.h"

namespace membersync::state {

// Plain values the StateStore speaks besides records.h: runs, journal steps, guard holds and
// password delivery. No Poco here either.

using RunId = std::int64_t;
using StepId = std::int64_t;

// --- runs -----------------------------------------------------------------------------------

enum class RunKind { Sync, Plan, Apply, Daemon, ResetPassword, Revert };
// "sync", "plan", "apply", "daemon", "reset-password", "revert"
const char* toString(RunKind kind);
std::optional<RunKind> parseRunKind(std::string_view text);  // nullopt for anything else

// What a run starts from; the store adds the start time from its clock.
struct RunStart {
  RunKind kind = RunKind::Sync;
  std::string exportHash;
  std::int64_t exportRows = 0;
  std::string policyHash;
  std::string scope;  // `sync --only ACCOUNT`: the account; empty: everyone
};

// What a run did, by outcome; `failed` counts transient and refused items alike.
struct RunCounts {
  int added = 0, edited = 0, deleted = 0, withdrawn = 0, adopted = 0, held = 0, failed = 0,
      unknown = 0;
  int assigned = 0;  // A9 asset changes of the policy (Assign items) carried out
  int lent = 0;      // A10 lendings made
  int enrolled = 0;  // B1 enrolments that granted products
};

struct RunSummary {
  RunId id = 0;
  RunKind kind = RunKind::Sync;
  Millis startedAt = 0;
  std::optional<Millis> finishedAt;  // empty: still running, or cut off before finishRun
  std::string outcome;               // as passed to finishRun ("done", "failed", "held", ...)
  std::string message;
  RunCounts counts;
  std::string exportHash;
  std::int64_t exportRows = 0;
  std::string policyHash;
  std::string scope;  // as RunStart::scope
};

// A destructive item a safety guard held back in a run, and what became of it.
struct HeldItem {
  RunId runId = 0;
  std::string key;  // the plan item's key ("delete:<globalId>", ...)
  std::string reason;
  Millis heldAt = 0;
  std::optional<Millis> releasedAt;  // allow-deletes RUN
  std::optional<Millis> consumedAt;  // carried out (or given up) after the release
};

// --- journal --------------------------------------------------------------------------------

// What a write step is about, recorded before it is sent.
struct StepInfo {
  std::string itemKey;     // the plan item's key; several steps may share one (a split chunk)
  std::string kind;        // "add", "edit", "delete", "withdraw", "reset-password", "enrol", ...
  std::string account;     // lower case, without the suffix; may be empty
  std::string employeeId;  // may be empty (orphans)
  std::string globalId;    // empty for adds until they succeed
  std::string detail;      // short text or JSON for people; NEVER a password, token or secret
};

// A step the service confirmed, for the batch form of journalSucceeded.
struct StepSuccess {
  StepId step = 0;
  std::string globalId;  // the member an add created; empty: the step's own stays
};

enum class StepState {
  Planned,  // recorded, not sent yet (a step left here was never sent)
  Sent,     // on its way; left here by a crash: the outcome is in doubt
  Succeeded,
  Failed,   // the service answered with an error; `failure` says whether to re-send later
  Unknown,  // sent, no answer (connection dropped, time-out)
};
const char* toString(StepState state);  // "planned", "sent", "succeeded", "failed", "unknown"
std::optional<StepState> parseStepState(std::string_view text);

// How a step in doubt was settled by reading the service.
enum class Settlement {
  Done,        // the write took effect (e.g. the member exists)
  NotDone,     // it did not: the item may be planned and sent again
  Unresolved,  // it cannot be read (B1 enrolments): left for an administrator, never re-sent
};
const char* toString(Settlement settlement);  // "done", "not-done", "unresolved"
std::optional<Settlement> parseSettlement(std::string_view text);

const char* toString(ItemStatus status);  // "succeeded", "retry-later", "refused", "unknown"
std::optional<ItemStatus> parseItemStatus(std::string_view text);

// The key of Snapshot::enrolments: "<employee_id>|<rule>".
std::string enrolmentKey(const std::string& employeeId, const std::string& rule);

// "enrolled", "not-qualified", "refused", "retry-later", "unknown"
const char* toString(EnrolmentStatus status);
std::optional<EnrolmentStatus> parseEnrolmentStatus(std::string_view text);

struct Step {
  StepId id = 0;
  RunId runId = 0;
  StepInfo info;
  StepState state = StepState::Planned;
  std::optional<ItemStatus> failure;  // Failed only: RetryLater or Refused
  int attempts = 0;                   // times sent
  std::string code;                   // the service's code on failure
  std::string message;                // failure message, or what is known of an unknown outcome
  Millis plannedAt = 0;
  std::optional<Millis> sentAt;      // the last send
  std::optional<Millis> finishedAt;  // when Succeeded, Failed or Unknown was recorded
  std::optional<Settlement> settlement;
  std::optional<Millis> settledAt;
};

// --- audit ----------------------------------------------------------------------------------

// Something a person did through the console or `membersync allow`: a sign-in (or a failed
// one), a sign-out, an approval, a console user added, removed or changed. Never a secret.
struct AuditEntry {
  std::int64_t id = 0;
  Millis at = 0;          // 0 when recording: now
  std::string actor;      // the console user, or $SUDO_USER / the uid's name on the CLI
  std::string address;    // the client's address; "" on the command line
  std::string action;     // "sign-in", "sign-in-failed", "sign-out", "approve", "user-add", ...
  RunId run = 0;          // the run approved; 0 when none
  std::string detail;     // for people
};

// --- problems a run reported ----------------------------------------------------------------

// Something a run could not do and a person should know about until a later run no longer
// reports it: a pool run dry (who is left without), an activity that does not exist, ...
struct RunProblem {
  RunId runId = 0;
  std::string key;      // the plan item's key, e.g. "problem:pool:cad-seat:E1004"
  std::string message;  // for people; never a secret
};

// --- who an item is about ----------------------------------------------------------------

// A run's records handed over one at a time, so that no list of all of them is held at once (the
// console's records of 400,000 people): calling it with a sink passes each record to the sink,
// in order.
template <class Record>
using RecordSource = std::function<void(const std::function<void(Record&&)>& sink)>;

// The person a plan item concerns, as a run saw them, so that what needs a person can be named
// from the state alone.
struct ItemPerson {
  std::string itemKey;     // the plan item's key ("add:E1001", "problem:line:14", ...)
  std::string account;     // lower case, without the suffix; may be empty
  std::string hrAccount;   // as HR spells it
  std::string name;
  std::string employeeId;
  std::string source;      // where the row came from: "hr.csv:14", "people.json item 3", a DN
  RunId runId = 0;         // the run that saw them last
};

// --- people as HR last listed them (the console's people pages) --------------------------

// One valid row of the HR export as the newest applying run read it, with the names of the
// policy rules it matched: what /people and /people/ACCOUNT show without reading HR.
struct PersonRecord {
  std::string employeeId;
  std::string account;    // lower case, without the suffix
  std::string hrAccount;  // as HR spells it
  std::string name;
  std::string department;             // the HR value
  std::optional<std::string> mobile;  // nullopt: the export has no mobile column
  std::string email;  // the [delivery] to_column value; "" when none
  std::string hrStatus;               // as exported; empty counts as active
  bool active = true;
  std::vector<std::string> rules;  // the policy rules (assets, locks, activities) it matches
  RunId changedIn = 0;             // the run that first read the row as it is now
  RunId leftIn = 0;                // the run whose export no longer listed them (0: still listed)
};

// What recordPeople() wrote: an unchanged export writes nothing.
struct PeopleWrites {
  std::size_t written = 0;  // new or changed rows
  std::size_t left = 0;     // no longer in the export, marked left
  std::size_t dropped = 0;  // left, and their member is gone: forgotten
};

// A search of the people known: the first `limit` matches and how many there are in all.
struct PeopleFound {
  std::vector<PersonRecord> people;
  std::int64_t total = 0;
};

// --- passwords ------------------------------------------------------------------------------

// A generated password written to the outbox whose add or reset was never confirmed. The
// password itself is never stored: only that one is owed to `account`.
struct PendingPassword {
  std::string account;
  RunId runId = 0;
  Millis generatedAt = 0;
};

// Where mailing an account's confirmed password stands.
enum class MailState {
  None,       // not tried yet
  Retry,      // not delivered (server down, a 4xx): tried again after `nextAt`
  Refused,    // the server refused the address (5xx): waits until the address changes
  Sending,    // journaled just before the message data went out; a run that finds it died then
  InDoubt,    // the data went out but no answer came: never mailed again on its own
  Delivered,  // the server accepted it (the password is handed out)
  Manual,     // confirmed before mail delivery existed: handed out by hand, never mailed on its own
};
const char* toString(MailState state);  // "", "retry", "refused", "sending", "in-doubt", ...
std::optional<MailState> parseMailState(std::string_view text);

// A confirmed password not yet handed out, and how mailing it went. Never the password.
struct PasswordToHandOut {
  std::string account;
  RunId runId = 0;
  Millis generatedAt = 0;
  Millis confirmedAt = 0;
  MailState mail = MailState::None;
  int attempts = 0;                   // mails tried and not delivered
  std::optional<Millis> nextAttempt;  // Retry: not before
  std::string mailTo;                 // the address last tried
  std::string reply;                  // the server's last reply or error (scrubbed)
};

// What one mail attempt ended in, for the state.
struct MailRecord {
  MailState state = MailState::Retry;  // Retry, Refused, InDoubt or Delivered
  std::string to;
  std::string reply;
  int attempts = 0;
  std::optional<Millis> nextAttempt;
};

// --- one person, for the console's person page ---------------------------------------------

// What the state holds of one person besides their HR row: their member, what membersync
// assigned, lent and enrolled, and where their password stands (never the password).
struct PersonHoldings {
  std::optional<Link> link;
  std::vector<OwnedAsset> assets;  // by asset number
  std::optional<Lending> lending;
  std::vector<Enrolment> enrolments;  // by rule
  // The account's newest password: confirmedAt 0 while its add or reset is not confirmed.
  std::optional<PasswordToHandOut> password;
  std::optional<Millis> handedOutAt;
};

// --- run reports ----------------------------------------------------------------------------

// How one report of a run went on one channel.
enum class ReportSendState {
  Sent,    // the mail server or the robot took it
  Failed,  // it did not: the next run sends it again, changed or not
};
const char* toString(ReportSendState state);  // "sent", "failed"
std::optional<ReportSendState> parseReportSendState(std::string_view text);

// An organisation platform's calls in one month, and the newest walk's (its estimate of the next).
struct PlatformCallCount {
  int month = 0;
  int lastWalk = 0;
};

// One report sent (or tried) on one channel: "mail:it@acme.example", "wecom", "dingtalk", ...
struct ReportSend {
  std::int64_t id = 0;  // given by the store; ignored by recordReportSend()
  RunId runId = 0;      // the run reported; 0 for a run that failed before it was recorded
  std::string channel;
  Millis at = 0;  // 0: now
  ReportSendState state = ReportSendState::Sent;
  std::string reason;     // why it went: "new", "changed", "reminder", "retry", "resolved", ...
  std::string situation;  // a digest of what needed a person and the outcome ("" : nothing did)
  std::string why;        // Failed: why, for people (scrubbed: never a URL's key or a secret)
};

}  // namespace membersync::state
