#pragma once

#include <condition_variable>
#include <mutex>

namespace membersync::apply {

// At most `slots` calls between a journaled batch's send and its answer. A phase whose writes
// carry heavy records (an A1 chunk: two transactions of 100 rows each) runs more threads than
// slots, so that one chunk's journal is written while another's call holds a slot: the calls in
// flight stay at the center's limit instead of waiting for the state database. A batch takes
// its slot after it is journaled as sent, and the sender checks for a stop once it has the slot,
// so a SIGTERM while it waits sends nothing (the steps end as not sent). A SIGKILL leaves the
// waiting batches in doubt, as it does a call in flight: the next run settles them by reading.
class CallGate {
 public:
  explicit CallGate(int slots);
  CallGate(const CallGate&) = delete;
  CallGate& operator=(const CallGate&) = delete;

  // Callers waiting for a slot now (for tests and diagnostics).
  int waiting() const;

  // Held while the call goes: from after the journal marked it sent until its answer.
  class Slot {
   public:
    explicit Slot(CallGate& gate);
    ~Slot();
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;

   private:
    CallGate& gate_;
  };

 private:
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  int free_;
  int waiting_ = 0;
};

}  // namespace membersync::apply
