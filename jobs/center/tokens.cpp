#include "jobs/center/tokens.h"

#include <algorithm>
#include <future>
#include <system_error>

#include "jobs/center/decode.h"
#include "jobs/center/error_codes.h"
#include "jobs/center/url.h"

namespace membersync::center {
namespace {

constexpr long long kDefaultLifetimeSeconds = 300;  // when the endpoint sends no expires_in
// A longer expires_in is taken as this: renewing a token once a year costs nothing, and the
// clock arithmetic stays far from overflow whatever number the endpoint sends.
constexpr long long kLongestLifetimeSeconds = 365LL * 24 * 3600;

Error tokenError(ErrorKind kind, std::string message, int httpStatus = 0, std::string code = {}) {
  return makeError(Endpoint::Token, kind, std::move(message), httpStatus, std::move(code));
}

std::string grantName(bool password, const std::string& clientId) {
  return (password ? "password grant of application " : "client_credentials grant of application ") +
         clientId;
}

// The refresh margin: the earlier of 60 s or a tenth of the lifetime before expiry (a lifetime
// of at most a year).
Clock::Duration cacheFor(long long expiresIn) {
  using std::chrono::milliseconds;
  const long long ms = std::clamp(expiresIn, 0LL, kLongestLifetimeSeconds) * 1000;
  return milliseconds(ms - std::min(60'000LL, ms / 10));
}

bool hasScope(const std::vector<std::string>& scopes, const char* scope) {
  return std::find(scopes.begin(), scopes.end(), scope) != scopes.end();
}

// A token request that got no HTTP answer to read. One that did not get there names the URL and
// its key: what a person checks.
Error noTokenAnswer(const std::string& grant, const std::string& tokenUrl,
                    const TransportResult& answer) {
  const std::string where = urlForPeople(tokenUrl) + " ([center] token_url)";
  switch (answer.kind) {
    case TransportResult::Kind::NotSent:
      return answer.unusable
                 ? tokenError(ErrorKind::Configuration,
                              "the " + grant + " cannot be sent to " + where + ": " + answer.detail)
                 : tokenError(ErrorKind::RetryLater, "could not reach " + where + " for the " +
                                                         grant + ": " + answer.detail);
    case TransportResult::Kind::TooLarge:
      return tokenError(ErrorKind::Protocol,
                        "the token endpoint's answer to the " + grant + " was refused: " + answer.detail,
                        answer.status);
    default:
      return tokenError(ErrorKind::RetryLater,
                        "no answer from " + where + " for the " + grant + ": " + answer.detail);
  }
}

}  // namespace

TokenProvider::TokenProvider(const ClientOptions& options, Transport& transport, Clock& clock,
                             RateLimiter& limiter, CallStats& stats, Scrubber& scrubber)
    : options_(options),
      transport_(transport),
      clock_(clock),
      limiter_(limiter),
      stats_(stats),
      scrubber_(scrubber) {
  // What this provider sends joins the scrubber before it is ever sent, whoever made the
  // provider (the runtime registers the whole configuration too; registering twice is free).
  scrubber_.addBasicCredentials(options.clientId, options.clientSecret);
  scrubber_.addBasicCredentials(options.effectiveActivityClientId(), options.effectiveActivitySecret());
  scrubber_.add(options.adminPassword);
  client_.clientId = options.clientId;
  client_.clientSecret = &options.clientSecret;
  user_.clientId = options.clientId;
  user_.clientSecret = &options.clientSecret;
  user_.passwordGrant = true;
  activity_.clientId = options.effectiveActivityClientId();
  activity_.clientSecret = &options.effectiveActivitySecret();
  sharedActivity_ = activity_.clientId == client_.clientId && *activity_.clientSecret == options.clientSecret;
}

TokenProvider::Slot& TokenProvider::activitySlot() { return sharedActivity_ ? client_ : activity_; }

bool TokenProvider::fresh(const Slot& slot) const {
  return slot.valid && clock_.steadyNow() < slot.refreshAt;
}

Result<MemberTokens> TokenProvider::memberTokens() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!fresh(client_) && !fresh(user_) && !passwordRefused_) {
    if (auto failed = fetchBoth()) return Result<MemberTokens>::failure(*failed);
  }
  for (Slot* slot : {&client_, &user_}) {
    auto ready = ensure(*slot);
    if (!ready.ok()) return Result<MemberTokens>::carry(ready);
  }
  return Result<MemberTokens>::success(
      MemberTokens{client_.token, user_.token, client_.generation, user_.generation});
}

Result<AppToken> TokenProvider::activityToken() {
  std::lock_guard<std::mutex> lock(mutex_);
  Slot& slot = activitySlot();
  auto ready = ensure(slot);
  if (!ready.ok()) return Result<AppToken>::carry(ready);
  return Result<AppToken>::success(AppToken{slot.token, slot.generation});
}

std::optional<Error> TokenProvider::fetchBoth() {
  // Both grants are due (a run's start): they are independent, so they go out together and the
  // run waits one round trip for them, not two. Each fills its own slot.
  std::future<Result<Done>> clientGrant;
  try {
    clientGrant = std::async(std::launch::async, [this] { return fetch(client_); });
  } catch (const std::system_error&) {
    return std::nullopt;  // no thread to spare: memberTokens() asks for them one after the other
  }
  const std::optional<Error> refusedBefore = passwordRefused_;
  auto userReady = fetch(user_);
  auto clientReady = clientGrant.get();
  if (!clientReady.ok()) {
    // Refused credentials of the application fail the password grant too, whatever word the
    // vendor uses: that says nothing about the admin password, which must stay askable.
    if (clientReady.error().kind == ErrorKind::Configuration) passwordRefused_ = refusedBefore;
    return clientReady.error();
  }
  if (!userReady.ok()) return userReady.error();
  return std::nullopt;
}

void TokenProvider::renewMember(const MemberTokens& refused) {
  std::lock_guard<std::mutex> lock(mutex_);
  invalidate(client_, refused.clientGeneration);
  invalidate(user_, refused.userGeneration);
}

void TokenProvider::renewActivity(const AppToken& refused) {
  std::lock_guard<std::mutex> lock(mutex_);
  invalidate(activitySlot(), refused.generation);
}

void TokenProvider::invalidate(Slot& slot, std::uint64_t generation) {
  if (slot.generation == generation) slot.valid = false;
}

Result<Done> TokenProvider::ensure(Slot& slot) {
  if (fresh(slot)) return Result<Done>::success({});
  if (slot.passwordGrant && passwordRefused_) return Result<Done>::failure(*passwordRefused_);
  return fetch(slot);
}

Result<Done> TokenProvider::fetch(Slot& slot) {
  HttpRequest request;
  request.method = "POST";
  request.url = options_.tokenUrl;
  request.headers = {{"Authorization", basicAuthorization(slot.clientId, *slot.clientSecret).reveal()},
                     {"Content-Type", "application/x-www-form-urlencoded"},
                     {"Accept", "application/json"}};
  if (slot.passwordGrant)
    request.body = formEncode({{"grant_type", "password"},
                               {"username", options_.adminUser},
                               {"password", options_.adminPassword.reveal()}});
  else
    request.body = formEncode({{"grant_type", "client_credentials"}});

  const auto started = clock_.steadyNow();
  limiter_.acquire();
  stats_.attempt(Endpoint::Token);
  const TransportResult answer = transport_.send(request);
  auto outcome = interpret(slot, answer);
  stats_.finished(Endpoint::Token, outcome.outcome(), outcome.ok() ? nullptr : &outcome.error(),
                  clock_.steadyNow() - started);
  return outcome;
}

// The keys that configure the application of `slot`, for a person to correct.
std::string TokenProvider::applicationKeys(const Slot& slot) const {
  return &slot == &activity_ ? "[center] activity_client_id and activity_client_secret_file"
                             : "[center] client_id and client_secret_file";
}

Result<Done> TokenProvider::interpret(Slot& slot, const TransportResult& answer) {
  const std::string grant = grantName(slot.passwordGrant, slot.clientId);
  if (answer.kind != TransportResult::Kind::Answered)
    return Result<Done>::failure(noTokenAnswer(grant, options_.tokenUrl, answer));

  const int status = answer.status;
  auto parsed = readTokenAnswer(answer.body);
  if (status == 200) {
    if (!parsed.ok()) return Result<Done>::carry(parsed);
    TokenAnswer& t = parsed.value();
    if (t.accessToken.empty())
      return Result<Done>::failure(
          tokenError(ErrorKind::Protocol, "the answer to the " + grant + " holds no access_token", status));
    slot.token = Secret(std::move(t.accessToken));
    scrubber_.add(slot.token);  // before any request carries it
    slot.valid = true;
    ++slot.generation;
    slot.refreshAt = clock_.steadyNow() +
                     cacheFor(t.expiresInSeconds >= 0 ? t.expiresInSeconds : kDefaultLifetimeSeconds);
    slot.scopes = std::move(t.scopes);
    slot.scopeReported = t.scopeReported;
    return Result<Done>::success({});
  }

  const std::string oauthError = parsed.ok() ? parsed.value().error : std::string();
  const std::string description = parsed.ok() ? parsed.value().errorDescription : std::string();
  const std::string said = "HTTP " + std::to_string(status) +
                           (oauthError.empty() ? "" : " " + oauthError) +
                           (description.empty() ? "" : " (" + description + ")");
  // Any refusal of the password grant other than a rate limit, or the application's own
  // credentials, is taken as final: asking again risks the vendor's lock-out.
  const bool appRefused = oauthError == "invalid_client" || oauthError == "unauthorized_client";
  if (slot.passwordGrant && status >= 400 && status < 500 && status != 429 && !appRefused) {
    passwordRefused_ = tokenError(
        ErrorKind::Configuration,
        "the admin credentials were refused for " + options_.adminUser + " (" + said +
            "); they are not tried again until membersync starts again (the daemon: or reloads "
            "its configuration), because the vendor locks the account after 15 wrong passwords "
            "a minute: correct [center] admin_user and admin_password_file",
        status, oauthError);
    return Result<Done>::failure(*passwordRefused_);
  }
  if (status == 401 || oauthError == "invalid_client" || oauthError == "unauthorized_client")
    return Result<Done>::failure(tokenError(ErrorKind::Configuration,
                                            "the token endpoint refused application " +
                                                slot.clientId + " (" + said + "): correct " +
                                                applicationKeys(slot),
                                            status, oauthError));
  if (status == 429 || status >= 500)
    return Result<Done>::failure(
        tokenError(ErrorKind::RetryLater, "the token endpoint is unavailable (" + said + ")", status, oauthError));
  if (status == 400)
    return Result<Done>::failure(tokenError(ErrorKind::Configuration,
                                            "the token endpoint refused the " + grant + " (" +
                                                said + "): check " + applicationKeys(slot),
                                            status, oauthError));
  return Result<Done>::failure(tokenError(
      ErrorKind::Protocol, "unexpected answer to the " + grant + " (" + said + ")", status, oauthError));
}

Result<TokenCheck> TokenProvider::check() {
  auto member = memberTokens();
  if (!member.ok()) return Result<TokenCheck>::carry(member);
  auto activity = activityToken();
  if (!activity.ok()) return Result<TokenCheck>::carry(activity);

  std::lock_guard<std::mutex> lock(mutex_);
  const Slot& act = activitySlot();
  TokenCheck c;
  c.clientId = client_.clientId;
  c.activityClientId = act.clientId;
  c.memberScopes = client_.scopes;
  c.memberScopesReported = client_.scopeReported;
  c.activityScopes = act.scopes;
  c.activityScopesReported = act.scopeReported;
  c.userTokenObtained = true;
  if (c.memberScopesReported && !hasScope(c.memberScopes, "auth_me"))
    c.problems.push_back("application " + c.clientId +
                         " lacks scope auth_me: the member center will refuse its calls");
  if (c.activityScopesReported && !hasScope(c.activityScopes, "auth_activity"))
    c.problems.push_back("application " + c.activityClientId +
                         " lacks scope auth_activity: the activity service will refuse enrolments");
  return Result<TokenCheck>::success(std::move(c));
}

}  // namespace membersync::center
