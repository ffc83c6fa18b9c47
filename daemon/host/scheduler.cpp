#include "daemon/host/scheduler.h"

#include <algorithm>

namespace membersync::daemon {

const char* toString(RunVerdict verdict) {
  switch (verdict) {
    case RunVerdict::Succeeded:
      return "succeeded";
    case RunVerdict::Failed:
      return "failed";
    case RunVerdict::SystemicFailure:
      return "systemic failure";
    case RunVerdict::Cancelled:
      return "cancelled";
  }
  return "?";
}

Scheduler::Scheduler(Schedule schedule, Clock& clock)
    : schedule_(std::move(schedule)), clock_(clock) {
  const auto now = clock_.wallNow();
  nextDue_ = schedule_.kind() == Schedule::Kind::Every ? now : schedule_.nextAfter(now);
}

void Scheduler::setSchedule(Schedule schedule) {
  schedule_ = std::move(schedule);
  const auto now = clock_.wallNow();
  nextDue_ = schedule_.nextAfter(now);
  if (backoffUntil_) nextDue_ = firstSlotAtOrAfter(nextDue_, *backoffUntil_);
}

// The first slot of the schedule at or after `t`, walking from the slot `from`.
Clock::WallPoint Scheduler::firstSlotAtOrAfter(Clock::WallPoint from, Clock::WallPoint t) const {
  Clock::WallPoint slot = from;
  if (schedule_.kind() == Schedule::Kind::Every) {
    // Whole intervals at once: a day of `every 1s` slots is one division, not 86,400 steps.
    if (slot < t) {
      const auto interval =
          std::chrono::duration_cast<Clock::WallPoint::duration>(schedule_.interval());
      const auto steps = (t - slot + interval - Clock::WallPoint::duration(1)) / interval;
      slot += steps * interval;
    }
    return slot;
  }
  while (slot < t) slot = schedule_.nextAfter(slot);
  return slot;
}

Scheduler::Decision Scheduler::poll(bool runGoing) {
  Decision d;
  const auto now = clock_.wallNow();
  if (schedule_.kind() == Schedule::Kind::Every &&
      nextDue_ >
          now + std::chrono::duration_cast<Clock::WallPoint::duration>(schedule_.interval()) &&
      !backoffUntil_) {
    // The wall clock was set back: do not wait for the old slot.
    nextDue_ = now + std::chrono::duration_cast<Clock::WallPoint::duration>(schedule_.interval());
  }
  if (now < nextDue_) {
    d.nextDue = nextDue_;
    return d;
  }
  // Every slot up to now, the due one included.
  const Clock::WallPoint due = nextDue_;
  int slots = 0;
  Clock::WallPoint next = due;
  if (schedule_.kind() == Schedule::Kind::Every) {
    next = firstSlotAtOrAfter(due, now);
    if (next == now) next = schedule_.nextAfter(next);
    slots = static_cast<int>((next - due) / std::chrono::duration_cast<Clock::WallPoint::duration>(
                                                schedule_.interval()));
  } else {
    while (next <= now) {
      next = schedule_.nextAfter(next);
      ++slots;
    }
  }
  nextDue_ = next;
  d.nextDue = nextDue_;
  if (runGoing) {
    d.messages.push_back(
        (slots == 1
             ? "the run due at " + personTime(due) + " is skipped"
             : std::to_string(slots) + " runs due since " + personTime(due) + " are skipped") +
        ": the previous run is still going (next due " + personTime(nextDue_) + ")");
    return d;
  }
  d.startRun = true;
  if (slots > 1) {
    d.messages.push_back(std::to_string(slots) + " runs due since " + personTime(due) +
                         " were missed (the machine slept or the clock jumped); running once now");
  }
  return d;
}

std::string Scheduler::finished(RunVerdict verdict) {
  if (verdict == RunVerdict::Cancelled) return "";
  if (verdict != RunVerdict::SystemicFailure) {
    const bool wasBackingOff = backoffUntil_.has_value();
    systemicInARow_ = 0;
    backoff_ = {};
    backoffUntil_.reset();
    return wasBackingOff
               ? "the service answers again: back to the schedule (" + schedule_.text() + ")"
               : "";
  }
  ++systemicInARow_;
  Clock::Duration b = kFirstBackoff;
  for (int i = 1; i < systemicInARow_ && b < kMaxBackoff; ++i) b *= 2;
  backoff_ = std::min(b, kMaxBackoff);
  const auto now = clock_.wallNow();
  backoffUntil_ = now + std::chrono::duration_cast<Clock::WallPoint::duration>(backoff_);
  nextDue_ = firstSlotAtOrAfter(std::max(nextDue_, now), *backoffUntil_);
  return "systemic failure " + std::to_string(systemicInARow_) + " in a row: backing off " +
         durationText(backoff_) + " (doubling up to " + durationText(kMaxBackoff) + "); next run " +
         personTime(nextDue_);
}

}  // namespace membersync::daemon
