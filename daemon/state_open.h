#pragma once

#include <memory>

#include "config/config.h"
#include "jobs/core/clock.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// Opens the configuration's [state] database and makes sure it belongs to the configuration's
// enterprise: a new database is claimed for it, and one another enterprise claimed is refused
// with config::ConfigError (exit 78), so a copied INI cannot point two enterprises at one state.
// Throws state::StateError as SqliteStore::open does.
std::unique_ptr<state::SqliteStore> openState(const config::Config& config, Clock& clock);

}  // namespace membersync::cli
