#pragma once

#include <string>
#include <utility>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::center {

// Percent-encodes everything but RFC 3986's unreserved characters (letters, digits, -._~): for
// path variables, query values and form fields. UTF-8 is encoded byte by byte.
std::string percentEncode(const std::string& text);

// name=value&name=value, both percent-encoded (application/x-www-form-urlencoded).
std::string formEncode(const std::vector<std::pair<std::string, std::string>>& fields);

// base_url + path, with exactly one '/' between them.
std::string joinUrl(const std::string& base, const std::string& path);

// `url` as a message may show it: without a user:password@ part, a query string or a fragment,
// any of which may carry a key. "https://u:p@host/path?key=k" -> "https://host/path".
std::string urlForPeople(const std::string& url);

// "Basic " + base64(id ":" secret), one line.
Secret basicAuthorization(const std::string& id, const Secret& secret);

}  // namespace membersync::center
