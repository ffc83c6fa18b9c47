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

Scheduler::Scheduler(Schedule schedule, Clock& clock, i18n::Translator tr)
    : schedule_(std::move(schedule)), clock_(clock), tr_(std::move(tr)) {
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
    const auto n = static_cast<unsigned long>(slots);
    d.messages.push_back(i18n::format(
        tr_.trn("the run due at {time} is skipped: the previous run is still going (next due "
                "{next})",
                "{count} runs due since {time} are skipped: the previous run is still going (next "
                "due {next})",
                n),
        {{"count", std::to_string(slots)},
         {"time", personTime(due)},
         {"next", personTime(nextDue_)}}));
    return d;
  }
  d.startRun = true;
  if (slots > 1) {
    d.messages.push_back(i18n::format(
        tr_.trn("{count} runs due since {time} were missed (the machine slept or the clock "
                "jumped); running once now",
                "{count} runs due since {time} were missed (the machine slept or the clock "
                "jumped); running once now",
                static_cast<unsigned long>(slots)),
        {{"count", std::to_string(slots)}, {"time", personTime(due)}}));
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
    return wasBackingOff ? i18n::format(tr_.tr("the service answers again: back to the schedule "
                                               "({schedule})"),
                                        {{"schedule", schedule_.text()}})
                         : "";
  }
  ++systemicInARow_;
  Clock::Duration b = kFirstBackoff;
  for (int i = 1; i < systemicInARow_ && b < kMaxBackoff; ++i) b *= 2;
  backoff_ = std::min(b, kMaxBackoff);
  const auto now = clock_.wallNow();
  backoffUntil_ = now + std::chrono::duration_cast<Clock::WallPoint::duration>(backoff_);
  nextDue_ = firstSlotAtOrAfter(std::max(nextDue_, now), *backoffUntil_);
  return i18n::format(tr_.trn("systemic failure {count} in a row: backing off {time} (doubling up "
                              "to {max}); next run {next}",
                              "systemic failure {count} in a row: backing off {time} (doubling up "
                              "to {max}); next run {next}",
                              static_cast<unsigned long>(systemicInARow_)),
                      {{"count", std::to_string(systemicInARow_)},
                       {"time", durationText(backoff_)},
                       {"max", durationText(kMaxBackoff)},
                       {"next", personTime(nextDue_)}});
}

}  // namespace membersync::daemon
