#include "jobs/center/deadline_watch.h"

#include <sys/socket.h>
#include <unistd.h>

namespace membersync::center {

DeadlineWatch::DeadlineWatch() : thread_([this] { run(); }) {}

DeadlineWatch::~DeadlineWatch() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

DeadlineWatch::Guard DeadlineWatch::watch(int fd, Clock::time_point deadline) {
  const int own = ::dup(fd);
  if (own < 0) return Guard(nullptr, 0);  // out of descriptors: each read keeps its own time-out
  std::uint64_t id = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    id = nextId_++;
    entries_.emplace(id, Entry{own, deadline, false, std::nullopt});
  }
  changed_.notify_all();
  return Guard(this, id);
}

void DeadlineWatch::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    expireDue(Clock::now());
    std::optional<Clock::time_point> next;
    for (const auto& [id, e] : entries_)
      if (!e.expired && !e.pausedAt && (!next || e.deadline < *next)) next = e.deadline;
    if (next)
      changed_.wait_until(lock, *next);
    else
      changed_.wait(lock);
  }
}

// Under the lock: the Guard that owns an entry cannot end (and its socket cannot be closed)
// while its descriptor is shut down here.
void DeadlineWatch::expireDue(Clock::time_point now) {
  for (auto& [id, e] : entries_) {
    if (e.expired || e.pausedAt || e.deadline > now) continue;
    e.expired = true;
    ::shutdown(e.fd, SHUT_RDWR);
  }
}

DeadlineWatch::Guard::Guard(Guard&& other) noexcept : watch_(other.watch_), id_(other.id_) {
  other.watch_ = nullptr;
}

DeadlineWatch::Guard::~Guard() {
  if (!watch_) return;
  std::lock_guard<std::mutex> lock(watch_->mutex_);
  auto it = watch_->entries_.find(id_);
  ::close(it->second.fd);
  watch_->entries_.erase(it);
}

bool DeadlineWatch::Guard::expired() const {
  if (!watch_) return false;
  std::lock_guard<std::mutex> lock(watch_->mutex_);
  auto it = watch_->entries_.find(id_);
  return it != watch_->entries_.end() && it->second.expired;
}

void DeadlineWatch::Guard::pause() {
  if (!watch_) return;
  std::lock_guard<std::mutex> lock(watch_->mutex_);
  Entry& e = watch_->entries_.at(id_);
  if (!e.expired && !e.pausedAt) e.pausedAt = Clock::now();
}

void DeadlineWatch::Guard::resume() {
  if (!watch_) return;
  {
    std::lock_guard<std::mutex> lock(watch_->mutex_);
    Entry& e = watch_->entries_.at(id_);
    if (!e.pausedAt) return;
    e.deadline += Clock::now() - *e.pausedAt;
    e.pausedAt.reset();
  }
  watch_->changed_.notify_all();
}

}  // namespace membersync::center
