#pragma once

#include <string>
#include <utility>
#include <vector>

#include <Poco/JSON/Object.h>

#include "tests/support/emulator_process.h"

// Small helpers for the emulator's own integration tests: log in with the demo credentials and
// send member-center and activity calls with fresh nonces, as a well-behaved client would.
namespace membersync::testing {

inline const std::string kDemoClient = "membersync-demo";
inline const std::string kDemoSecret = "demo-client-secret";
inline const std::string kAdminUser = "admin@acme";
inline const std::string kAdminPassword = "demo-admin-pass1";
inline const std::string kEnterprise = "ENT-ACME-0001";

using Headers = std::vector<std::pair<std::string, std::string>>;

Poco::JSON::Object::Ptr parseJson(const std::string& text);
std::string basicAuth(const std::string& clientId, const std::string& secret);
// POST /uc/oauth/token with a form body; returns the raw answer.
EmulatorProcess::Response tokenRequest(const EmulatorProcess& emu, const std::string& clientId,
                                       const std::string& secret, const std::string& form);
// access_token of a successful grant; fails the test otherwise.
std::string grantToken(const EmulatorProcess& emu, const std::string& form,
                       const std::string& clientId = kDemoClient,
                       const std::string& secret = kDemoSecret);

// A logged-in client: both tokens, and a fresh g_nonce on every call. Calls may be made from
// several threads at once.
class CenterClient {
 public:
  explicit CenterClient(const EmulatorProcess& emu);

  // `path` without the g_nonce; it is appended ("?g_nonce=" or "&g_nonce=").
  EmulatorProcess::Response call(const std::string& method, const std::string& path,
                                 const std::string& body = "");
  // The same with the given nonce (may be empty: then none is sent).
  EmulatorProcess::Response callWithNonce(const std::string& method, const std::string& path,
                                          const std::string& nonce, const std::string& body = "");
  EmulatorProcess::Response activity(const std::string& body);
  Headers headers(bool withBody) const;
  std::string nextNonce();

  const std::string& appToken() const { return appToken_; }
  const std::string& userToken() const { return userToken_; }

 private:
  const EmulatorProcess& emu_;
  std::string appToken_;
  std::string userToken_;
};

}  // namespace membersync::testing
