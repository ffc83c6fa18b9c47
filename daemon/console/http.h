#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace membersync::console {

// One request as the console's logic sees it: plain values, so that routing, sign-in, CSRF and
// the headers are tested without sockets (http_server.cpp fills it from Poco's request).
struct HttpRequest {
  std::string method;                        // "GET", "POST", ...
  std::string path;                          // decoded, without the query
  std::map<std::string, std::string> query;  // decoded
  std::map<std::string, std::string> form;   // a POST's urlencoded fields, decoded
  std::map<std::string, std::string> cookies;
  std::string origin;          // the Origin header; "" when absent
  std::string fetchSite;       // the Sec-Fetch-Site header; "" when absent
  std::string acceptLanguage;  // the Accept-Language header; "" when absent
  std::string address;         // the client's IP address
};

struct HttpResponse {
  int status = 200;
  std::string contentType = "text/html; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;  // Set-Cookie may repeat
  std::string body;

  void set(const std::string& name, const std::string& value) { headers.emplace_back(name, value); }
  // The first value of a header, or "".
  std::string header(const std::string& name) const {
    for (const auto& [n, v] : headers)
      if (n == name) return v;
    return "";
  }
};

}  // namespace membersync::console
