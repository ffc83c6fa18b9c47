#include "jobs/center/options.h"

#include "jobs/core/text.h"

namespace membersync::center {
namespace {

// The scheme in any case (RFC 3986: schemes are case-insensitive; Poco::URI lowers it).
bool isHttpUrl(const std::string& url) {
  const std::string l = lowerAscii(url);
  return l.rfind("http://", 0) == 0 || l.rfind("https://", 0) == 0;
}

}  // namespace

bool isHostPort(const std::string& s) {
  const auto colon = s.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == s.size()) return false;
  const std::string port = s.substr(colon + 1);
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return false;
  const long n = std::stol(port);
  return n > 0 && n < 65536;
}

const std::string& ClientOptions::effectiveActivityClientId() const {
  return activityClientId.empty() ? clientId : activityClientId;
}

const Secret& ClientOptions::effectiveActivitySecret() const {
  return activityClientSecret.empty() ? clientSecret : activityClientSecret;
}

int ClientOptions::memberPageLimit() const {
  if (maxMemberPages > 0) return maxMemberPages;
  const int size = pageSize > 0 ? pageSize : 1;
  return (kMemberCeiling + size - 1) / size;
}

std::vector<std::string> optionProblems(const ClientOptions& o) {
  std::vector<std::string> problems;
  if (!isHttpUrl(o.baseUrl)) problems.push_back("base_url must start with http:// or https://");
  if (!isHttpUrl(o.tokenUrl)) problems.push_back("token_url must start with http:// or https://");
  if (o.enterpriseGlobalId.empty()) problems.push_back("enterprise_global_id is required");
  if (o.clientId.empty() || o.clientSecret.empty())
    problems.push_back("client_id and its secret are required");
  if (o.adminUser.empty() || o.adminPassword.empty())
    problems.push_back("admin_user and its password are required");
  if (!o.proxy.empty() && !isHostPort(o.proxy)) problems.push_back("proxy must be host:port");
  if (o.timeout.count() <= 0) problems.push_back("timeout_s must be positive");
  if (o.maxAnswerMb < 1) problems.push_back("max_answer_mb must be at least 1");
  if (o.maxConcurrency < 1) problems.push_back("max_concurrency must be at least 1");
  if (o.maxRequestsPerSecond < 0)
    problems.push_back("max_requests_per_second must not be negative");
  if (o.pageSize < 1) problems.push_back("page_size must be at least 1");
  if (o.maxMemberPages < 0) problems.push_back("max_member_pages must not be negative");
  if (o.retry.maxAttempts < 1) problems.push_back("retry attempts must be at least 1");
  return problems;
}

}  // namespace membersync::center
