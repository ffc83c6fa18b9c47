#include "jobs/notify/webhook_url.h"

#include <Poco/Exception.h>
#include <Poco/URI.h>

#include <sstream>

#include "jobs/core/text.h"

namespace membersync::notify {
namespace {

constexpr std::size_t kTokenSegment = 16;  // a path segment this long is taken for a credential

std::optional<Poco::URI> parsed(const std::string& url) {
  try {
    return Poco::URI(url);
  } catch (const Poco::Exception&) {
    return std::nullopt;
  }
}

bool loopbackHost(const std::string& host) {
  const bool ipv4 =
      host.rfind("127.", 0) == 0 && host.find_first_not_of("0123456789.") == std::string::npos;
  return host == "localhost" || host == "::1" || host == "[::1]" || ipv4;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

}  // namespace

std::optional<std::string> webhookUrlProblem(const std::string& url) {
  const auto uri = parsed(url);
  if (!uri) return "it is not a URL";
  const std::string scheme = lowerAscii(uri->getScheme());
  if (scheme != "https" && scheme != "http") return "it must start with https://";
  if (uri->getHost().empty()) return "it names no host";
  if (scheme == "http" && !loopbackHost(lowerAscii(uri->getHost())))
    return "it is plain http:// to another machine, which would send the robot's key and the "
           "report unencrypted; use https:// (http:// is accepted only for this machine)";
  if (!uri->getFragment().empty()) return "it must not carry a #fragment";
  return std::nullopt;
}

std::string webhookOrigin(const std::string& url) {
  const auto uri = parsed(url);
  if (!uri || uri->getHost().empty()) return "the robot";
  std::string origin = lowerAscii(uri->getScheme()) + "://" + uri->getHost();
  if (const unsigned short port = uri->getSpecifiedPort(); port != 0)
    origin += ":" + std::to_string(port);
  return origin;
}

std::vector<Secret> webhookUrlSecrets(const std::string& url) {
  std::vector<Secret> secrets{Secret(url)};
  const auto authority = url.find("://");
  const auto start = url.find_first_of("/?", authority == std::string::npos ? 0 : authority + 3);
  if (start == std::string::npos) return secrets;
  const std::string pathAndQuery = url.substr(start);
  secrets.emplace_back(pathAndQuery);
  const auto question = pathAndQuery.find('?');
  for (const auto& segment : split(pathAndQuery.substr(0, question), '/'))
    if (segment.size() >= kTokenSegment) secrets.emplace_back(segment);
  if (question == std::string::npos) return secrets;
  const std::string query = pathAndQuery.substr(question + 1);
  secrets.emplace_back(query);
  for (const auto& pair : split(query, '&')) {
    const auto eq = pair.find('=');
    if (eq != std::string::npos) secrets.emplace_back(pair.substr(eq + 1));
  }
  return secrets;
}

std::string withQuery(std::string url,
                      const std::vector<std::pair<std::string, std::string>>& pairs) {
  for (const auto& [name, value] : pairs) {
    const char joint = url.find('?') == std::string::npos         ? '?'
                       : (url.back() == '?' || url.back() == '&') ? '\0'
                                                                  : '&';
    if (joint != '\0') url += joint;
    url += name + "=" + value;
  }
  return url;
}

bool isLoopbackUrl(const std::string& url) {
  const auto uri = parsed(url);
  return uri && loopbackHost(lowerAscii(uri->getHost()));
}

}  // namespace membersync::notify
