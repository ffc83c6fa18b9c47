#pragma once

#include <array>
#include <bitset>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "jobs/core/clock.h"
#include "jobs/core/text.h"  // localTimeText, used with schedules
#include "jobs/i18n/message.h"

namespace membersync::daemon {

// `[daemon] schedule` could not be understood. The message says what is wrong and which forms
// are accepted; callers prefix the file and key.
class ScheduleError : public std::invalid_argument {
 public:
  explicit ScheduleError(i18n::Message message)
      : std::invalid_argument(i18n::english(message)), message_(std::move(message)) {}

  // What() as a message: shown in the reader's language.
  const i18n::Message& message() const { return message_; }

 private:
  i18n::Message message_;
};

// When the daemon syncs, parsed from `[daemon] schedule`:
// - `every 30s`, `every 15m`, `every 2h`: a fixed interval (1s to 7 days), counted from the
//   daemon's start; the first run is at the start;
// - `daily HH:MM`: once a day at that local time;
// - a 5-field cron expression `minute hour day-of-month month day-of-week` (0-59, 0-23, 1-31,
//   1-12 or jan-dec, 0-7 or sun-sat with 0 and 7 both Sunday), each field `*`, a number, a range
//   `a-b`, a step `*/n`, `a-b/n` or `a/n`, or a comma list of those. As in Vixie cron, when both
//   day fields are restricted a day matching either runs.
// Daily and cron times are the machine's local time (TZ): a time skipped by a daylight-saving
// change runs at the first minute after the gap; in a repeated hour, cron minutes match in both.
// Immutable; safe to share between threads.
class Schedule {
 public:
  enum class Kind { Every, Daily, Cron };

  // Throws ScheduleError for anything else (including a cron expression that never matches,
  // like `0 0 30 2 *`).
  static Schedule parse(const std::string& text);

  Kind kind() const { return kind_; }
  const std::string& text() const { return text_; }
  // `every`: the interval; zero otherwise.
  Clock::Duration interval() const { return interval_; }

  // The first time strictly after `t` at which a run is due: `t + interval` for `every`, the
  // next matching local minute otherwise. Pure apart from the time-zone database.
  Clock::WallPoint nextAfter(Clock::WallPoint t) const;

 private:
  Schedule() = default;
  std::optional<Clock::WallPoint> nextMatch(Clock::WallPoint t) const;
  bool dayMatches(int year, int month, int day) const;

  Kind kind_ = Kind::Every;
  std::string text_;
  Clock::Duration interval_{};
  std::bitset<60> minutes_;
  std::bitset<24> hours_;
  std::bitset<32> daysOfMonth_;  // 1..31
  std::bitset<13> months_;       // 1..12
  std::bitset<7> daysOfWeek_;    // 0 = Sunday
  bool domRestricted_ = false;
  bool dowRestricted_ = false;
};

// "90s" -> "1m30s", "2h", "1d": a duration for people.
std::string durationText(Clock::Duration d);

}  // namespace membersync::daemon
