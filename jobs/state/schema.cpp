#include "jobs/state/schema.h"

#include <string>
#include <vector>

#include "jobs/state/connection.h"

namespace membersync::state::detail {

namespace {

using namespace Poco::Data::Keywords;

struct Migration {
  int version;          // user_version once applied
  const char* purpose;  // for the error message of a failed upgrade
  std::vector<const char*> statements;
};

// The ordered history of the schema. Released steps are never edited: a change is a new step
// at the end. Times are milliseconds since the epoch; enum values are stored by name (types.cpp).
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> steps = {
      {1,
       "runs, links, absences, item history, last good export, journal",
       {
           R"(CREATE TABLE runs (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                finished_at INTEGER,
                outcome TEXT NOT NULL DEFAULT '',
                message TEXT NOT NULL DEFAULT '',
                export_hash TEXT NOT NULL DEFAULT '',
                export_rows INTEGER NOT NULL DEFAULT 0,
                policy_hash TEXT NOT NULL DEFAULT '',
                added INTEGER NOT NULL DEFAULT 0,
                edited INTEGER NOT NULL DEFAULT 0,
                deleted INTEGER NOT NULL DEFAULT 0,
                withdrawn INTEGER NOT NULL DEFAULT 0,
                adopted INTEGER NOT NULL DEFAULT 0,
                held INTEGER NOT NULL DEFAULT 0,
                failed INTEGER NOT NULL DEFAULT 0,
                unknown INTEGER NOT NULL DEFAULT 0))",
           "CREATE INDEX runs_by_start ON runs (started_at)",
           R"(CREATE TABLE links (
                employee_id TEXT PRIMARY KEY,
                account TEXT NOT NULL,
                global_id TEXT NOT NULL,
                created_by_us INTEGER NOT NULL DEFAULT 0,
                linked_at INTEGER NOT NULL))",
           "CREATE INDEX links_by_global_id ON links (global_id)",
           R"(CREATE TABLE absences (
                employee_id TEXT PRIMARY KEY,
                distinct_exports INTEGER NOT NULL,
                last_export_hash TEXT NOT NULL,
                since INTEGER NOT NULL,
                withdrawn_at INTEGER))",
           R"(CREATE TABLE items (
                key TEXT PRIMARY KEY,
                status TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL DEFAULT 0,
                input_hash TEXT NOT NULL DEFAULT '',
                code TEXT NOT NULL DEFAULT '',
                message TEXT NOT NULL DEFAULT '',
                updated_at INTEGER NOT NULL))",
           R"(CREATE TABLE good_export (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                hash TEXT NOT NULL,
                rows INTEGER NOT NULL,
                at INTEGER NOT NULL))",
           R"(CREATE TABLE steps (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                item_key TEXT NOT NULL,
                kind TEXT NOT NULL,
                account TEXT NOT NULL DEFAULT '',
                employee_id TEXT NOT NULL DEFAULT '',
                global_id TEXT NOT NULL DEFAULT '',
                detail TEXT NOT NULL DEFAULT '',
                state TEXT NOT NULL,
                failure TEXT,
                attempts INTEGER NOT NULL DEFAULT 0,
                code TEXT NOT NULL DEFAULT '',
                message TEXT NOT NULL DEFAULT '',
                planned_at INTEGER NOT NULL,
                sent_at INTEGER,
                finished_at INTEGER,
                settlement TEXT,
                settled_at INTEGER))",
           "CREATE INDEX steps_by_run ON steps (run_id)",
           // unsettledSteps() at the start of every run reads only these.
           R"(CREATE INDEX steps_in_doubt ON steps (id)
                WHERE settlement IS NULL AND state IN ('sent', 'unknown'))",
       }},
      {2,
       "guard holds and releases, password delivery",
       {
           R"(CREATE TABLE held_items (
                run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                item_key TEXT NOT NULL,
                reason TEXT NOT NULL DEFAULT '',
                held_at INTEGER NOT NULL,
                released_at INTEGER,
                consumed_at INTEGER,
                PRIMARY KEY (run_id, item_key)))",
           "CREATE INDEX held_items_by_key ON held_items (item_key)",
           // No foreign key to runs: purging an old run must not forget a password still owed.
           R"(CREATE TABLE passwords (
                account TEXT PRIMARY KEY,
                run_id INTEGER NOT NULL,
                generated_at INTEGER NOT NULL,
                delivered_at INTEGER))",
       }},
      {3,
       "owned assets, lendings, enrolments, product cache, run problems",
       {
           "ALTER TABLE runs ADD COLUMN assigned INTEGER NOT NULL DEFAULT 0",
           "ALTER TABLE runs ADD COLUMN lent INTEGER NOT NULL DEFAULT 0",
           "ALTER TABLE runs ADD COLUMN enrolled INTEGER NOT NULL DEFAULT 0",
           // Asset numbers membersync assigned (A9): the only ones it ever withdraws, unless a
           // pool is exclusive. One member per asset number.
           R"(CREATE TABLE owned_assets (
                asset_num TEXT PRIMARY KEY,
                global_id TEXT NOT NULL,
                rule TEXT NOT NULL DEFAULT '',
                assigned_at INTEGER NOT NULL))",
           "CREATE INDEX owned_assets_by_member ON owned_assets (global_id)",
           // Lendings membersync made (A10), one per member.
           R"(CREATE TABLE lendings (
                global_id TEXT PRIMARY KEY,
                lock_number TEXT NOT NULL,
                rule TEXT NOT NULL DEFAULT '',
                lent_at INTEGER NOT NULL))",
           // How each person's enrolment (B1) by each activity rule last ended.
           R"(CREATE TABLE enrolments (
                employee_id TEXT NOT NULL,
                rule TEXT NOT NULL,
                activity_label TEXT NOT NULL DEFAULT '',
                status TEXT NOT NULL,
                input_hash TEXT NOT NULL DEFAULT '',
                products_json TEXT NOT NULL DEFAULT '',
                message TEXT NOT NULL DEFAULT '',
                at INTEGER NOT NULL,
                PRIMARY KEY (employee_id, rule)))",
           // A7 product trees reduced to their productUris, in tree order.
           R"(CREATE TABLE product_cache (
                asset_id TEXT PRIMARY KEY,
                fetched_at INTEGER NOT NULL))",
           R"(CREATE TABLE product_cache_uris (
                asset_id TEXT NOT NULL REFERENCES product_cache (asset_id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                product_uri TEXT NOT NULL,
                PRIMARY KEY (asset_id, position)))",
           // What a run reported for people to act on (pool shortages, ...), for `status`.
           R"(CREATE TABLE run_problems (
                run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                item_key TEXT NOT NULL,
                message TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (run_id, item_key)))",
       }},
      {4,
       "steps by account, for what membersync did to a person",
       {
           "CREATE INDEX steps_by_account ON steps (account, id)",
       }},
      {5,
       "fields a revert set back",
       {
           // While HR gives `value` (the reverted run's), the edit is held, not made again.
           R"(CREATE TABLE reverted_fields (
                employee_id TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                reverted_run INTEGER NOT NULL,
                at INTEGER NOT NULL,
                PRIMARY KEY (employee_id, field)))",
       }},
      {6,
       "handing passwords out: confirmation, mail, hand-out",
       {
           // `delivered_at` always meant "the center confirmed the password set".
           "ALTER TABLE passwords RENAME COLUMN delivered_at TO confirmed_at",
           "ALTER TABLE passwords ADD COLUMN handed_out_at INTEGER",
           "ALTER TABLE passwords ADD COLUMN handed_out_by TEXT NOT NULL DEFAULT ''",
           "ALTER TABLE passwords ADD COLUMN mail_state TEXT NOT NULL DEFAULT ''",
           "ALTER TABLE passwords ADD COLUMN mail_attempts INTEGER NOT NULL DEFAULT 0",
           "ALTER TABLE passwords ADD COLUMN mail_next_at INTEGER",
           "ALTER TABLE passwords ADD COLUMN mail_to TEXT NOT NULL DEFAULT ''",
           "ALTER TABLE passwords ADD COLUMN mail_reply TEXT NOT NULL DEFAULT ''",
           "ALTER TABLE passwords ADD COLUMN mail_at INTEGER",
           // While a new password is unconfirmed, when the one before it was confirmed: a reset
           // refused for good puts that one back in force, with its mail's state.
           "ALTER TABLE passwords ADD COLUMN previous_confirmed_at INTEGER",
           // Confirmed before membersync mailed passwords: they were being handed out by hand,
           // so they are never mailed on their own (`passwords --resend` still can).
           "UPDATE passwords SET mail_state = 'manual' WHERE confirmed_at IS NOT NULL",
       }},
      {7,
       "the enterprise the database belongs to",
       {
           // One row: set by the first run of a configuration, compared by every later one, so
           // that a copied configuration cannot point two enterprises at one state.
           R"(CREATE TABLE owner (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                enterprise TEXT NOT NULL,
                claimed_at INTEGER NOT NULL))",
       }},
      {8,
       "a password generated over one still owed",
       {
           // 1 while the newest password was generated over an earlier one never confirmed (a
           // reset over an add or reset in doubt): the center may hold that earlier one, so a
           // refusal of the newest leaves the account owed instead of forgetting it.
           "ALTER TABLE passwords ADD COLUMN owed_beneath INTEGER NOT NULL DEFAULT 0",
       }},
      {9,
       "who each item is about, for what needs a person",
       {
           // The person a plan item concerns, as the newest run that planned it saw them: what
           // `status`, reports and the console name people by, without reading the HR source.
           R"(CREATE TABLE item_people (
                item_key TEXT PRIMARY KEY,
                account TEXT NOT NULL DEFAULT '',
                hr_account TEXT NOT NULL DEFAULT '',
                name TEXT NOT NULL DEFAULT '',
                employee_id TEXT NOT NULL DEFAULT '',
                source TEXT NOT NULL DEFAULT '',
                run_id INTEGER NOT NULL,
                seen_at INTEGER NOT NULL))",
           "CREATE INDEX item_people_by_account ON item_people (account)",
           "CREATE INDEX item_people_by_employee ON item_people (employee_id)",
       }},
      {10,
       "run reports sent by mail and to group robots",
       {
           // No foreign key to runs: a run that failed before it was recorded is reported too
           // (run_id 0), and the newest report of a channel outlives its run's purge, since the
           // next report is judged by it.
           R"(CREATE TABLE report_sends (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                run_id INTEGER NOT NULL,
                channel TEXT NOT NULL,
                at INTEGER NOT NULL,
                state TEXT NOT NULL,
                reason TEXT NOT NULL DEFAULT '',
                situation TEXT NOT NULL DEFAULT '',
                why TEXT NOT NULL DEFAULT ''))",
           "CREATE INDEX report_sends_by_channel ON report_sends (channel, id)",
       }},
      {11,
       "the account a run was narrowed to",
       {
           // `sync --only ACCOUNT`: its plan covers that account alone, so what needs a person
           // is not judged by its problems and holds.
           "ALTER TABLE runs ADD COLUMN scope TEXT NOT NULL DEFAULT ''",
       }},
      {12,
       "the audit of the console and of releases",
       {
           // Who signed in, failed to, approved or changed a console user, from where and when.
           // No foreign key to runs: an approval outlives its run's purge, and the audit is kept
           // for [console] audit_days, not with the runs.
           R"(CREATE TABLE audit (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                at INTEGER NOT NULL,
                actor TEXT NOT NULL,
                address TEXT NOT NULL DEFAULT '',
                action TEXT NOT NULL,
                run INTEGER NOT NULL DEFAULT 0,
                detail TEXT NOT NULL DEFAULT ''))",
           "CREATE INDEX audit_by_run ON audit (run)",
           "CREATE INDEX audit_by_at ON audit (at)",
       }},
      {13,
       "each asset rule's counts, as each applying run read them",
       {
           // For the console's pool pages: a chart of the last 90 days and a forecast. Purged
           // with their runs (a dozen rules a run: small next to the journal).
           R"(CREATE TABLE pool_counts (
                run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                rule TEXT NOT NULL,
                at INTEGER NOT NULL,
                product INTEGER NOT NULL DEFAULT 0,
                capacity INTEGER NOT NULL,
                assigned INTEGER NOT NULL,
                free INTEGER NOT NULL,
                owned INTEGER NOT NULL,
                wanted INTEGER NOT NULL,
                PRIMARY KEY (run_id, rule)))",
           "CREATE INDEX pool_counts_by_rule ON pool_counts (rule, at)",
       }},
      {14,
       "people as HR last listed them, for the console",
       {
           // One row per employee id of the export, written only when its fingerprint (over
           // every column below but the runs) changes: an unchanged export writes nothing.
           // `rules` holds the matched rules' names, one per line. `left_in`: the run whose
           // export no longer listed them; the row goes once their link does.
           R"(CREATE TABLE people (
                employee_id TEXT PRIMARY KEY,
                account TEXT NOT NULL,
                hr_account TEXT NOT NULL,
                name TEXT NOT NULL,
                department TEXT NOT NULL DEFAULT '',
                mobile TEXT NOT NULL DEFAULT '',
                has_mobile INTEGER NOT NULL DEFAULT 0,
                email TEXT NOT NULL DEFAULT '',
                hr_status TEXT NOT NULL DEFAULT '',
                active INTEGER NOT NULL DEFAULT 1,
                rules TEXT NOT NULL DEFAULT '',
                fingerprint INTEGER NOT NULL,
                changed_in INTEGER NOT NULL,
                left_in INTEGER))",
           "CREATE INDEX people_by_account ON people (account)",
           // One row: the newest run that recorded the people ("as read in run N").
           R"(CREATE TABLE people_read (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                run_id INTEGER NOT NULL))",
       }},
      {15,
       "an organisation platform's calls by month, for [directory] max_calls_month",
       {
           // One row a month (UTC, "2026-11"): the calls DingTalk walks made, and the newest
           // walk's own, which estimates what the next walk costs. A row a month: never purged.
           R"(CREATE TABLE platform_calls (
                month TEXT PRIMARY KEY,
                calls INTEGER NOT NULL,
                last_walk INTEGER NOT NULL,
                at INTEGER NOT NULL))",
       }},
  };
  return steps;
}

