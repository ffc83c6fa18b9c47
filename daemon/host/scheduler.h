#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "daemon/schedule.h"
#include "jobs/core/clock.h"
#include "jobs/i18n/translator.h"

namespace membersync::daemon {

// How a run ended, as far as scheduling cares.
enum class RunVerdict {
  Succeeded,        // done, changes applied, held or partly failed: the service works
  Failed,           // the run failed for a local reason (an unreadable HR export, the database)
  SystemicFailure,  // the service failed as a whole (members unreadable, the run stopped early)
  Cancelled,        // the daemon is stopping; nothing to learn from it
};
const char* toString(RunVerdict verdict);

// Decides when runs start: the slots of a Schedule, never two runs at once, and a backoff after
// systemic failures. It asks the injected Clock for the time and never sleeps or starts threads,
// so a test steps a day in a microsecond. Not thread-safe: one owner (the service loop).
class Scheduler {
 public:
  // After k systemic failures in a row, no run starts before the failure plus
  // min(kFirstBackoff * 2^(k-1), kMaxBackoff); the first slot from then on runs.
  static constexpr Clock::Duration kFirstBackoff = std::chrono::minutes(1);
  static constexpr Clock::Duration kMaxBackoff = std::chrono::hours(24);

  // `every` schedules are due at once and then every interval; the others at their next time.
  // The messages are in `tr`'s language ([report] language; the default: English).
  Scheduler(Schedule schedule, Clock& clock, i18n::Translator tr = i18n::Translator());

  struct Decision {
    bool startRun = false;
    Clock::WallPoint nextDue;           // when poll() next has something to decide
    std::vector<std::string> messages;  // for the log: slots skipped or missed
  };
  // Asks the clock. When a slot is due: with `runGoing`, the slot is skipped (a message says so);
  // else startRun is true and the following slot is computed (slots missed while the daemon did
  // not look, e.g. a suspended machine, collapse into this one run, with a message).
  Decision poll(bool runGoing);

  // Records how the run started by the last poll() ended. Returns a message for the log when the
  // backoff starts, grows or ends; empty otherwise.
  std::string finished(RunVerdict verdict);

  // A reloaded schedule: the next slot is computed afresh from now.
  void setSchedule(Schedule schedule);
  // A reloaded [report] language.
  void setTranslator(i18n::Translator tr) { tr_ = std::move(tr); }

  const Schedule& schedule() const { return schedule_; }
  Clock::WallPoint nextDue() const { return nextDue_; }
  int systemicFailuresInARow() const { return systemicInARow_; }
  // Zero when not backing off.
  Clock::Duration backoff() const { return backoff_; }
  std::optional<Clock::WallPoint> backoffUntil() const { return backoffUntil_; }

 private:
  Clock::WallPoint firstSlotAtOrAfter(Clock::WallPoint from, Clock::WallPoint t) const;

  Schedule schedule_;
  Clock& clock_;
  i18n::Translator tr_;
  Clock::WallPoint nextDue_;
  int systemicInARow_ = 0;
  Clock::Duration backoff_{};
  std::optional<Clock::WallPoint> backoffUntil_;
};

}  // namespace membersync::daemon
