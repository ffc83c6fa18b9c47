#include "jobs/center/url.h"

#include <Poco/Base64Encoder.h>
#include <Poco/URI.h>

#include <sstream>

namespace membersync::center {

std::string percentEncode(const std::string& text) {
  std::string out;
  Poco::URI::encode(text, "!#$&'()*+,/:;=?@[]", out);
  return out;
}

std::string formEncode(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string out;
  for (const auto& [name, value] : fields) {
    if (!out.empty()) out += '&';
    out += percentEncode(name) + "=" + percentEncode(value);
  }
  return out;
}

std::string joinUrl(const std::string& base, const std::string& path) {
  std::string b = base;
  while (!b.empty() && b.back() == '/') b.pop_back();
  return path.empty() || path.front() == '/' ? b + path : b + "/" + path;
}

std::string urlForPeople(const std::string& url) {
  std::string out = url.substr(0, url.find_first_of("?#"));
  const auto scheme = out.find("://");
  const auto authority = scheme == std::string::npos ? 0 : scheme + 3;
  const auto at = out.find('@', authority);
  if (at != std::string::npos && at < out.find('/', authority))
    out.erase(authority, at + 1 - authority);
  return out;
}

Secret basicAuthorization(const std::string& id, const Secret& secret) {
  std::ostringstream out;
  Poco::Base64Encoder encoder(out);
  encoder.rdbuf()->setLineLength(0);
  encoder << id << ':' << secret.reveal();
  encoder.close();
  return Secret("Basic " + out.str());
}

}  // namespace membersync::center
