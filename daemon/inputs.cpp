#include "daemon/inputs.h"

#include "jobs/directory/reader.h"
#include "jobs/policy/loader.h"
#include "jobs/policy/rules.h"

namespace membersync::cli {

directory::Export readHrExport(const config::Config& config, const policy::Policy& policy) {
  std::vector<std::string> attributes = policy::attributesNamed(policy);
  if (config.delivery.mail) attributes.push_back(config.delivery.toColumn);  // the addresses
  return directory::readExport(config.directory, config.accountSuffix(), attributes);
}

policy::Policy readPolicy(const config::Config& config) {
  return policy::loadPolicy(config.policy.path);
}

}  // namespace membersync::cli
