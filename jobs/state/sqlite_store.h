#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "jobs/core/clock.h"
#include "jobs/state/store.h"

namespace membersync::state {

namespace detail {
class Connection;
}

struct SqliteOptions {
  // How long a call waits for another process holding the database before StateError (Busy).
  std::chrono::milliseconds busyTimeout{5000};
};

// The StateStore in one SQLite file (Poco Data): WAL, synchronous=NORMAL, foreign keys, the
// schema versioned by PRAGMA user_version and upgraded on open. See store.h for the contract of
// every method; all of them are thread-safe (one connection behind one mutex).
// Durability: a commit survives a killed process. With synchronous=NORMAL a power loss or OS
// crash may undo the last commits (never corrupt the file); a step lost that way was just
// sent, and the applier settles an add by reading the member list before re-sending anything.
class SqliteStore final : public StateStore {
 public:
  // Opens `path`, creating it with mode 0600 when missing (":memory:" for a private in-memory
  // database), and upgrades its schema. `clock` must outlive the store.
  // Throws StateError: the folder is missing or not writable, the file is corrupt or another
  // program's, it was written by a newer membersync, an upgrade failed, or it stayed locked
  // past options.busyTimeout.
  static std::unique_ptr<SqliteStore> open(const std::string& path, Clock& clock,
                                           const SqliteOptions& options = {});
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  // The schema version this build writes.
  static int schemaVersion();
  const std::string& path() const;

  // Runs `body` as one read transaction (BEGIN, deferred): every read in it sees one snapshot,
  // and no writer waits for it (WAL). A console page reads this way. `body` must not write.
  void readTransaction(const std::function<void()>& body);

  Snapshot load() override;
  std::int64_t linkCount() override;
  void transaction(const std::function<void()>& body) override;

  RunId beginRun(const RunStart& start) override;
  void finishRun(RunId run, const std::string& outcome, const RunCounts& counts,
                 const std::string& message) override;
  std::optional<RunSummary> findRun(RunId run) override;
  std::vector<RunSummary> recentRuns(int limit) override;
  std::vector<RunSummary> recentRuns(int limit, bool previews) override;
  std::vector<RunSummary> runsBefore(RunId before, int limit) override;
  int purgeRuns(int keepDays) override;

  std::optional<std::string> enterprise() override;
  std::string claimEnterprise(const std::string& enterprise) override;
  void saveLink(const Link& link) override;
  void saveLinks(const std::vector<Link>& links) override;
  void dropLink(const std::string& employeeId) override;

  void saveAbsence(const Absence& absence) override;
  void clearAbsence(const std::string& employeeId) override;
  void recordGoodExport(const ExportRecord& record) override;

  void saveItem(const ItemRecord& record) override;
  void clearItem(const std::string& key) override;
  void clearItems(const std::vector<std::string>& keys) override;
  std::vector<ItemRecord> openItems() override;

  StepId journalPlanned(RunId run, const StepInfo& info) override;
  void journalSent(StepId step) override;
  std::vector<StepId> journalSent(RunId run, const std::vector<StepInfo>& steps) override;
  void journalSucceeded(StepId step, const std::optional<std::string>& globalId) override;
  void journalSucceeded(const std::vector<StepSuccess>& steps) override;
  void journalFailed(StepId step, const std::string& code, const std::string& message,
                     ItemStatus status) override;
  void journalUnknown(StepId step, const std::string& detail) override;
  std::vector<Step> unsettledSteps() override;
  void journalSettled(StepId step, Settlement outcome, const std::optional<std::string>& globalId,
                      const std::string& finding) override;
  std::vector<Step> unresolvedSteps(RunId fromRun) override;
  std::vector<Step> stepsOfRun(RunId run) override;
  std::vector<Step> stepsOfRunPage(RunId run, std::int64_t offset, std::int64_t limit) override;
  std::int64_t stepCountOfRun(RunId run) override;
  std::vector<Step> stepsOfAccount(const std::string& account, int limit) override;

