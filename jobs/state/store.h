#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jobs/state/pool_counts.h"
#include "jobs/state/records.h"
#include "jobs/state/types.h"

namespace membersync::state {

// What membersync remembers between runs, behind an interface so the applier, the planner's
// caller and the verbs can be tested against a fake (or SqliteStore on ":memory:").
//
// Common contract of every method, unless its comment says otherwise:
// - Success: the change is committed when the method returns (or, inside transaction(), when
//   the outermost body returns), so a process killed afterwards keeps it.
// - Failure: StateError (state_error.h) naming the database and what to do; nothing of the
//   call is left half-written. A StepId or RunId the store never handed out (or purged) is a
//   programming error: std::invalid_argument from the methods that write to it; the methods
//   that only read answer empty.
// - Times are taken from the store's Clock (wall time, milliseconds). In records, a time of 0
//   (Link::linkedAt, Absence::since, ItemRecord::updatedAt, ExportRecord::at) means "now".
// - Threads: every method may be called from several threads at once; calls are serialized.
// - Secrets: nothing here stores a password, token or secret, and callers must not put one in a
//   free-text field (StepInfo::detail, messages, reasons).
// The records of a list, as a RecordSource (tests and benches record lists).
template <class Record>
RecordSource<Record> listed(const std::vector<Record>& records) {
  return [&records](const std::function<void(Record&&)>& sink) {
    for (Record r : records) sink(std::move(r));
  };
}

class StateStore {
 public:
  virtual ~StateStore() = default;

  // Everything the planner needs, read in one consistent snapshot.
  virtual Snapshot load() = 0;
  // How many people are linked to a member (what load() would hold in linksByEmployee): the
  // size the member list is expected to have, known before the snapshot is read.
  virtual std::int64_t linkCount() = 0;

  // Runs `body` as one transaction (BEGIN IMMEDIATE): all of its store calls commit together,
  // or none does when it throws (the exception is rethrown). Nested calls join the outer one.
  // While it runs, other threads' calls wait: keep the body short, and never wait in it for
  // another thread that uses the store.
  virtual void transaction(const std::function<void()>& body) = 0;

  // --- runs ---------------------------------------------------------------------------------

  // Records the start of a run (now) and returns its id; ids grow and are never reused.
  virtual RunId beginRun(const RunStart& start) = 0;
  // Records the end of a run (now), its outcome word, counts and a message for people.
  virtual void finishRun(RunId run, const std::string& outcome, const RunCounts& counts,
                         const std::string& message) = 0;
  // The run, or nullopt when there is none by that id (never run, or purged).
  virtual std::optional<RunSummary> findRun(RunId run) = 0;
  // The `limit` most recent runs, newest first.
  virtual std::vector<RunSummary> recentRuns(int limit) = 0;
  // The same, of previews only (`plan`, `sync --dry-run`, `revert` without --apply: kind Plan),
  // or of every other run (those that could change something).
  virtual std::vector<RunSummary> recentRuns(int limit, bool previews) = 0;
  // The `limit` runs before run `before` (ids below it), newest first: the console's paging.
  virtual std::vector<RunSummary> runsBefore(RunId before, int limit) = 0;
  // Deletes runs started more than `keepDays` days ago, with their journal and held items,
  // except runs that still have an unsettled step (see unsettledSteps()). Returns how many
  // runs went. keepDays < 0: std::invalid_argument.
  virtual int purgeRuns(int keepDays) = 0;

  // --- the enterprise ------------------------------------------------------------------------

  // The enterprise (its global id) this database belongs to, if one claimed it. Reads only.
  virtual std::optional<std::string> enterprise() = 0;
  // The same, claiming the database for `enterprise` when none did yet (a write, taken only
  // then). A different answer means the configuration points at another enterprise's state.
  virtual std::string claimEnterprise(const std::string& enterprise) = 0;

  // --- employee_id -> account -> globalId ---------------------------------------------------

