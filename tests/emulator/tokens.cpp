#include "tests/emulator/tokens.h"

#include <algorithm>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;
using std::chrono::seconds;

// Refresh tokens live 30 days (the vendor's default), or as long as an access token if longer.
constexpr seconds kRefreshLifetime{30 * 24 * 3600};
constexpr milliseconds kRenewWindow{12 * 3600 * 1000};

std::string joinScopes(const std::vector<std::string>& scopes) {
  std::string out;
  for (const std::string& s : scopes) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

TokenStore::TokenStore(const Clock& clock, std::function<std::string()> newToken,
                       std::int64_t ttlSeconds)
    : clock_(clock), newToken_(std::move(newToken)), ttl_(ttlSeconds) {}

std::chrono::seconds TokenStore::remaining(const TokenInfo& info) const {
  return duration_cast<seconds>(info.expires - clock_.steadyNow());
}

IssuedToken TokenStore::issue(const App& app, Grant grant, const std::string& username) {
  const auto now = clock_.steadyNow();
  const std::string key =
      app.clientId + '\n' + (grant == Grant::kPassword ? "p" : "c") + '\n' + toLowerAscii(username);
  const milliseconds renewBelow = std::min(kRenewWindow, duration_cast<milliseconds>(ttl_) / 2);

  auto cur = current_.find(key);
  if (cur != current_.end()) {
    const TokenInfo* info = find(cur->second);
    if (info != nullptr && info->expires - now >= renewBelow) {
      auto r = refreshOf_.find(cur->second);
      return IssuedToken{cur->second, remaining(*info).count(),
                         r == refreshOf_.end() ? std::string() : r->second, joinScopes(app.scopes)};
    }
  }

  IssuedToken out;
  out.accessToken = newToken_();
  out.expiresInS = ttl_.count();
  out.scope = joinScopes(app.scopes);
  tokens_[out.accessToken] = TokenInfo{app.clientId, grant, username, app.scopes, now + ttl_};
  current_[key] = out.accessToken;
  if (grant == Grant::kPassword) {
    out.refreshToken = newToken_();
    refresh_[out.refreshToken] =
        Refresh{app.clientId, username, now + std::max(ttl_, kRefreshLifetime)};
    refreshOf_[out.accessToken] = out.refreshToken;
  }
  return out;
}

std::optional<IssuedToken> TokenStore::refresh(const App& app, const std::string& refreshToken) {
  auto it = refresh_.find(refreshToken);
  if (it == refresh_.end() || it->second.clientId != app.clientId ||
      it->second.expires <= clock_.steadyNow()) {
    return std::nullopt;
  }
  return issue(app, Grant::kPassword, it->second.username);
}

const TokenInfo* TokenStore::find(const std::string& accessToken) const {
  auto it = tokens_.find(accessToken);
  if (it == tokens_.end() || it->second.expires <= clock_.steadyNow()) return nullptr;
  return &it->second;
}

void TokenStore::expireAll() {
  const auto now = clock_.steadyNow();
  for (auto& [token, info] : tokens_) info.expires = std::min(info.expires, now);
}

bool LoginGuard::isLocked(const std::string& username) const {
  auto it = accounts_.find(toLowerAscii(username));
  return it != accounts_.end() && it->second.lockedUntil &&
         clock_.steadyNow() < *it->second.lockedUntil;
}

bool LoginGuard::recordFailure(const std::string& username) {
  const auto now = clock_.steadyNow();
  Account& acc = accounts_[toLowerAscii(username)];
  acc.failures.push_back(now);
  while (!acc.failures.empty() && now - acc.failures.front() >= std::chrono::minutes(5)) {
    acc.failures.pop_front();
  }
  const auto lastMinute = std::count_if(acc.failures.begin(), acc.failures.end(),
                                        [&](auto t) { return now - t < std::chrono::minutes(1); });
  if (lastMinute > kPerMinute || static_cast<int>(acc.failures.size()) > kPerFiveMinutes) {
    acc.lockedUntil = now + kLockTime;
    acc.failures.clear();
    return true;
  }
  return false;
}

}  // namespace membersync::emulator
