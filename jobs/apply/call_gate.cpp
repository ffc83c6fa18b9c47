#include "jobs/apply/call_gate.h"

#include <algorithm>

namespace membersync::apply {

CallGate::CallGate(int slots) : free_(std::max(1, slots)) {}

int CallGate::waiting() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waiting_;
}

CallGate::Slot::Slot(CallGate& gate) : gate_(gate) {
  std::unique_lock<std::mutex> lock(gate_.mutex_);
  ++gate_.waiting_;
  gate_.freed_.wait(lock, [&] { return gate_.free_ > 0; });
  --gate_.waiting_;
  --gate_.free_;
}

CallGate::Slot::~Slot() {
  {
    std::lock_guard<std::mutex> lock(gate_.mutex_);
    ++gate_.free_;
  }
  gate_.freed_.notify_one();
}

}  // namespace membersync::apply
