#include "daemon/inputs.h"

#include "jobs/directory/reader.h"
#include "jobs/policy/loader.h"
#include "jobs/policy/rules.h"

namespace membersync::cli {

directory::Export readHrExport(const config::Config& config, const policy::Policy& policy) {
  return directory::readExport(config.directory, config.accountSuffix(),
                               policy::attributesNamed(policy));
}

policy::Policy readPolicy(const config::Config& config) {
  return policy::loadPolicy(config.policy.path);
}

}  // namespace membersync::cli
