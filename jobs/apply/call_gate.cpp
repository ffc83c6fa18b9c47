#include "jobs/apply/call_gate.h"

#include <algorithm>

namespace membersync::apply {

CallGate::CallGate(int slots, std::function<std::optional<center::Error>()> withhold)
    : free_(std::max(1, slots)), withhold_(std::move(withhold)) {}

int CallGate::waiting() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waiting_;
}

std::optional<center::Error> CallGate::take() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    ++waiting_;
    freed_.wait(lock, [&] { return free_ > 0; });
    --waiting_;
    --free_;
  }
  // Asked with the slot in hand: a stop that came while this caller waited is seen here.
  std::optional<center::Error> withheld;
  try {
    if (withhold_) withheld = withhold_();
  } catch (...) {
    give();
    throw;
  }
  if (withheld) give();
  return withheld;
}

void CallGate::give() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++free_;
  }
  freed_.notify_one();
}

}  // namespace membersync::apply
