#include "config/config.h"
#include "jobs/core/scrubber.h"

namespace membersync::config {

void registerSecrets(const Config& config, Scrubber& scrubber) {
  const center::ClientOptions& c = config.center;
  scrubber.addBasicCredentials(c.clientId, c.clientSecret);
  scrubber.addBasicCredentials(c.effectiveActivityClientId(), c.effectiveActivitySecret());
  scrubber.add(c.adminPassword);
  scrubber.add(config.directory.ldap.bindPassword);
  scrubber.add(config.delivery.smtp.password);
}

}  // namespace membersync::config
