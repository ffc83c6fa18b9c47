#include "daemon/console/listen_address.h"

#include <cstdlib>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

namespace membersync::console {
namespace {

struct HostPort {
  std::string host;  // without IPv6 brackets
  long port = -1;
};

HostPort split(const std::string& listen) {
  HostPort hp;
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos) return hp;
  hp.host = listen.substr(0, colon);
  if (hp.host.size() >= 2 && hp.host.front() == '[' && hp.host.back() == ']')
    hp.host = hp.host.substr(1, hp.host.size() - 2);
  char* end = nullptr;
  const std::string port = listen.substr(colon + 1);
  hp.port = std::strtol(port.c_str(), &end, 10);
  if (port.empty() || *end != '\0') hp.port = -1;
  return hp;
}

bool loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

std::string originOf(const std::string& url) {
  const auto start = url.find("//");
  if (start == std::string::npos) return "";
  const auto end = url.find('/', start + 2);
  return lowerAscii(url.substr(0, end));
}

}  // namespace

std::optional<i18n::Message> listenProblem(const config::ConsoleConfig& console) {
  const HostPort hp = split(console.listen);
  if (hp.port < 0 || hp.port > 65535 || hp.host.empty())
    return i18n::msg("[console] listen: '{listen}' must be host:port, e.g. 127.0.0.1:8480")
        .with("listen", console.listen);
  if (hp.port < 1024)
    return i18n::msg(
               "[console] listen: '{listen}' uses a port below 1024, which needs "
               "privileges the console does not have; use 8480 (or any port from 1024) "
               "and let a reverse proxy serve 443")
        .with("listen", console.listen);
  const bool tls = !console.tlsCertFile.empty();
  if (!tls && !loopback(hp.host))
    return i18n::msg(
               "[console] listen: '{listen}' is not a loopback address, and without TLS "
               "the console would send passwords and cookies in the clear; set "
               "tls_cert_file and tls_key_file, or listen on 127.0.0.1 behind a reverse "
               "proxy with TLS (and set public_url)")
        .with("listen", console.listen);
  return std::nullopt;
}

std::vector<std::string> allowedOrigins(const config::ConsoleConfig& console,
                                        const std::string& bound) {
  const std::string scheme = console.tlsCertFile.empty() ? "http://" : "https://";
  std::vector<std::string> origins{scheme + bound};
  const HostPort hp = split(bound);
  if (loopback(hp.host)) origins.push_back(scheme + "localhost:" + std::to_string(hp.port));
  if (!console.publicUrl.empty()) origins.push_back(originOf(console.publicUrl));
  return origins;
}

}  // namespace membersync::console