  // Inserts or replaces the link of link.employeeId.
  virtual void saveLink(const Link& link) = 0;
  // The same for many links in one transaction (a first sync links thousands).
  virtual void saveLinks(const std::vector<Link>& links) = 0;
  // Forgets the link of an employee id, and the fields a revert held for it; no-op when there
  // is none.
  virtual void dropLink(const std::string& employeeId) = 0;

  // --- absences and the last good export ----------------------------------------------------

  // Inserts or replaces the absence of absence.employeeId.
  virtual void saveAbsence(const Absence& absence) = 0;
  // Forgets it (the person is back); no-op when there is none.
  virtual void clearAbsence(const std::string& employeeId) = 0;
  // Replaces the last export a run completed with (Snapshot::lastGoodExport).
  virtual void recordGoodExport(const ExportRecord& record) = 0;

  // --- item history -------------------------------------------------------------------------

  // Inserts or replaces the record of record.key.
  virtual void saveItem(const ItemRecord& record) = 0;
  // Forgets an item's record; no-op when there is none.
  virtual void clearItem(const std::string& key) = 0;
  // The same for many items, in one statement.
  virtual void clearItems(const std::vector<std::string>& keys) = 0;
  // Items whose last attempt did not succeed (RetryLater, Refused, Unknown), by key: what
  // `status` lists as pending, refused and unknown.
  virtual std::vector<ItemRecord> openItems() = 0;

  // --- journal of write steps ---------------------------------------------------------------

  // Records a step about to be sent in `run` (state Planned) and returns its id.
  virtual StepId journalPlanned(RunId run, const StepInfo& info) = 0;
  // Marks the step Sent and counts an attempt. Call it before the request goes out: once it
  // returns, a crash leaves the step in unsettledSteps(). Calling it again (a re-send within
  // the run) counts another attempt.
  virtual void journalSent(StepId step) = 0;
  // Records steps about to go out together (one call, or calls started at once) in `run`,
  // planned and sent at once with one attempt each, in one transaction and one statement;
  // returns their ids in order.
  virtual std::vector<StepId> journalSent(RunId run, const std::vector<StepInfo>& steps) = 0;
  // The service confirmed the step; an add passes the new member's globalId.
  virtual void journalSucceeded(StepId step, const std::optional<std::string>& globalId) = 0;
  // The same for many steps, in one statement.
  virtual void journalSucceeded(const std::vector<StepSuccess>& steps) = 0;
  // The service answered with an error. `status` is RetryLater (transient) or Refused;
  // anything else is std::invalid_argument.
  virtual void journalFailed(StepId step, const std::string& code, const std::string& message,
                             ItemStatus status) = 0;
  // The step was sent and no answer came: its outcome must be settled by reading.
  virtual void journalUnknown(StepId step, const std::string& detail) = 0;
  // Steps of any run whose outcome is in doubt: Sent and never finished (the process died), or
  // Unknown; in both cases not yet settled. Oldest first. Call it at the start of a run, before
  // anything is re-sent (only one membersync may run at a time).
  virtual std::vector<Step> unsettledSteps() = 0;
  // Records how a step in doubt was settled by reading; `globalId` when the read found the
  // member an add created; `finding`, when not empty, what the reading found, for people (it
  // replaces the step's message; never a secret). A step that was not in doubt may be settled
  // too (no harm done).
  virtual void journalSettled(StepId step, Settlement outcome,
                              const std::optional<std::string>& globalId,
                              const std::string& finding) = 0;
  // Steps of run `fromRun` and later that reading could not judge (Settlement::Unresolved), and
  // that no later step of the same item has done since, oldest first: what needs a person.
  virtual std::vector<Step> unresolvedSteps(RunId fromRun) = 0;
  // Every step of a run, in the order they were planned. Empty for an unknown run.
  virtual std::vector<Step> stepsOfRun(RunId run) = 0;
  // A page of them: at most `limit` from the `offset`th (0 first), for a run of 100,000 adds
  // shown a page at a time; and how many steps the run has.
  virtual std::vector<Step> stepsOfRunPage(RunId run, std::int64_t offset, std::int64_t limit) = 0;
  virtual std::int64_t stepCountOfRun(RunId run) = 0;
  // The newest `limit` steps of an account (lower case, without the suffix), newest first: what
  // membersync did to that person, for `explain`.
  virtual std::vector<Step> stepsOfAccount(const std::string& account, int limit) = 0;