  void recordHeld(RunId run, const std::string& key, const std::string& reason) override;
  std::vector<HeldItem> heldItemsOfRun(RunId run) override;
  int releaseRun(RunId run) override;
  std::vector<std::string> releaseEnrolmentsInDoubt(RunId run) override;
  void consumeRelease(const std::string& key) override;

  void saveOwnedAsset(const OwnedAsset& asset) override;
  void dropOwnedAsset(const std::string& assetNum) override;
  void saveLending(const Lending& lending) override;
  void dropLending(const std::string& globalId) override;
  void saveRevertedField(const RevertedField& field) override;
  void dropRevertedField(const std::string& employeeId, const std::string& field) override;
  void saveEnrolment(const Enrolment& enrolment) override;
  std::map<std::string, Enrolment> enrolmentsNotEnrolled() override;
  void saveProductCache(const ProductCacheEntry& entry) override;
  void saveProductCaches(const std::vector<ProductCacheEntry>& entries) override;

  void recordProblems(RunId run, const std::vector<RunProblem>& problems) override;
  std::vector<RunProblem> problemsOfRun(RunId run) override;

  void recordPoolCounts(RunId run, const std::vector<PoolCount>& counts) override;
  std::vector<PoolRecord> poolHistory(const std::string& rule, Millis since) override;

  using StateStore::recordItemPeople;
  void recordItemPeople(RunId run, const RecordSource<ItemPerson>& people) override;
  std::vector<ItemPerson> itemPeople(const std::vector<std::string>& keys,
                                     const std::vector<std::string>& accounts,
                                     const std::vector<std::string>& employeeIds) override;
  using StateStore::recordPeople;
  PeopleWrites recordPeople(RunId run, const RecordSource<PersonRecord>& people,
                            const std::set<std::string>& skipped) override;
  RunId peopleReadIn() override;
  std::optional<PersonRecord> findPerson(const std::string& account) override;
  PeopleFound searchPeople(const std::string& query, int limit) override;
  PersonHoldings holdingsOf(const std::string& employeeId, const std::string& account) override;
  std::int64_t peopleCount() override;

  void passwordGenerated(const std::string& account, RunId run) override;
  void passwordsGenerated(const std::vector<std::string>& accounts, RunId run) override;
  void passwordConfirmed(const std::string& account) override;
  void passwordsConfirmed(const std::vector<std::string>& accounts) override;
  void passwordVoided(const std::string& account) override;
  void passwordsOwedToNoOne(const std::vector<std::string>& accounts) override;
  std::vector<PendingPassword> unconfirmedPasswords() override;
  std::vector<PasswordToHandOut> passwordsToHandOut() override;
  std::vector<PasswordToHandOut> passwordsWaitingSince(Millis confirmedBy) override;
  std::vector<std::string> handedOutAccounts() override;
  void mailSending(const std::string& account, const std::string& to) override;
  void mailEnded(const std::string& account, const MailRecord& record) override;
  int mailsSendingToInDoubt() override;
  void passwordHandedOut(const std::string& account) override;
  void passwordsNotInOutbox(const std::vector<std::string>& accounts) override;

  void recordReportSend(const ReportSend& send) override;
  std::vector<ReportSend> lastReportSends() override;
  void recordPlatformCalls(const std::string& month, int calls, bool wholeWalk) override;
  PlatformCallCount platformCalls(const std::string& month) override;

  void recordAudit(const AuditEntry& entry) override;
  std::vector<AuditEntry> auditOfRun(RunId run) override;
  std::vector<AuditEntry> recentAudit(int limit) override;
  int purgeAudit(int keepDays) override;

 private:
  SqliteStore(std::unique_ptr<detail::Connection> db, Clock& clock);
  Millis wallMillis() const;  // the clock's wall time (not `now`: Poco's keyword)

  std::unique_ptr<detail::Connection> db_;
  Clock& clock_;
};

}  // namespace membersync::state
