// Upgrading a database an older membersync wrote. The v1 schema below is frozen as that
// release created it: it must not follow later changes of jobs/state/schema.cpp.

#include <Poco/Data/SQLite/SessionImpl.h>
#include <Poco/Data/Session.h>

#include <catch2/catch.hpp>

#include "jobs/state/state_error.h"
#include "tests/unit/state/rig.h"

using namespace membersync::state;
using namespace Poco::Data::Keywords;

namespace {

const char* const kSchemaV1[] = {
    R"(CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
        started_at INTEGER NOT NULL, finished_at INTEGER, outcome TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '', export_hash TEXT NOT NULL DEFAULT '',
        export_rows INTEGER NOT NULL DEFAULT 0, policy_hash TEXT NOT NULL DEFAULT '',
        added INTEGER NOT NULL DEFAULT 0, edited INTEGER NOT NULL DEFAULT 0,
        deleted INTEGER NOT NULL DEFAULT 0, withdrawn INTEGER NOT NULL DEFAULT 0,
        adopted INTEGER NOT NULL DEFAULT 0, held INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0, unknown INTEGER NOT NULL DEFAULT 0))",
    "CREATE INDEX runs_by_start ON runs (started_at)",
    R"(CREATE TABLE links (employee_id TEXT PRIMARY KEY, account TEXT NOT NULL,
        global_id TEXT NOT NULL, created_by_us INTEGER NOT NULL DEFAULT 0,
        linked_at INTEGER NOT NULL))",
    "CREATE INDEX links_by_global_id ON links (global_id)",
    R"(CREATE TABLE absences (employee_id TEXT PRIMARY KEY, distinct_exports INTEGER NOT NULL,
        last_export_hash TEXT NOT NULL, since INTEGER NOT NULL, withdrawn_at INTEGER))",
    R"(CREATE TABLE items (key TEXT PRIMARY KEY, status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL DEFAULT 0,
        input_hash TEXT NOT NULL DEFAULT '', code TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '', updated_at INTEGER NOT NULL))",
    R"(CREATE TABLE good_export (id INTEGER PRIMARY KEY CHECK (id = 1), hash TEXT NOT NULL,
        rows INTEGER NOT NULL, at INTEGER NOT NULL))",
    R"(CREATE TABLE steps (id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        item_key TEXT NOT NULL, kind TEXT NOT NULL, account TEXT NOT NULL DEFAULT '',
        employee_id TEXT NOT NULL DEFAULT '', global_id TEXT NOT NULL DEFAULT '',
        detail TEXT NOT NULL DEFAULT '', state TEXT NOT NULL, failure TEXT,
        attempts INTEGER NOT NULL DEFAULT 0, code TEXT NOT NULL DEFAULT '',
        message TEXT NOT NULL DEFAULT '', planned_at INTEGER NOT NULL, sent_at INTEGER,
        finished_at INTEGER, settlement TEXT, settled_at INTEGER))",
    "CREATE INDEX steps_by_run ON steps (run_id)",
    R"(CREATE INDEX steps_in_doubt ON steps (id)
        WHERE settlement IS NULL AND state IN ('sent', 'unknown'))",
    "PRAGMA user_version = 1",
};

// A v1 database as the first release left it after a run cut off in the middle of an add.
void writeVersion1(const std::string& path) {
  Poco::Data::Session s(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
  s << "PRAGMA journal_mode = WAL", now;
  for (const char* sql : kSchemaV1) s << sql, now;
  s << "INSERT INTO runs (kind, started_at, export_hash, export_rows) VALUES"
       " ('sync', 1000, 'h1', 3)",
      now;
  s << "INSERT INTO links VALUES ('E1', 'alice', 'G1', 1, 1000)", now;
  s << "INSERT INTO absences VALUES ('E2', 1, 'h1', 1000, NULL)", now;
  s << "INSERT INTO items VALUES ('edit:E3', 'retry-later', 2, 5000, 'ih', '500', 'busy', 1000)",
      now;
  s << "INSERT INTO good_export VALUES (1, 'h0', 3, 900)", now;
  s << "INSERT INTO steps (run_id, item_key, kind, account, employee_id, state, attempts,"
       " planned_at, sent_at) VALUES (1, 'add:E4', 'add', 'dave', 'E4', 'sent', 1, 1000, 1001)",
      now;
}

// Version 2 as that release created it, on top of version 1 (frozen like kSchemaV1).
const char* const kSchemaV2[] = {
    R"(CREATE TABLE held_items (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        item_key TEXT NOT NULL, reason TEXT NOT NULL DEFAULT '', held_at INTEGER NOT NULL,
        released_at INTEGER, consumed_at INTEGER, PRIMARY KEY (run_id, item_key)))",
    "CREATE INDEX held_items_by_key ON held_items (item_key)",
    R"(CREATE TABLE passwords (account TEXT PRIMARY KEY, run_id INTEGER NOT NULL,
        generated_at INTEGER NOT NULL, delivered_at INTEGER))",
    "PRAGMA user_version = 2",
};

