#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace membersync::state {

// Wall-clock time in milliseconds since the epoch, as stored.
using Millis = std::int64_t;

// Plain records of what membersync remembers between runs. No Poco here: the planner reads a
// Snapshot, and only jobs/state's store knows SQLite.

// employee_id -> account -> globalId: how renames and re-hires are seen.
struct Link {
  std::string employeeId;
  std::string account;   // lower case, without the enterprise suffix
  std::string globalId;  // the member's
  bool createdByUs = false;  // membersync added it (false: adopted an existing member)
  Millis linkedAt = 0;
};

// A person missing from the export, or exported as departed, since some export.
struct Absence {
  std::string employeeId;
  int distinctExports = 0;     // distinct exports (by content hash) the person was absent from
  std::string lastExportHash;  // the export last counted, so one export never counts twice
  Millis since = 0;
  std::optional<Millis> withdrawnAt;  // withdraw-then-delete: when the withdrawal was done
};

// How the last attempt at a planned item ended, by the item's key ("add:E1001", ...).
enum class ItemStatus {
  Succeeded,
  RetryLater,  // transient: re-sent on a later run, after nextAttemptAt
  Refused,     // the service refused it: not re-sent until inputHash changes
  Unknown,     // sent, no answer: settled by reading before anything is re-sent
};

struct ItemRecord {
  std::string key;
  ItemStatus status = ItemStatus::Succeeded;
  int attempts = 0;          // consecutive failed attempts
  Millis nextAttemptAt = 0;  // RetryLater: not before this
  std::string inputHash;     // hash of what the item was computed from (HR row, policy)
  std::string code;          // the service's code, if any
  std::string message;       // why, for people (never a secret)
  Millis updatedAt = 0;
};

struct ExportRecord {
  std::string hash;
  std::int64_t rows = 0;
  Millis at = 0;
};

// An asset number membersync assigned (A9) to a member: only these are ever withdrawn, unless
// the asset's pool is declared exclusive.
struct OwnedAsset {
  std::string assetNum;
  std::string globalId;  // the member it was assigned to
  std::string rule;      // the policy rule that granted it
  Millis assignedAt = 0;
};

// A lending (A10) membersync made: the member's managed assets moved into a lock.
struct Lending {
  std::string globalId;
  std::string lockNumber;
  std::string rule;
  Millis lentAt = 0;
};

// How an enrolment (B1) of one person by one activity rule ended.
enum class EnrolmentStatus {
  Enrolled,      // 0000: products granted (productsJson)
  NotQualified,  // 3002: the units' reasons recorded; not retried until the rule changes
  Refused,       // 1001, 1004, 2001: recorded with the message; not retried until the input changes
  RetryLater,    // 1002 or transient: retried on later runs
  Unknown,       // sent, no answer: B1 has no read call, so never re-sent on its own
};

struct Enrolment {
  std::string employeeId;
  std::string rule;
  std::string activityLabel;
  EnrolmentStatus status = EnrolmentStatus::Enrolled;
  std::string inputHash;     // of the rule and the identity: a change allows a new attempt
  std::string productsJson;  // Enrolled: the granted products as JSON (uri, validity, activation)
  std::string message;       // reasons (3002 units' errorCode/errorMessage) or the refusal
  Millis at = 0;
};

// A7's product tree of one asset, reduced to what rules match on, cached between runs.
struct ProductCacheEntry {
  std::string assetId;
  std::vector<std::string> productUris;
  Millis fetchedAt = 0;
};

// A field a revert set back: while HR (or the policy) still gives `value`, the value the reverted
// run had set, the next syncs hold the edit instead of making the change again.
struct RevertedField {
  std::string employeeId;
  std::string field;  // "name", "departmentId", "remark", "passwordMobile"
  std::string value;  // the reverted run's value after
  std::int64_t revertedRun = 0;  // the run taken back
  Millis at = 0;
};

// Everything the planner needs from the state database, read in one go.
struct Snapshot {
  std::map<std::string, Link> linksByEmployee;  // by employee_id
  std::map<std::string, Absence> absences;      // by employee_id
  std::map<std::string, ItemRecord> items;      // by item key
  std::optional<ExportRecord> lastGoodExport;   // the last export a run completed with
  std::set<std::string> releasedItems;          // destructive item keys released by allow-deletes
  std::map<std::string, OwnedAsset> ownedAssets;          // by asset number
  std::map<std::string, Lending> lendings;                // by member globalId
  std::map<std::string, Enrolment> enrolments;            // by "<employee_id>|<rule>"
  std::map<std::string, ProductCacheEntry> productCache;  // by assetId
  std::map<std::string, RevertedField> revertedFields;    // by "<employee_id>|<field>"
};

// The key of Snapshot::revertedFields.
inline std::string revertedFieldKey(const std::string& employeeId, const std::string& field) {
  return employeeId + "|" + field;
}

}  // namespace membersync::state
