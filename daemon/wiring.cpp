#include "daemon/wiring.h"

#include <algorithm>
#include <cctype>

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

std::string accountOf(const std::string& userName, const std::string& suffix) {
  if (suffix.empty() || userName.size() <= suffix.size()) return userName;
  const auto tail = userName.substr(userName.size() - suffix.size());
  const bool same = std::equal(tail.begin(), tail.end(), suffix.begin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
  return same ? userName.substr(0, userName.size() - suffix.size()) : userName;
}

}  // namespace membersync::cli
