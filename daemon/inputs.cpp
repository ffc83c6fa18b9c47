#include "daemon/inputs.h"

#include <set>

#include "jobs/directory/reader.h"
#include "jobs/policy/loader.h"
#include "jobs/policy/rules.h"

namespace membersync::cli {

directory::Export readHrExport(const config::Config& config, const policy::Policy& policy) {
  std::vector<std::string> attributes = policy::attributesNamed(policy);
  if (config.delivery.mail) attributes.push_back(config.delivery.toColumn);  // the addresses
  std::set<std::string> mapped;  // a person in several departments is shown in a mapped one
  for (const auto& [department, id] : policy.departments) mapped.insert(department);
  return directory::readExport(config.directory, config.accountSuffix(), attributes, mapped);
}

policy::Policy readPolicy(const config::Config& config) {
  return policy::loadPolicy(config.policy.path);
}

}  // namespace membersync::cli
