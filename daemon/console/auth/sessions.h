#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"

namespace membersync::console {

// A signed-in user, as the console remembers them (in memory: a restart signs everyone out).
struct Session {
  std::string id;  // 32 random bytes, hex: the `msid` cookie
  std::string user;
  std::string userStamp;  // the user's role and hash at sign-in: a change ends the session
  std::string csrf;       // the token every POST of this session carries
  Clock::SteadyPoint createdAt;
  Clock::SteadyPoint lastSeen;
};

// The sessions of the console, on an injected clock and random source. Idle for 30 minutes or
// older than 12 hours, a session is gone. Thread-safe.
class Sessions {
 public:
  static constexpr auto kIdle = std::chrono::minutes(30);
  static constexpr auto kMaxAge = std::chrono::hours(12);

  Sessions(const Clock& clock, RandomSource& random) : clock_(clock), random_(random) {}

  // A new session with a new id (never one the client offered: no fixation) and a new token.
  Session create(const std::string& user, const std::string& userStamp);
  // The live session of `id`, its idle time reset; nullopt when unknown or expired (then gone).
  std::optional<Session> find(const std::string& id);
  void end(const std::string& id);
  // A random token (32 bytes, hex): a session's id or CSRF token, the pre-session token.
  std::string newToken();

 private:
  const Clock& clock_;
  RandomSource& random_;
  std::mutex mutex_;
  std::map<std::string, Session> sessions_;
};

// Failed sign-ins slow a name and an address down: after n failures in a row, further attempts
// within 2^(n-1) seconds (at most 15 minutes) are refused at once, without hashing. A success
// resets it. Never a permanent lock-out: the delay only ever runs out. Thread-safe.
class Throttle {
 public:
  static constexpr auto kFirstDelay = std::chrono::seconds(1);
  static constexpr auto kMaxDelay = std::chrono::minutes(15);

  explicit Throttle(const Clock& clock) : clock_(clock) {}

  // True while `key` ("name:alice", "address:10.0.0.9") must wait.
  bool blocked(const std::string& key);
  void failed(const std::string& key);
  void succeeded(const std::string& key);

 private:
  struct Entry {
    int failures = 0;
    Clock::SteadyPoint until;
  };
  void forgetOld(Clock::SteadyPoint now);

  const Clock& clock_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

// Compares two tokens in time that does not depend on where they differ.
bool sameToken(const std::string& a, const std::string& b);

}  // namespace membersync::console
