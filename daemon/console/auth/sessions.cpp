#include "daemon/console/auth/sessions.h"

namespace membersync::console {

std::string Sessions::newToken() {
  return random_.hex(32);
}

Session Sessions::create(const std::string& user, const std::string& userStamp) {
  Session s;
  s.id = newToken();
  s.user = user;
  s.userStamp = userStamp;
  s.csrf = newToken();
  s.createdAt = s.lastSeen = clock_.steadyNow();
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_[s.id] = s;
  return s;
}

std::optional<Session> Sessions::find(const std::string& id) {
  const auto now = clock_.steadyNow();
  std::lock_guard<std::mutex> lock(mutex_);
  // Expired sessions go on every look-up: the map stays as small as the live sessions.
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    const bool expired =
        now - it->second.lastSeen >= kIdle || now - it->second.createdAt >= kMaxAge;
    it = expired ? sessions_.erase(it) : std::next(it);
  }
  const auto it = sessions_.find(id);
  if (it == sessions_.end()) return std::nullopt;
  it->second.lastSeen = now;
  return it->second;
}

void Sessions::end(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_.erase(id);
}

bool Throttle::blocked(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(key);
  return it != entries_.end() && clock_.steadyNow() < it->second.until;
}

void Throttle::failed(const std::string& key) {
  const auto now = clock_.steadyNow();
  std::lock_guard<std::mutex> lock(mutex_);
  forgetOld(now);
  Entry& e = entries_[key];
  ++e.failures;
  Clock::Duration delay = kFirstDelay;
  for (int i = 1; i < e.failures && delay < kMaxDelay; ++i) delay *= 2;
  if (delay > kMaxDelay) delay = kMaxDelay;
  e.until = now + delay;
}

void Throttle::succeeded(const std::string& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.erase(key);
}

// A name or address quiet for longer than the longest delay starts again from 1 s; forgetting
// it also keeps the map from growing with every address that ever failed once.
void Throttle::forgetOld(Clock::SteadyPoint now) {
  for (auto it = entries_.begin(); it != entries_.end();)
    it = now - it->second.until > kMaxDelay ? entries_.erase(it) : std::next(it);
}

bool sameToken(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace membersync::console
