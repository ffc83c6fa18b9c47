#include "config/config.h"
#include "jobs/core/scrubber.h"
#include "jobs/notify/webhook_url.h"

namespace membersync::config {

void registerSecrets(const Config& config, Scrubber& scrubber) {
  const center::ClientOptions& c = config.center;
  scrubber.addBasicCredentials(c.clientId, c.clientSecret);
  scrubber.addBasicCredentials(c.effectiveActivityClientId(), c.effectiveActivitySecret());
  scrubber.add(c.adminPassword);
  scrubber.add(config.directory.ldap.bindPassword);
  scrubber.add(config.directory.platform.appSecret);
  scrubber.add(config.delivery.smtp.password);
  // The robot's URL carries its key (in the query, or Feishu's hook token in the path).
  if (!config.report.webhookUrl.empty())
    for (const Secret& piece : notify::webhookUrlSecrets(config.report.webhookUrl.reveal()))
      scrubber.add(piece);
  scrubber.add(config.report.webhookSecret);
}

}  // namespace membersync::config
