#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

#include "jobs/center/call_slots.h"

namespace membersync::apply {

// At most `slots` of a phase's calls on the wire at once (center::CallSlots: a slot is held from
// just before a request leaves until its answer is in). A phase whose writes carry heavy records
// (an A1 chunk: two transactions of 100 rows each) runs more threads than slots, so that one
// chunk is journaled, encoded, decoded and recorded while others' calls hold the slots: the calls
// in flight stay at the center's limit instead of waiting for the state database or the JSON.
// Once a caller has its slot, `withhold` is asked whether the request may still go, so a SIGTERM
// while it waited sends nothing (its steps end as not sent). A SIGKILL leaves the waiting
// batches in doubt, as it does a call in flight: the next run settles them by reading.
class CallGate final : public center::CallSlots {
 public:
  // `withhold`: nullopt while requests may go; otherwise the error a withheld call ends with.
  CallGate(int slots, std::function<std::optional<center::Error>()> withhold);
  CallGate(const CallGate&) = delete;
  CallGate& operator=(const CallGate&) = delete;

  std::optional<center::Error> take() override;
  void give() override;

  // Callers waiting for a slot now (for tests and diagnostics).
  int waiting() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  int free_;
  int waiting_ = 0;
  std::function<std::optional<center::Error>()> withhold_;
};

}  // namespace membersync::apply