  // --- safety guard: held items and releases ------------------------------------------------

  // Records that a guard held back the destructive item `key` in `run` (idempotent).
  virtual void recordHeld(RunId run, const std::string& key, const std::string& reason) = 0;
  // The items held back in a run, in key order. Empty for an unknown run.
  virtual std::vector<HeldItem> heldItemsOfRun(RunId run) = 0;
  // allow-deletes RUN: releases the run's held items that were neither released nor consumed
  // yet, so their keys appear in Snapshot::releasedItems. Returns how many were released (0
  // when the run held nothing). A run that does not exist is std::invalid_argument: a verb
  // taking a run number from a person checks findRun() first.
  virtual int releaseRun(RunId run) = 0;
  // allow RUN: the run's enrolments (B1) left in doubt — sent and never answered, or answered in
  // a way that may follow the enrolment (1002, a 5xx) — are released for one more attempt: their
  // item keys appear in Snapshot::releasedItems until the attempt consumes them. Returns the item
  // keys released. An unknown run is std::invalid_argument.
  virtual std::vector<std::string> releaseEnrolmentsInDoubt(RunId run) = 0;
  // The released item `key` was carried out, or is no longer planned and its release must not
  // linger: its holds in every run are closed and it leaves Snapshot::releasedItems. No-op when
  // the key was never held.
  virtual void consumeRelease(const std::string& key) = 0;

  // --- entitlements: owned assets, lendings, enrolments, product cache ----------------------
  // What membersync did on the entitlement side (A9, A10, B1) and what it read (A7), read back
  // through load() (Snapshot::ownedAssets, lendings, enrolments, productCache). In records, a
  // time of 0 (assignedAt, lentAt, Enrolment::at, fetchedAt) means "now". Callers recording
  // many at once wrap the calls in transaction() (one commit instead of one each).

  // membersync assigned asset.assetNum (A9) to asset.globalId under asset.rule: only assets
  // recorded here are ever withdrawn (unless their pool is exclusive). Inserts or replaces the
  // record of that asset number (an asset belongs to one member at a time).
  virtual void saveOwnedAsset(const OwnedAsset& asset) = 0;
  // Forgets an asset number (withdrawn, the member deleted, or no longer the member's on the
  // center); no-op when there is none.
  virtual void dropOwnedAsset(const std::string& assetNum) = 0;
  // membersync lent a member's managed assets to a lock (A10). Inserts or replaces the lending
  // of lending.globalId (one per member).
  virtual void saveLending(const Lending& lending) = 0;
  // Forgets a member's lending; no-op when there is none.
  virtual void dropLending(const std::string& globalId) = 0;
  // Inserts or replaces how the enrolment of enrolment.employeeId by enrolment.rule ended
  // (Snapshot::enrolments, by "<employee_id>|<rule>").
  virtual void saveEnrolment(const Enrolment& enrolment) = 0;
  // The enrolments that granted nothing (every status but enrolled), by enrolmentKey(): what
  // `status` and what needs a person read, without loading the whole snapshot.
  virtual std::map<std::string, Enrolment> enrolmentsNotEnrolled() = 0;
  // Remembers a field a revert set back (replacing one of the same person and field), and
  // forgets it once HR gives another value; no-op when there is none.
  virtual void saveRevertedField(const RevertedField& field) = 0;
  virtual void dropRevertedField(const std::string& employeeId, const std::string& field) = 0;
  // Inserts or replaces the cached product list of entry.assetId (its productUris in order).
  virtual void saveProductCache(const ProductCacheEntry& entry) = 0;
  // The same for many entries in one transaction (a first run reads every asset's tree).
  virtual void saveProductCaches(const std::vector<ProductCacheEntry>& entries) = 0;

  // --- problems a run reported --------------------------------------------------------------

