#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jobs/i18n/message.h"
#include "jobs/state/pool_counts.h"
#include "jobs/state/records.h"

namespace membersync::plan {

// What a sync would do, computed by makePlan() from plain inputs with no I/O at all. The plan is
// what `plan` prints, what `--out` saves, what apply carries out, and what `explain` reads.

enum class ItemKind {
  Add,       // A1: a new member for an HR row (write)
  Edit,      // A2: fields that differ, before and after (write)
  Adopt,     // an existing member whose account matches an HR row is linked, not re-added
  Withdraw,  // departure, step 1: strip membersync's assets, keep the account (destructive)
  Delete,    // A4: a departure (after the grace runs, and delete_after_days for
             // withdraw-then-delete) or an orphan with orphans = delete (destructive)
  Orphan,    // reported: a member no HR row matches and membersync never created
  Held,      // would be done, but is held back; `reason` says why and what releases it
  Rename,    // an employee_id whose account changed: reported with what to do
  Problem,   // reported: an invalid HR row, an unmapped department, a pool run dry, ...
  Assign,    // A9: assets to assign (assetsToAdd) and to withdraw (assetsToWithdraw) for one
             // member; destructive when it withdraws
  Lend,      // A10: the member's managed assets (assetIds) lent to a lock (lockNumber)
  Enrol,     // B1: enrol the person in an activity (activityLabel, source, branch, identity)
};
const char* toString(ItemKind kind);
// The kind toString() spells so (as a saved plan stores it); nullopt for anything else.
std::optional<ItemKind> itemKindFromString(const std::string& text);

struct FieldChange {
  std::string field;   // "name", "departmentId", "remark", "passwordMobile"
  std::string before;  // as the center has it ("" when absent)
  std::string after;   // as it will be sent ("" clears remark / passwordMobile)
};

// A field as people know it, named as the HR export and the README name it ("mobile" for the
// center's passwordMobile); the JSON plan and the journal keep the center's names.
std::string fieldLabel(const std::string& field);

// Assign, Lend and Enrol items of a person added in the same plan (no member yet) have an empty
// globalId and are keyed by employee id: "assign:<employee_id>", "lend:<employee_id>:<lock>"
// ("assign:<globalId>", "lend:<globalId>:<lock>" otherwise; "enrol:<employee_id>:<rule>" always).
// The applier fills their globalId from the result of the Add with the same employeeId, which
// the order puts first; when that add did not land, they are not sent (not a failure either:
// the next run plans them again). A Lend's assetIds may include assets its member's Assign of the
// same plan adds: the applier sends the Lend only after that Assign succeeded.
struct Item {
  ItemKind kind = ItemKind::Problem;
  // The key the journal and the item history use: "add:<employee_id>", "edit:<employee_id>",
  // "withdraw:<globalId>", "delete:<globalId>", "adopt:<employee_id>", ...
  std::string key;
  std::string employeeId;  // empty for orphans
  std::string account;     // without the suffix
  std::string globalId;    // empty for adds
  // Rename: the account the center has (`account` is the one HR now gives). Empty otherwise.
  std::string centerAccount;
  // Add: the member's fields as they will be sent. Edit: the fields after the edit.
  std::string name;
  std::string department;  // Add, Edit: the HR department value the departmentId is mapped from
  std::optional<std::string> departmentId;
  std::optional<std::string> remark;
  std::optional<std::string> mobile;
  std::vector<FieldChange> changes;           // Edit
  std::vector<std::string> assetsToWithdraw;  // Withdraw, Assign: membersync's asset numbers (A9)
  std::vector<std::string> assetsToAdd;       // Assign: asset numbers to assign (A9)
  // Assign: the rule that grants each of assetsToAdd, same order and size (what the applier
  // records as OwnedAsset::rule). `rule` names every rule of the item, for people.
  std::vector<std::string> assetRules;
  std::string rule;                       // Assign, Lend, Enrol: the policy rule
  std::string lockNumber;                 // Lend
  std::vector<std::string> assetIds;      // Lend: A6 asset ids to lend
  std::string activityLabel;              // Enrol
  std::string source;                     // Enrol
  std::string branch;                     // Enrol
  std::string identity;                   // Enrol
  ItemKind heldKind = ItemKind::Problem;  // Held: what would have been done
  bool destructive = false;               // Withdraw, Delete (and Held ones of those kinds)
  bool heldByGuard = false;               // Held: by a safety guard; allow-deletes releases it
  // Why, for people; for Held/Rename/Problem: what to do. Kept as a message, shown in the
  // reader's language (i18n::render); i18n::english() is the text the JSON plan carries.
  i18n::Message reason;
  std::string inputHash;  // hash of the HR row and policy the item came from
  int line = 0;           // HR line, when there is one
  // A revert's item (planRevert): the run it takes back. Applying an Edit with it remembers the
  // fields reverted, so the next sync does not make the same change again. 0 otherwise.
  long long revertsRun = 0;
  // A revert's Assign that takes a departure's withdrawal back: once it took effect, the
  // person's absence (count and delete date) is forgotten.
  bool endsDeparture = false;
};

// A revert's items have keys of their own, "revert:<run>:<what>" (planRevert), so its holds,
// releases and failure records never mix with a sync's: the prefix for run `run`, and the run a
// key reverts (0 when it is not a revert's key).
std::string revertKeyPrefix(long long run);
long long revertedRunOf(const std::string& key);

// Item::assetRules entry of an asset a revert assigns again that membersync did not own before:
// it is assigned, but not recorded as membersync's (never withdrawn by a later sync).
inline constexpr const char* kNotOwnedRule = "(not owned)";

// Guard verdict, for the summary and exit code 4.
struct Guard {
  bool tripped = false;
  i18n::Message reason;  // e.g. "13 destructive items exceed the limit of 10 (delete_floor)"
  std::size_t destructive = 0;
  std::size_t allowed = 0;
  // The export has fewer rows than min_export_ratio of the last good export's, whether or not
  // anything destructive was there to hold: such an export should not become the new baseline.
  bool shortExport = false;
};

// The edit guard's verdict: when more edits are planned than
// max(edit_floor, min(max_edits, max_edit_percent% of the managed members)), counting members
// adopted in this run as managed, every edit not released is held (exit 4).
struct EditGuard {
  bool tripped = false;
  i18n::Message reason;
  std::size_t edits = 0;  // planned edits not released by `allow`
  std::size_t allowed = 0;
};

// The command that releases what a guard held; a guard's reason names it with the placeholder
// run "RUN", which a run that records the holds replaces with its number (namingRun). In a
// message it is the argument kRunArgument ("membersync allow {run}"), whose value is
// kRunPlaceholder until the run is known.
inline constexpr const char* kAllowCommand = "membersync allow RUN";
inline constexpr const char* kRunArgument = "run";
inline constexpr const char* kRunPlaceholder = "RUN";
std::string namingRun(std::string reason, long long run);
// Every {run} argument still kRunPlaceholder, in `reason` and the messages it holds, set to `run`.
i18n::Message namingRun(i18n::Message reason, long long run);

// The key a guard's hold and its release are recorded under: the item's key and a digest of the
// content that was reviewed (an edit's values, the asset numbers an asset change or withdrawal
// moves, a lending's lock and assets, whose member a delete removes), so releasing a reviewed
// item does not release a later one of the same member with other content. Other kinds (an
// enrolment in doubt) are released by their key.
std::string releaseKey(const Item& item);
// The employee id or member globalId a release (or item) key is about: "edit:E1@3f2a" -> "E1",
// "revert:12:assign:g7@..." -> "g7", "lend:g7:LK-1@..." -> "g7".
std::string releaseSubject(const std::string& key);

// What the run should remember whether or not any call is made: absence counts, adoptions'
// links, cleared absences of people who came back. The applier writes these.
struct StateChanges {
  std::vector<state::Absence> absences;      // new or updated
  std::vector<std::string> clearedAbsences;  // employee ids present and active again
                                             // (or with no live linked member left)
  std::vector<state::Link> links;            // adoptions and relinks
  std::vector<std::string> droppedLinks;     // employee ids whose member no longer exists
  // Member globalIds of state.lendings to forget: A8 no longer shows the lock lent to that member
  // (returned by hand), or the member is gone.
  std::vector<std::string> endedLendings;
  // Asset numbers of state.ownedAssets to forget: A6 shows the asset no longer held by the member
  // membersync assigned it to (withdrawn or moved by hand, or gone from the enterprise).
  std::vector<std::string> droppedOwnedAssets;
  // Fields a revert set back that HR no longer gives the reverted value of: the hold lifts
  // (state::revertedFieldKey()s).
  std::vector<std::string> liftedReverts;
};

// A departure's Withdraw with nothing of membersync's to take (what the member holds was
// assigned outside membersync, and stays): it only records the departure, no call is made.
bool withdrawsNothing(const Item& item);
// An Assign that only takes assets away (a revert's withdrawal, or assets no rule grants any
// more): a withdrawal, listed and counted as one.
bool onlyWithdraws(const Item& item);

struct Counts {
  // Items of each kind: what a saved plan's "counts" hold (checked against its items).
  std::size_t add = 0, edit = 0, adopt = 0, withdraw = 0, del = 0, orphan = 0, held = 0, rename = 0,
              problem = 0, assign = 0, lend = 0, enrol = 0;
  // Items whose kind does not say what they do: Withdraws that withdraw nothing (also in
  // `withdraw`) and Assigns that only withdraw (also in `assign`). Not saved with the plan.
  std::size_t departuresOnly = 0, assignWithdrawals = 0;
  // What the summary and a run's counts say: withdrawals that take assets away, and asset
  // changes that give some.
  std::size_t withdrawals() const { return withdraw - departuresOnly + assignWithdrawals; }
  std::size_t assetChanges() const { return assign - assignWithdrawals; }
};

// Counts of each kind among `items`.
Counts countsOf(const std::vector<Item>& items);

struct Plan {
  std::vector<Item> items;  // in the order they are applied: adds, edits, withdrawals, deletes
  Counts counts;
  Guard guard;          // the delete guard (destructive items)
  EditGuard editGuard;  // the edit guard
  bool guarded() const { return guard.tripped || editGuard.tripped; }
  i18n::Message guardReasons() const;  // each tripped guard's reason, joined (empty: none)
  // A run that applies this plan records its holds under its number: the guards' reasons and
  // the held items' then name it (namingRun) instead of the placeholder.
  void nameRun(long long run);
  StateChanges stateChanges;
  // What the plan was computed from, for staleness: a saved plan is stale when any differs.
  std::string exportHash;
  std::int64_t exportRows = 0;
  std::string policyHash;
  std::string membersFingerprint;  // see membersFingerprint() in planner.h
  // See entitlementsFingerprint() in planner.h; empty when neither A6 nor A8 was read.
  std::string entitlementsFingerprint;
  state::Millis computedAt = 0;
  // A revert's plan (planRevert): the run it takes back; 0 for a sync's plan. Applying a saved
  // revert plan ends the run as a revert does (no baseline, releases and failures left alone).
  long long revertsRun = 0;
  // `sync --only`: the employee ids and member globalIds the narrowing kept (empty: the plan
  // covers everyone). Other accounts' releases are not this run's to spend. Not saved with the
  // plan (only `sync` narrows).
  std::vector<std::string> scopeSubjects;
  // True when the plan covers the person or member a release key is about (releaseSubject()):
  // always for a plan not narrowed by --only.
  bool inScope(const std::string& releaseKey) const;

  // Each asset rule's counts in policy order, as this plan read the assets (A6) before any
  // change: what an applying run records for the console's pool pages. Empty without A6 or
  // without asset rules, and for a revert's plan. Not saved with the plan.
  std::vector<state::PoolCount> poolCounts;

  // True when there is an add, edit, withdraw, delete, asset assignment, lending or enrolment
  // to make (exit 2 for `plan`); held items, orphans, renames and problems alone are not changes.
  bool hasChanges() const;
};

}  // namespace membersync::plan
