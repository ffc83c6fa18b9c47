#include "daemon/wiring.h"


namespace membersync::cli {

center::ClientOptions clientOptions(const config::CenterConfig& c) {
  center::ClientOptions o;
  o.baseUrl = c.baseUrl;
  o.tokenUrl = c.tokenUrl;
  o.enterpriseGlobalId = c.enterpriseGlobalId;
  o.clientId = c.clientId;
  o.clientSecret = c.clientSecret;
  o.adminUser = c.adminUser;
  o.adminPassword = c.adminPassword;
  o.activityClientId = c.activityClientId;
  o.activityClientSecret = c.activityClientSecret;
  o.caFile = c.caFile;
  o.proxy = c.proxy;
  o.timeout = std::chrono::seconds(c.timeoutSeconds);
  o.maxConcurrency = c.maxConcurrency;
  o.maxRequestsPerSecond = c.maxRequestsPerSecond;
  o.pageSize = c.pageSize;
  return o;
}

}  // namespace membersync::cli
