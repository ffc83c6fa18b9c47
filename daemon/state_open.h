#pragma once

#include <memory>

#include "config/config.h"
#include "jobs/core/clock.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// How a verb uses the state database.
enum class StateUse {
  Read,   // status, plan, explain, listing passwords: never claims the database
  Write,  // sync, apply, the daemon, allow, ...: claims a database no enterprise claimed yet
};

// Opens the configuration's [state] database and makes sure it belongs to the configuration's
// enterprise: one another enterprise claimed is refused with config::ConfigError (exit 78), so
// a copied INI cannot point two enterprises at one state; a writing use claims an unclaimed one
// for its enterprise (a read never does: a look with the wrong --config must not take it).
// Throws state::StateError as SqliteStore::open does.
std::unique_ptr<state::SqliteStore> openState(const config::Config& config, Clock& clock,
                                              StateUse use);

}  // namespace membersync::cli
