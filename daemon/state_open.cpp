#include "daemon/state_open.h"

#include "jobs/i18n/message.h"

namespace membersync::cli {

std::unique_ptr<state::SqliteStore> openState(const config::Config& config, Clock& clock,
                                              StateUse use) {
  auto store = state::SqliteStore::open(config.state.database, clock);
  const std::string& mine = config.center.enterpriseGlobalId;
  const std::string owner =
      use == StateUse::Write ? store->claimEnterprise(mine) : store->enterprise().value_or(mine);
  if (owner != mine) {
    // A mistyped id is the likelier cause, and the cheaper fix: it is asked first.
    throw config::ConfigError(
        i18n::msg("{file}: [state] database {database} belongs to enterprise {owner}, not to "
                  "{mine}. Is [center] enterprise_global_id mistyped? If this database is "
                  "{owner}'s, set it to {owner}. If {mine} is another enterprise, give it a state "
                  "database of its own ([state] database; with several on one host, "
                  "/var/lib/membersync/ENTERPRISE/ of membersync@ENTERPRISE)")
            .with("file", config.sourceFile)
            .with("database", config.state.database)
            .with("owner", owner)
            .with("mine", mine));
  }
  return store;
}

}  // namespace membersync::cli