  // Records what `run` reported for people to act on (pool shortages, an activity that does not
  // exist, ...); a key already recorded for the run is replaced. Runs purged take theirs along.
  virtual void recordProblems(RunId run, const std::vector<RunProblem>& problems) = 0;
  // A run's problems in key order. Empty for an unknown run.
  virtual std::vector<RunProblem> problemsOfRun(RunId run) = 0;

  // --- pool counts (the console's pool pages) -----------------------------------------------

  // Records each asset rule's counts as applying run `run` read them (one statement); a rule
  // already recorded for the run is replaced. Runs purged take theirs along.
  virtual void recordPoolCounts(RunId run, const std::vector<PoolCount>& counts) = 0;
  // The counts runs recorded at or after `since` (milliseconds since the epoch), of `rule`, or
  // of every rule when `rule` is empty: by rule, then oldest first.
  virtual std::vector<PoolRecord> poolHistory(const std::string& rule, Millis since) = 0;

  // --- who items are about -----------------------------------------------------------------

  // Inserts or replaces the person of each item key, as run `run` saw them (one transaction,
  // written a thousand rows at a time as `people` hands them over).
  virtual void recordItemPeople(RunId run, const RecordSource<ItemPerson>& people) = 0;
  void recordItemPeople(RunId run, const std::vector<ItemPerson>& people) {
    recordItemPeople(run, listed(people));
  }
  // The people recorded for any of `keys`, `accounts` (lower case) or `employeeIds`, newest run
  // first (an account or employee id may have several items). Empty lists match nothing.
  virtual std::vector<ItemPerson> itemPeople(const std::vector<std::string>& keys,
                                             const std::vector<std::string>& accounts,
                                             const std::vector<std::string>& employeeIds) = 0;

  // --- people as HR last listed them (the console's people pages) ---------------------------

  // Records the export's people as run `run` read them: only rows new or changed since (by a
  // fingerprint of their fields), so an unchanged export of 100,000 people writes nothing. A
  // person no longer listed is marked left in `run`, and forgotten once no link to a member of
  // theirs remains. `people` hands over the whole export, one per employee id; they are written
  // a thousand at a time, in one transaction. `skipped`: employee ids of rows skipped as
  // invalid: still listed, so kept as last read, not marked left.
  virtual PeopleWrites recordPeople(RunId run, const RecordSource<PersonRecord>& people,
                                    const std::set<std::string>& skipped) = 0;
  PeopleWrites recordPeople(RunId run, const std::vector<PersonRecord>& people,
                            const std::set<std::string>& skipped) {
    return recordPeople(run, listed(people), skipped);
  }
  // The newest run that recorded the people (0: none did yet).
  virtual RunId peopleReadIn() = 0;
  // The person of `account` (lower case; the one still listed before one who left).
  virtual std::optional<PersonRecord> findPerson(const std::string& account) = 0;
  // People whose account or employee id starts with `query`, or whose name contains it (case
  // does not matter for ASCII), exact accounts first then by account; at most `limit`.
  virtual PeopleFound searchPeople(const std::string& query, int limit) = 0;
  // What the state holds of the person of `employeeId` and `account` (lower case): their link,
  // owned assets, lending, enrolments and password state. Empty parts when none.
  virtual PersonHoldings holdingsOf(const std::string& employeeId, const std::string& account) = 0;
  // How many people are recorded (those who left included).
  virtual std::int64_t peopleCount() = 0;

  // --- password delivery (never the password itself) ----------------------------------------

