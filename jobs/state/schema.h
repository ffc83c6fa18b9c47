#pragma once

// Internal to jobs/state: the database schema and its migrations.

namespace membersync::state::detail {

class Connection;

// The schema version this program writes (PRAGMA user_version).
int latestSchemaVersion();

// Brings the database to latestSchemaVersion(): every missing migration step in order, all in
// one BEGIN IMMEDIATE transaction that also sets user_version, so an upgrade lands whole or not
// at all (a cut-off one starts again from the version before it) and two processes never run the
// same step. Throws StateError: NewerSchema for a database written by a newer membersync (left
// untouched), Migration when a step or the commit fails (the database stays at the version it
// had), Foreign when the file holds tables but no membersync schema version, Busy when another
// process holds the lock.
void migrate(Connection& db);

}  // namespace membersync::state::detail