int userVersion(Poco::Data::Session& s) {
  int version = 0;
  s << "PRAGMA user_version", into(version), now;
  return version;
}

StateError newerSchema(const Connection& db, int found) {
  return StateError(StateError::Cause::NewerSchema,
                    "the state database " + db.path() + " has schema version " +
                        std::to_string(found) +
                        ", written by a newer membersync; this one knows "
                        "versions up to " +
                        std::to_string(latestSchemaVersion()) +
                        ". Upgrade membersync, or point [state] database at another file");
}

// A database at version 0 must be empty: anything else is some other program's file, and
// creating our tables in it would mix the two.
void refuseForeign(Connection& db, Poco::Data::Session& s) {
  int tables = 0;
  s << "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      into(tables), now;
  if (tables > 0) {
    throw StateError(StateError::Cause::Foreign,
                     "the file " + db.path() + " is an SQLite database of something else (it has " +
                         std::to_string(tables) +
                         " tables but no membersync schema version); "
                         "point [state] database at another file");
  }
}

// Every step past the database's version, in one transaction: an upgrade lands whole or not at
// all (and a new database is made with one commit, not one a step).
void applyPending(Connection& db) {
  int from = 0;
  const Migration* failing = nullptr;
  try {
    db.transaction([&] {
      db.guarded("upgrading the schema", [&](Poco::Data::Session& s) {
        // Re-read under the write lock: another process may have upgraded it meanwhile.
        from = userVersion(s);
        if (from == 0) refuseForeign(db, s);
        for (const Migration& step : migrations()) {
          if (step.version <= from) continue;
          failing = &step;
          for (const char* sql : step.statements) s << sql, now;
          s << "PRAGMA user_version = " + std::to_string(step.version), now;
        }
        failing = nullptr;  // every step went through: what fails now is the commit
      });
    });
  } catch (const StateError& e) {
    if (e.cause() != StateError::Cause::Other) throw;
    const std::string what =
        failing ? "to schema version " + std::to_string(failing->version) + " (" +
                      failing->purpose + ") failed"
                : "to schema version " + std::to_string(latestSchemaVersion()) +
                      " failed as it was committed";
    throw StateError(StateError::Cause::Migration,
                     "upgrading the state database " + db.path() + " " + what +
                         "; it was left at version " + std::to_string(from) +
                         ". Restore a backup or report this: " + e.what());
  }
}

}  // namespace

int latestSchemaVersion() {
  return migrations().back().version;
}

void migrate(Connection& db) {
  int found = db.guarded("reading the schema version",
                         [](Poco::Data::Session& s) { return userVersion(s); });
  if (found > latestSchemaVersion()) throw newerSchema(db, found);
  if (found < latestSchemaVersion()) applyPending(db);
  found = db.guarded("reading the schema version",
                     [](Poco::Data::Session& s) { return userVersion(s); });
  if (found > latestSchemaVersion()) throw newerSchema(db, found);  // upgraded meanwhile
}

}  // namespace membersync::state::detail