  // A password for `account` was written to the outbox in `run`; its add or reset is not yet
  // confirmed. Replaces an earlier record of that account.
  virtual void passwordGenerated(const std::string& account, RunId run) = 0;
  // The same for many accounts, in one statement.
  virtual void passwordsGenerated(const std::vector<std::string>& accounts, RunId run) = 0;
  // The add or reset carrying the account's latest password was confirmed. No-op when nothing
  // is owed.
  virtual void passwordConfirmed(const std::string& account) = 0;
  // The same for many accounts, in one statement.
  virtual void passwordsConfirmed(const std::vector<std::string>& accounts) = 0;
  // The account's newest password was never set (its call was refused, or never sent): what
  // lay beneath it is back. A password generated before it and never confirmed (the center may
  // hold it) stays owed; else the confirmed one before it is in force again, with its hand-out
  // and mail state; else nothing is owed. No-op once it was confirmed. The one rule for every
  // path that gives a password up: a password that may be in force is never dropped.
  virtual void passwordVoided(const std::string& account) = 0;
  // The accounts have no member (its add did not take effect, or it is gone): no password of
  // theirs is owed any more.
  virtual void passwordsOwedToNoOne(const std::vector<std::string>& accounts) = 0;
  // Passwords generated and never confirmed set, oldest first.
  virtual std::vector<PendingPassword> unconfirmedPasswords() = 0;

  // Confirmed passwords not yet handed out, oldest first.
  virtual std::vector<PasswordToHandOut> passwordsToHandOut() = 0;
  // The same, only those confirmed at or before `confirmedBy`: the ones waiting too long, read
  // without the rest (after a first sync of 400,000 people, none).
  virtual std::vector<PasswordToHandOut> passwordsWaitingSince(Millis confirmedBy) = 0;
  // Accounts whose confirmed password was handed out (their outbox lines may go).
  virtual std::vector<std::string> handedOutAccounts() = 0;
  // Journals the mail of `account`'s password to `to` as being sent, durably, just before its
  // data goes out.
  virtual void mailSending(const std::string& account, const std::string& to) = 0;
  // Records how the mail ended; Delivered also hands the password out.
  virtual void mailEnded(const std::string& account, const MailRecord& record) = 0;
  // Mails journaled as sending whose run died: now in doubt. Returns how many.
  virtual int mailsSendingToInDoubt() = 0;
  // Confirmed passwords no one can hand out because the outbox does not hold them (rows from
  // before schema 6, whose `delivered_at` also stood for passwords never set): left out of
  // passwordsToHandOut() from now on.
  virtual void passwordsNotInOutbox(const std::vector<std::string>& accounts) = 0;
  // `passwords --handed-out`: handed out by a person. Records it even for an account the state
  // has no row of (an outbox line older than the state database).
  virtual void passwordHandedOut(const std::string& account) = 0;

  // --- run reports (jobs/notify) ------------------------------------------------------------

  // Records how a report went on its channel: sent, or failed and why. Reports of runs purged
  // go with purgeRuns(), except the newest of each channel, which the next report is judged by.
  virtual void recordReportSend(const ReportSend& send) = 0;
  // The newest record of each channel, by channel name: what the next report is judged against
  // (the same situation is not sent again) and what `status` shows.
  virtual std::vector<ReportSend> lastReportSends() = 0;

  // --- an organisation platform's calls (DingTalk's monthly quota; [directory] max_calls_month)

  // Adds one walk's `calls` to `month` (UTC, "2026-11"); a whole walk's are kept as the newest
  // walk's (the estimate of the next), a walk that failed part-way only adds up.
  virtual void recordPlatformCalls(const std::string& month, int calls, bool wholeWalk) = 0;
  // The calls recorded in `month`, and the newest walk's (0 and 0 before any walk).
  virtual PlatformCallCount platformCalls(const std::string& month) = 0;

  // --- audit (the console, allow) -------------------------------------------------------------
  // Kept apart from the runs: purgeRuns() leaves it, purgeAudit() ages it out.

  // Records what a person did (entry.id is ignored; entry.at 0 means now).
  virtual void recordAudit(const AuditEntry& entry) = 0;
  // The entries about one run (its approvals), oldest first.
  virtual std::vector<AuditEntry> auditOfRun(RunId run) = 0;
  // The newest `limit` entries, newest first.
  virtual std::vector<AuditEntry> recentAudit(int limit) = 0;
  // Deletes entries older than `keepDays` days; returns how many went. keepDays < 1:
  // std::invalid_argument.
  virtual int purgeAudit(int keepDays) = 0;
};

}  // namespace membersync::state