// A v2 database after a member sync that held a delete and owes a password.
void writeVersion2(const std::string& path) {
  writeVersion1(path);
  Poco::Data::Session s(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
  for (const char* sql : kSchemaV2) s << sql, now;
  s << "INSERT INTO held_items (run_id, item_key, reason, held_at, released_at) VALUES"
       " (1, 'delete:G7', 'guard', 1000, 1100)",
      now;
  s << "INSERT INTO passwords (account, run_id, generated_at) VALUES ('dave', 1, 1000)", now;
  s << "INSERT INTO passwords VALUES ('erin', 1, 1000, 1200)", now;  // confirmed ("delivered")
}

}  // namespace

TEST_CASE("state: a version 2 database is upgraded to hold assets, lendings and enrolments",
          "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "state.db").string();
  writeVersion2(path);

  auto store = SqliteStore::open(path, clock);

  // Everything version 2 held is still there.
  Snapshot snap = store->load();
  CHECK(snap.linksByEmployee.at("E1").globalId == "G1");
  CHECK(snap.releasedItems.count("delete:G7") == 1);
  REQUIRE(store->unconfirmedPasswords().size() == 1);
  CHECK(store->unconfirmedPasswords()[0].account == "dave");
  CHECK(store->unsettledSteps().size() == 1);
  // The new tables start empty.
  CHECK(snap.ownedAssets.empty());
  CHECK(snap.lendings.empty());
  CHECK(snap.enrolments.empty());
  CHECK(snap.productCache.empty());

  // And what version 3 added works on the upgraded file.
  store->saveOwnedAsset({"AN-0003", "G1", "cad-seat", 0});
  store->saveLending({"G1", "LK-0001", "offline", 0});
  store->saveEnrolment({"E1", "welcome", "welcome-2026", EnrolmentStatus::Enrolled, "", "[]", "", 0});
  store->saveProductCache({"AID-0003", {"uri:cad-pro"}, 0});
  store->recordProblems(1, {{1, "problem:pool:cad-seat:E9", "pool empty"}});
  store.reset();
  store = SqliteStore::open(path, clock);
  snap = store->load();
  CHECK(snap.ownedAssets.at("AN-0003").rule == "cad-seat");
  CHECK(snap.lendings.at("G1").lockNumber == "LK-0001");
  CHECK(snap.enrolments.at("E1|welcome").status == EnrolmentStatus::Enrolled);
  CHECK(snap.productCache.at("AID-0003").productUris == std::vector<std::string>{"uri:cad-pro"});
  CHECK(store->problemsOfRun(1).size() == 1);
  // And what version 10 added.
  store->recordReportSend({0, 1, "wecom", 0, ReportSendState::Sent, "new", "fp", ""});
  CHECK(store->lastReportSends().size() == 1);
  // And what version 13 added.
  store->recordPoolCounts(1, {{"cad-seat", false, 10, 4, 6, 3, 5}});
  CHECK(store->poolHistory("cad-seat", 0).size() == 1);
  // And what version 15 added.
  store->recordPlatformCalls("2026-11", 40, true);
  CHECK(store->platformCalls("2026-11").month == 40);

  int version = 0;
  Poco::Data::Session s(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
  s << "PRAGMA user_version", into(version), now;
  CHECK(version == 15);
  CHECK(SqliteStore::schemaVersion() == 15);
}

TEST_CASE("state: passwords confirmed before mail delivery are left to hand out by hand",
          "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "state.db").string();
  writeVersion2(path);
  auto store = SqliteStore::open(path, clock);
  const auto toHandOut = store->passwordsToHandOut();
  REQUIRE(toHandOut.size() == 1);
  CHECK(toHandOut[0].account == "erin");
  CHECK(toHandOut[0].confirmedAt == 1200);
  CHECK(toHandOut[0].mail == MailState::Manual);  // never mailed on its own
  REQUIRE(store->unconfirmedPasswords().size() == 1);
  CHECK(store->unconfirmedPasswords()[0].account == "dave");
}

TEST_CASE("state: a version 1 database is upgraded and keeps everything it held", "[state]") {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "state.db").string();
  writeVersion1(path);

  auto store = SqliteStore::open(path, clock);

  Snapshot snap = store->load();
  REQUIRE(snap.linksByEmployee.count("E1") == 1);
  CHECK(snap.linksByEmployee.at("E1").globalId == "G1");
  CHECK(snap.linksByEmployee.at("E1").createdByUs);
  CHECK(snap.absences.at("E2").distinctExports == 1);
  CHECK(snap.items.at("edit:E3").status == ItemStatus::RetryLater);
  REQUIRE(snap.lastGoodExport);
  CHECK(snap.lastGoodExport->hash == "h0");
  auto doubt = store->unsettledSteps();
  REQUIRE(doubt.size() == 1);
  CHECK(doubt[0].info.itemKey == "add:E4");
  REQUIRE(store->findRun(1));
  CHECK(store->findRun(1)->exportRows == 3);

  // What version 2 added works on the upgraded file.
  store->recordHeld(1, "delete:G9", "guard");
  CHECK(store->releaseRun(1) == 1);
  CHECK(store->load().releasedItems.count("delete:G9") == 1);
  store->passwordGenerated("dave", 1);
  CHECK(store->unconfirmedPasswords().size() == 1);

  int version = 0;
  Poco::Data::Session s(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
  s << "PRAGMA user_version", into(version), now;
  CHECK(version == SqliteStore::schemaVersion());
}

TEST_CASE("state: opening an up-to-date database again changes nothing", "[state]") {
  membersync::state::testing::Rig rig;
  rig.store->saveLink({"E1", "alice", "G1", false, 0});
  rig.reopen();
  rig.reopen();
  CHECK(rig.store->load().linksByEmployee.size() == 1);
}

namespace {

// Upgrades a version 1 database in which someone created `table`, which the step to
// `failingVersion` creates too: that step fails. Checks the error, and that the database is left
// at version 1 without version 2's table (held_items).
void checkUpgradeFailsAt(const std::string& table, int failingVersion) {
  membersync::testing::TempDir dir;
  membersync::ManualClock clock;
  std::string path = (dir.path() / "state.db").string();
  writeVersion1(path);
  {
    Poco::Data::Session s(
        Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
    s << "CREATE TABLE " + table + " (x INTEGER)", now;
  }
  try {
    SqliteStore::open(path, clock);
    FAIL("upgraded over a conflicting table");
  } catch (const StateError& e) {
    CHECK(e.cause() == StateError::Cause::Migration);
    CHECK_THAT(e.what(), Catch::Contains(path) &&
                             Catch::Contains("version " + std::to_string(failingVersion)) &&
                             Catch::Contains("left at version 1"));
  }
  Poco::Data::Session s(
      Poco::AutoPtr<Poco::Data::SessionImpl>(new Poco::Data::SQLite::SessionImpl(path, 1)));
  int version = 0, heldTables = 0;
  s << "PRAGMA user_version", into(version), now;
  s << "SELECT count(*) FROM sqlite_master WHERE name = 'held_items'", into(heldTables), now;
  CHECK(version == 1);
  CHECK(heldTables == 0);
}

}  // namespace

TEST_CASE("state: a failed upgrade step is a clear error and leaves the database as it was",
          "[state]") {
  checkUpgradeFailsAt("passwords", 2);  // version 2's own first statement is rolled back too
}

TEST_CASE("state: an upgrade lands whole or not at all: a later step failing undoes the earlier ones",
          "[state]") {
  checkUpgradeFailsAt("owned_assets", 3);  // version 2's steps went through, and are undone
}
