#include "tests/emulator/auth.h"

#include <algorithm>

#include "tests/emulator/envelope.h"
#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

// The token in "Bearer <t>" (scheme case-insensitive); empty when the header is not of that form.
std::string bearerToken(const Request& request) {
  const std::string* auth = request.header("Authorization");
  if (auth == nullptr || auth->size() <= 7 || !equalsIgnoreCase(auth->substr(0, 7), "Bearer ")) {
    return std::string();
  }
  return auth->substr(7);
}

bool holds(const TokenInfo& token, const std::string& scope) {
  return std::find(token.scopes.begin(), token.scopes.end(), scope) != token.scopes.end();
}

// Consumes the nonce: false when it is missing or was seen before on any endpoint.
bool freshNonce(Service& service, const Request& request) {
  const std::string* nonce = request.queryParam("g_nonce");
  return nonce != nullptr && !nonce->empty() && service.state.acceptNonce(*nonce);
}

bool usesUserCenter(Endpoint e) {
  return e == Endpoint::kA1 || e == Endpoint::kA2 || e == Endpoint::kA3 || e == Endpoint::kA4 ||
         e == Endpoint::kA5;
}

}  // namespace

std::optional<Reply> admitMemberCenter(Service& service, const Request& request,
                                       const Route& route) {
  if (!freshNonce(service, request)) {
    return memberCenterError("70001", "g_nonce missing or already used");
  }

  const std::string client = bearerToken(request);
  const TokenInfo* app = client.empty() ? nullptr : service.tokens.find(client);
  if (app == nullptr || app->grant != Grant::kClientCredentials) {
    return memberCenterError("60000", "Authorization does not carry a live application token");
  }
  if (!holds(*app, "auth_me")) {
    return memberCenterError("60000", "application " + app->clientId + " lacks scope auth_me");
  }
  const std::string* clientToken = request.header("clientToken");
  if (clientToken == nullptr || *clientToken != client) {
    return memberCenterError("60000", "header clientToken does not match the bearer token");
  }

  const std::string* userToken = request.header("userToken");
  const TokenInfo* user = userToken == nullptr ? nullptr : service.tokens.find(*userToken);
  if (user == nullptr || user->grant != Grant::kPassword) {
    return memberCenterError("60005", "header userToken does not carry a live user token");
  }

  if (!route.enterpriseGlobalId.empty() &&
      route.enterpriseGlobalId != service.state.enterprise().globalId) {
    return memberCenterError("60000", "no access to enterprise " + route.enterpriseGlobalId);
  }

  if (service.faultRandom.chance(service.options.failRate)) {
    return memberCenterError("500", "injected by --fail-rate");
  }
  if (usesUserCenter(route.endpoint) && service.faultRandom.chance(service.options.ucFailRate)) {
    return memberCenterError("80001", "injected by --uc-fail-rate");
  }
  return std::nullopt;
}

std::optional<Reply> admitActivity(Service& service, const Request& request) {
  const std::string token = bearerToken(request);
  const TokenInfo* info = token.empty() ? nullptr : service.tokens.find(token);
  if (info == nullptr || !holds(*info, "auth_activity")) {
    return oauthError(401, "invalid_token",
                      "a live token of an application holding auth_activity is required");
  }
  if (!freshNonce(service, request))
    return activityResult("1001", "g_nonce missing or already used");
  if (service.faultRandom.chance(service.options.activityFailRate)) {
    return activityResult("1002", "processing exception (injected by --activity-fail-rate)");
  }
  return std::nullopt;
}

}  // namespace membersync::emulator
