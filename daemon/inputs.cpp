#include "daemon/inputs.h"

#include "jobs/directory/reader.h"
#include "jobs/policy/loader.h"

namespace membersync::cli {

directory::Export readHrExport(const config::Config& config) {
  return directory::readExport(config.directory, config.accountSuffix());
}

policy::Policy readPolicy(const config::Config& config) {
  return policy::loadPolicy(config.policy.path);
}

}  // namespace membersync::cli
