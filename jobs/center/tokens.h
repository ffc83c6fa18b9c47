#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "jobs/center/options.h"
#include "jobs/center/rate_limiter.h"
#include "jobs/center/result.h"
#include "jobs/center/stats.h"
#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/core/secret.h"

namespace membersync::center {

// The two member-center tokens, and which grant of each they came from.
struct MemberTokens {
  Secret clientToken;  // client_credentials of the main application
  Secret userToken;    // password grant of the enterprise admin
  std::uint64_t clientGeneration = 0;
  std::uint64_t userGeneration = 0;
};

// The activity service's application token.
struct AppToken {
  Secret token;
  std::uint64_t generation = 0;
};

// What `membersync check` reports about the credentials.
struct TokenCheck {
  std::string clientId;
  std::string activityClientId;
  std::vector<std::string> memberScopes;    // as the token endpoint reported them
  std::vector<std::string> activityScopes;
  bool memberScopesReported = false;        // false: the endpoint sent no `scope`
  bool activityScopesReported = false;
  bool userTokenObtained = false;
  // Missing scopes, one sentence each ("application me-only-app lacks scope auth_activity").
  std::vector<std::string> problems;
};

// Obtains and caches tokens from the user center (facts.md): POST token_url, form-encoded, Basic
// authentication with the application's key and secret.
// - A token is reused until min(60 s, 10% of expires_in) before it expires, by the injected clock.
// - A refused password grant (invalid_grant, account_locked) is never asked again: every later
//   request fails at once with a Configuration error (the vendor locks the admin account after 15
//   wrong passwords a minute).
// - Tokens never appear in any message this class produces. The credentials it sends (both
//   applications' Basic credentials, the admin password) join `scrubber` when it is made, each
//   token as it is issued, before anything carries them, so a service quoting them is scrubbed.
// Thread-safe: threads wanting a token wait for the fetch. When both member grants are due they
// are fetched at once, one of them on a thread of its own.
class TokenProvider {
 public:
  TokenProvider(const ClientOptions& options, Transport& transport, Clock& clock,
                RateLimiter& limiter, CallStats& stats, Scrubber& scrubber);

  // Failed: RetryLater (the endpoint was unreachable or answered 5xx/429), Configuration
  // (credentials refused), Protocol (an answer that is not OAuth2).
  Result<MemberTokens> memberTokens();
  Result<AppToken> activityToken();

  // The service refused these tokens: drop them, so the next call fetches new ones. When another
  // thread already did so (the generation moved on), nothing happens.
  void renewMember(const MemberTokens& refused);
  void renewActivity(const AppToken& refused);

  // Obtains every token (cached ones count) and compares the reported scopes with auth_me and
  // auth_activity.
  Result<TokenCheck> check();

 private:
  struct Slot {
    std::string clientId;
    const Secret* clientSecret = nullptr;
    bool passwordGrant = false;
    Secret token;
    bool valid = false;
    Clock::SteadyPoint refreshAt{};
    std::uint64_t generation = 0;
    std::vector<std::string> scopes;
    bool scopeReported = false;
  };

  bool fresh(const Slot& slot) const;
  // Fetches both member grants at once; the first failure, if any (nullopt also when no thread
  // could be started: the caller then fetches them one at a time).
  std::optional<Error> fetchBoth();
  Result<Done> ensure(Slot& slot);
  Result<Done> fetch(Slot& slot);
  Result<Done> interpret(Slot& slot, const TransportResult& answer);
  std::string applicationKeys(const Slot& slot) const;
  void invalidate(Slot& slot, std::uint64_t generation);
  Slot& activitySlot();

  const ClientOptions& options_;
  Transport& transport_;
  Clock& clock_;
  RateLimiter& limiter_;
  CallStats& stats_;
  Scrubber& scrubber_;
  mutable std::mutex mutex_;
  Slot client_;
  Slot user_;
  Slot activity_;  // unused when the activity application is the main one
  bool sharedActivity_ = false;
  std::optional<Error> passwordRefused_;
};

}  // namespace membersync::center
