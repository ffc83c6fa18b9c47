#include "tests/integration/emulator/emulator_calls.h"

#include <atomic>
#include <stdexcept>

#include <Poco/Base64Encoder.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

namespace membersync::testing {

Poco::JSON::Object::Ptr parseJson(const std::string& text) {
  Poco::JSON::Parser parser;
  return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

std::string basicAuth(const std::string& clientId, const std::string& secret) {
  std::ostringstream out;
  Poco::Base64Encoder encoder(out);
  encoder.rdbuf()->setLineLength(0);
  encoder << clientId << ':' << secret;
  encoder.close();
  return "Basic " + out.str();
}

EmulatorProcess::Response tokenRequest(const EmulatorProcess& emu, const std::string& clientId,
                                       const std::string& secret, const std::string& form) {
  return emu.request("POST", "/uc/oauth/token",
                     {{"Authorization", basicAuth(clientId, secret)},
                      {"Content-Type", "application/x-www-form-urlencoded"}},
                     form);
}

std::string grantToken(const EmulatorProcess& emu, const std::string& form,
                       const std::string& clientId, const std::string& secret) {
  auto r = tokenRequest(emu, clientId, secret, form);
  if (r.status != 200) throw std::runtime_error("token grant refused: " + r.body);
  return parseJson(r.body)->getValue<std::string>("access_token");
}

CenterClient::CenterClient(const EmulatorProcess& emu)
    : emu_(emu),
      appToken_(grantToken(emu, "grant_type=client_credentials")),
      userToken_(grantToken(
          emu, "grant_type=password&username=admin%40acme&password=" + kAdminPassword)) {}

// Unique across every client of the test process (clients of one app share its token).
std::string CenterClient::nextNonce() {
  static std::atomic<long> counter{0};
  return "nonce-" + std::to_string(++counter);
}

Headers CenterClient::headers(bool withBody) const {
  Headers h{{"Authorization", "Bearer " + appToken_},
            {"clientToken", appToken_},
            {"userToken", userToken_}};
  if (withBody) h.emplace_back("Content-Type", "application/json");
  return h;
}

EmulatorProcess::Response CenterClient::call(const std::string& method, const std::string& path,
                                             const std::string& body) {
  return callWithNonce(method, path, nextNonce(), body);
}

EmulatorProcess::Response CenterClient::callWithNonce(const std::string& method,
                                                      const std::string& path,
                                                      const std::string& nonce,
                                                      const std::string& body) {
  std::string target = path;
  if (!nonce.empty())
    target += (path.find('?') == std::string::npos ? "?" : "&") + ("g_nonce=" + nonce);
  return emu_.request(method, target, headers(!body.empty()), body);
}

EmulatorProcess::Response CenterClient::activity(const std::string& body) {
  return emu_.request(
      "POST", "/activity/services/activity?g_nonce=" + nextNonce(),
      {{"Authorization", "Bearer " + appToken_}, {"Content-Type", "application/json"}}, body);
}

}  // namespace membersync::testing
