#include "jobs/apply/ready_prefix.h"

#include <algorithm>

namespace membersync::apply {

void ReadyPrefix::publish(std::size_t count) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (finished_ || count <= ready_) return;
    ready_ = count;
  }
  changed_.notify_all();
}

void ReadyPrefix::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ = true;
  }
  changed_.notify_all();
}

bool ReadyPrefix::waitFor(std::size_t i) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return i < ready_ || finished_; });
  return i < ready_;
}

bool ReadyPrefix::finished() {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_;
}

void publishInBatches(ReadyPrefix& ready, std::size_t count, std::size_t first,
                      const std::function<bool(std::size_t from, std::size_t to)>& write,
                      const std::function<bool()>& stopping) {
  std::size_t batch = std::max<std::size_t>(1, first);
  for (std::size_t from = 0; from < count && !stopping() && !ready.finished();
       from += batch, batch *= 2) {
    const std::size_t to = std::min(count, from + batch);
    if (!write(from, to)) return;
    ready.publish(to);
  }
}

}  // namespace membersync::apply
