#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jobs/core/clock.h"
#include "tests/emulator/model.h"

// The user center's tokens (spec/facts.md): issue, reuse, refresh, look up, expire; and the
// lock-out after too many wrong passwords. No HTTP here; token_endpoint.cpp speaks OAuth2 over it.
namespace membersync::emulator {

enum class Grant { kClientCredentials, kPassword };

struct TokenInfo {
  std::string clientId;
  Grant grant = Grant::kClientCredentials;
  std::string username;  // password grant only
  std::vector<std::string> scopes;
  Clock::SteadyPoint expires;
};

struct IssuedToken {
  std::string accessToken;
  std::int64_t expiresInS = 0;
  std::string refreshToken;  // password grant only
  std::string scope;         // the app's scopes, space-separated
};

// Not thread-safe (the Emulator's mutex covers it). `newToken` makes a fresh opaque token.
class TokenStore {
 public:
  TokenStore(const Clock& clock, std::function<std::string()> newToken, std::int64_t ttlSeconds);

  // Asking again while the current token of the same app (and user) is valid returns it, unless
  // less than min(12 h, ttl / 2) of it is left; then a new one is issued. Older tokens stay
  // valid until they expire.
  IssuedToken issue(const App& app, Grant grant, const std::string& username);
  // A refresh token issued to `app`, not expired: the user's access token as issue() gives it.
  std::optional<IssuedToken> refresh(const App& app, const std::string& refreshToken);
  // A live token, or nullptr.
  const TokenInfo* find(const std::string& accessToken) const;
  // Ends every access token now (refresh tokens keep working), for tests of re-authentication.
  void expireAll();

 private:
  struct Refresh {
    std::string clientId;
    std::string username;
    Clock::SteadyPoint expires;
  };
  std::chrono::seconds remaining(const TokenInfo& info) const;

  const Clock& clock_;
  std::function<std::string()> newToken_;
  std::chrono::seconds ttl_;
  std::map<std::string, TokenInfo> tokens_;
  std::map<std::string, std::string> current_;    // clientId/grant/user -> its newest token
  std::map<std::string, std::string> refreshOf_;  // access token -> refresh token
  std::map<std::string, Refresh> refresh_;
};

// The vendor's lock-out: more than 15 wrong passwords within a minute, or more than 25 within
// five minutes, lock the account name for five minutes; while locked even the right password is
// refused. Names are compared ignoring ASCII case. Not thread-safe.
class LoginGuard {
 public:
  explicit LoginGuard(const Clock& clock) : clock_(clock) {}

  bool isLocked(const std::string& username) const;
  // Records a wrong password; true when this one locks the account.
  bool recordFailure(const std::string& username);
  void clear() { accounts_.clear(); }

  static constexpr int kPerMinute = 15;
  static constexpr int kPerFiveMinutes = 25;
  static constexpr std::chrono::minutes kLockTime{5};

 private:
  struct Account {
    std::deque<Clock::SteadyPoint> failures;
    std::optional<Clock::SteadyPoint> lockedUntil;
  };
  const Clock& clock_;
  std::map<std::string, Account> accounts_;
};

}  // namespace membersync::emulator
