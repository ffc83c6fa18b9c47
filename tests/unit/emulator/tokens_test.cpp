#include <catch2/catch.hpp>

#include "jobs/core/manual_clock.h"
#include "tests/emulator/tokens.h"

using namespace membersync::emulator;
using membersync::ManualClock;
using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

namespace {

struct Tokens {
  ManualClock clock;
  int issued = 0;
  App app{"app", "secret", {"auth_me", "auth_activity"}};
  App other{"other", "secret", {"auth_me"}};
  TokenStore store{clock, [this] { return "t" + std::to_string(++issued); }, 7 * 24 * 3600};
};

}  // namespace

TEST_CASE("tokens: a client token carries the app's scopes and lives for the ttl",
          "[emulator][tokens]") {
  Tokens f;
  IssuedToken t = f.store.issue(f.app, Grant::kClientCredentials, "");
  CHECK(t.expiresInS == 604800);
  CHECK(t.scope == "auth_me auth_activity");
  CHECK(t.refreshToken.empty());
  const TokenInfo* info = f.store.find(t.accessToken);
  REQUIRE(info != nullptr);
  CHECK(info->clientId == "app");
  CHECK(info->grant == Grant::kClientCredentials);
  f.clock.advance(seconds(604799));
  CHECK(f.store.find(t.accessToken) != nullptr);
  f.clock.advance(seconds(1));
  CHECK(f.store.find(t.accessToken) == nullptr);
}

TEST_CASE("tokens: asking again returns the same token until 12 hours are left",
          "[emulator][tokens]") {
  Tokens f;
  IssuedToken first = f.store.issue(f.app, Grant::kClientCredentials, "");
  f.clock.advance(hours(24 * 6));
  IssuedToken again = f.store.issue(f.app, Grant::kClientCredentials, "");
  CHECK(again.accessToken == first.accessToken);
  CHECK(again.expiresInS == 24 * 3600);
  f.clock.advance(hours(12) + seconds(1));
  IssuedToken renewed = f.store.issue(f.app, Grant::kClientCredentials, "");
  CHECK(renewed.accessToken != first.accessToken);
  CHECK(renewed.expiresInS == 604800);
  CHECK(f.store.find(first.accessToken) != nullptr);  // the old one lives out its time
}

TEST_CASE("tokens: with a short ttl a token is renewed once half of it is gone",
          "[emulator][tokens]") {
  ManualClock clock;
  int n = 0;
  TokenStore store(
      clock, [&] { return "t" + std::to_string(++n); }, 10);
  App app{"app", "s", {"auth_me"}};
  auto first = store.issue(app, Grant::kClientCredentials, "").accessToken;
  clock.advance(seconds(4));
  CHECK(store.issue(app, Grant::kClientCredentials, "").accessToken == first);
  clock.advance(seconds(2));
  CHECK(store.issue(app, Grant::kClientCredentials, "").accessToken != first);
}

TEST_CASE("tokens: apps, grants and users each get their own token", "[emulator][tokens]") {
  Tokens f;
  auto a = f.store.issue(f.app, Grant::kClientCredentials, "").accessToken;
  auto b = f.store.issue(f.other, Grant::kClientCredentials, "").accessToken;
  auto u1 = f.store.issue(f.app, Grant::kPassword, "admin@acme");
  auto u2 = f.store.issue(f.app, Grant::kPassword, "ADMIN@acme");
  auto u3 = f.store.issue(f.app, Grant::kPassword, "other@acme");
  CHECK(a != b);
  CHECK(u1.accessToken != a);
  CHECK(u1.accessToken == u2.accessToken);  // user names ignore case
  CHECK(u3.accessToken != u1.accessToken);
  CHECK_FALSE(u1.refreshToken.empty());
  CHECK(f.store.find(u1.accessToken)->grant == Grant::kPassword);
}

TEST_CASE("tokens: a refresh token of the same app gives the user's access token",
          "[emulator][tokens]") {
  Tokens f;
  auto user = f.store.issue(f.app, Grant::kPassword, "admin@acme");
  f.store.expireAll();
  CHECK(f.store.find(user.accessToken) == nullptr);
  auto refreshed = f.store.refresh(f.app, user.refreshToken);
  REQUIRE(refreshed);
  CHECK(refreshed->accessToken != user.accessToken);
  CHECK(f.store.find(refreshed->accessToken)->username == "admin@acme");
  CHECK_FALSE(f.store.refresh(f.other, user.refreshToken));
  CHECK_FALSE(f.store.refresh(f.app, "no-such-refresh-token"));
}

TEST_CASE("tokens: expireAll ends every access token at once", "[emulator][tokens]") {
  Tokens f;
  auto a = f.store.issue(f.app, Grant::kClientCredentials, "").accessToken;
  f.store.expireAll();
  CHECK(f.store.find(a) == nullptr);
  CHECK(f.store.issue(f.app, Grant::kClientCredentials, "").accessToken != a);
}

TEST_CASE("login guard: the 16th wrong password within a minute locks the account",
          "[emulator][tokens]") {
  ManualClock clock;
  LoginGuard guard(clock);
  for (int i = 0; i < 15; ++i) {
    CHECK_FALSE(guard.recordFailure("admin@acme"));
    clock.advance(seconds(2));
  }
  CHECK_FALSE(guard.isLocked("admin@acme"));
  CHECK(guard.recordFailure("ADMIN@acme"));
  CHECK(guard.isLocked("admin@acme"));
  CHECK_FALSE(guard.isLocked("other@acme"));
  clock.advance(minutes(5));
  CHECK_FALSE(guard.isLocked("admin@acme"));
}

TEST_CASE("login guard: slow failures lock only past 25 in five minutes", "[emulator][tokens]") {
  ManualClock clock;
  LoginGuard guard(clock);
  for (int i = 0; i < 25; ++i) {
    CHECK_FALSE(guard.recordFailure("u"));
    clock.advance(seconds(10));  // 6 a minute: never more than 15 in one
  }
  CHECK(guard.recordFailure("u"));
  guard.clear();
  CHECK_FALSE(guard.isLocked("u"));
}
