// POST /uc/oauth/token: the user center's OAuth2 token endpoint as spec/facts.md describes it.
#include <Poco/Exception.h>
#include <Poco/Net/HTMLForm.h>
#include <Poco/Net/HTTPBasicCredentials.h>

#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/json_support.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// The app whose "Basic base64(clientId:secret)" the request carries, or nullptr.
const App* authenticatedApp(const Service& svc, const Request& req) {
  const std::string* auth = req.header("Authorization");
  if (auth == nullptr || auth->size() <= 6 || !equalsIgnoreCase(auth->substr(0, 6), "Basic ")) {
    return nullptr;
  }
  try {
    Poco::Net::HTTPBasicCredentials credentials(auth->substr(6));
    const App* app = svc.app(credentials.getUsername());
    return (app != nullptr && app->clientSecret == credentials.getPassword()) ? app : nullptr;
  } catch (const Poco::Exception&) {
    return nullptr;  // not base64 or no colon: the same answer as wrong credentials
  }
}

Reply granted(const IssuedToken& token) {
  auto o = newObject();
  o->set("access_token", token.accessToken);
  o->set("token_type", "bearer");
  o->set("expires_in", token.expiresInS);
  o->set("scope", token.scope);
  if (!token.refreshToken.empty()) o->set("refresh_token", token.refreshToken);
  return jsonReply(200, "OK", toJson(o), "ok");
}

Reply passwordGrant(Service& svc, const App& app, const Poco::Net::HTMLForm& form) {
  const std::string username = form.get("username", "");
  const std::string password = form.get("password", "");
  if (username.empty() || password.empty()) {
    return oauthError(400, "invalid_request", "username and password are required");
  }
  if (svc.logins.isLocked(username)) {
    return oauthError(400, "account_locked", "too many wrong passwords; try again later");
  }
  const Admin* admin = svc.admin(username);
  if (admin == nullptr || admin->password != password) {
    if (svc.logins.recordFailure(username)) {
      return oauthError(400, "account_locked", "too many wrong passwords; try again later");
    }
    return oauthError(400, "invalid_grant", "bad username or password");
  }
  return granted(svc.tokens.issue(app, Grant::kPassword, admin->username));
}

}  // namespace

Reply tokenEndpoint(Service& svc, const Request& req) {
  const App* app = authenticatedApp(svc, req);
  if (app == nullptr) return oauthError(401, "invalid_client", "bad client credentials");

  Poco::Net::HTMLForm form;
  try {
    form.read(req.body);
  } catch (const Poco::Exception& e) {
    return oauthError(400, "invalid_request", "body is not a form: " + e.displayText());
  }
  const std::string grantType = form.get("grant_type", "");
  if (grantType.empty()) return oauthError(400, "invalid_request", "grant_type is required");
  if (grantType == "client_credentials") {
    return granted(svc.tokens.issue(*app, Grant::kClientCredentials, ""));
  }
  if (grantType == "password") return passwordGrant(svc, *app, form);
  if (grantType == "refresh_token") {
    auto token = svc.tokens.refresh(*app, form.get("refresh_token", ""));
    if (!token) return oauthError(400, "invalid_grant", "refresh token unknown or expired");
    return granted(*token);
  }
  return oauthError(400, "unsupported_grant_type", "grant_type " + grantType);
}

}  // namespace membersync::emulator
