#include "jobs/apply/ready_prefix.h"

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

}  // namespace membersync::apply
