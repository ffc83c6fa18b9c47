// The schedule's forms and next times. Local time is pinned per test: TZ is a fixed zone without
// daylight saving (UTC+8), or a central-European DST rule where DST is the point.

#include "daemon/schedule.h"

#include <stdlib.h>
#include <time.h>

#include <catch2/catch.hpp>
#include <string>

namespace {

using membersync::Clock;
using membersync::daemon::Schedule;
using membersync::daemon::ScheduleError;

// Sets TZ for one test and restores it afterwards.
class Zone {
 public:
  explicit Zone(const char* tz) {
    if (const char* old = getenv("TZ")) old_ = old;
    setenv("TZ", tz, 1);
    tzset();
  }
  ~Zone() {
    if (old_.empty()) {
      unsetenv("TZ");
    } else {
      setenv("TZ", old_.c_str(), 1);
    }
    tzset();
  }

 private:
  std::string old_;
};

// A local time in the current zone.
Clock::WallPoint at(int y, int mo, int d, int h, int mi, int s = 0) {
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = s;
  tm.tm_isdst = -1;
  return Clock::WallPoint::clock::from_time_t(mktime(&tm));
}

std::string next(const std::string& schedule, Clock::WallPoint t) {
  return membersync::localTimeText(Schedule::parse(schedule).nextAfter(t));
}

std::string error(const std::string& schedule) {
  try {
    Schedule::parse(schedule);
  } catch (const ScheduleError& e) {
    return e.what();
  }
  return "(accepted)";
}

const char* const kFixedZone = "CST-8";  // China Standard Time: UTC+8, no DST

}  // namespace

TEST_CASE("schedule: every Ns/m/h is the interval after the given time", "[daemon][schedule]") {
  Zone zone(kFixedZone);
  const auto t = at(2026, 3, 1, 10, 0, 0);
  CHECK(Schedule::parse("every 30s").nextAfter(t) - t == std::chrono::seconds(30));
  CHECK(Schedule::parse("every 15m").nextAfter(t) - t == std::chrono::minutes(15));
  CHECK(Schedule::parse("every 2h").nextAfter(t) - t == std::chrono::hours(2));
  CHECK(Schedule::parse("  Every 1S ").interval() == std::chrono::seconds(1));
  CHECK(Schedule::parse("every 15m").kind() == Schedule::Kind::Every);
}

TEST_CASE("schedule: daily HH:MM is the next such local time, today or tomorrow",
          "[daemon][schedule]") {
  Zone zone(kFixedZone);
  CHECK(next("daily 02:00", at(2026, 3, 1, 1, 59, 59)) == "2026-03-01 02:00:00");
  CHECK(next("daily 02:00", at(2026, 3, 1, 2, 0, 0)) == "2026-03-02 02:00:00");
  CHECK(next("daily 02:00", at(2026, 3, 1, 2, 0, 1)) == "2026-03-02 02:00:00");
  CHECK(next("daily 23:59", at(2026, 12, 31, 23, 59, 30)) == "2027-01-01 23:59:00");
  CHECK(next("daily 7:05", at(2026, 2, 28, 8, 0)) == "2026-03-01 07:05:00");
  CHECK(next("daily 00:00", at(2028, 2, 28, 12, 0)) == "2028-02-29 00:00:00");  // leap year
}

TEST_CASE("schedule: cron fields take *, numbers, ranges, steps, lists and names",
          "[daemon][schedule]") {
  Zone zone(kFixedZone);
  const auto t = at(2026, 3, 4, 10, 7);  // a Wednesday
  CHECK(next("* * * * *", t) == "2026-03-04 10:08:00");
  CHECK(next("*/15 * * * *", t) == "2026-03-04 10:15:00");
  CHECK(next("5,35 */6 * * *", t) == "2026-03-04 12:05:00");
  CHECK(next("0 9-17/4 * * *", t) == "2026-03-04 13:00:00");
  CHECK(next("30 2 * * mon-fri", t) == "2026-03-05 02:30:00");
  CHECK(next("30 2 * * SAT,sun", t) == "2026-03-07 02:30:00");
  CHECK(next("0 0 * * 7", t) == "2026-03-08 00:00:00");  // 7 is Sunday too
  CHECK(next("0 0 1 jan *", t) == "2027-01-01 00:00:00");
  CHECK(next("10/20 10 * * *", t) == "2026-03-04 10:10:00");  // 10, 30, 50
}

TEST_CASE("schedule: cron day of month handles month ends and leap years", "[daemon][schedule]") {
  Zone zone(kFixedZone);
  CHECK(next("0 3 31 * *", at(2026, 4, 1, 0, 0)) == "2026-05-31 03:00:00");   // April has 30
  CHECK(next("0 3 30 * *", at(2026, 1, 31, 0, 0)) == "2026-03-30 03:00:00");  // not February
  CHECK(next("0 0 29 2 *", at(2026, 3, 1, 0, 0)) == "2028-02-29 00:00:00");
  CHECK(next("59 23 28-31 * *", at(2026, 2, 28, 23, 59)) == "2026-03-28 23:59:00");
  CHECK(next("0 0 1 * *", at(2026, 12, 15, 0, 0)) == "2027-01-01 00:00:00");
}

TEST_CASE("schedule: restricting both day fields matches either, as Vixie cron does",
          "[daemon][schedule]") {
  Zone zone(kFixedZone);
  // The 15th or any Monday; 2026-03-04 is a Wednesday, so Monday the 9th comes first.
  CHECK(next("0 0 15 * mon", at(2026, 3, 4, 0, 0)) == "2026-03-09 00:00:00");
  CHECK(next("0 0 5 * mon", at(2026, 3, 4, 0, 0)) == "2026-03-05 00:00:00");
  // A starred day of week leaves the day of month alone.
  CHECK(next("0 0 15 * *", at(2026, 3, 4, 0, 0)) == "2026-03-15 00:00:00");
}

// Found by fuzzing: the search gave up after 8 years, so from 2027 this schedule had no next run
// and the daemon would never have synced again.
TEST_CASE("schedule: a date that falls on its weekday only every eleven years is still next",
          "[daemon][schedule]") {
  Zone zone(kFixedZone);
  // A starred day of week (`*/41` is Sunday alone) combines with the day of month by AND, as in
  // Vixie cron: 6 September on a Sunday, which 2026 has and then 2037.
  CHECK(next("3 6 6 9\f*/41", at(2027, 1, 1, 0, 0)) == "2037-09-06 06:03:00");
  CHECK(next("0 0 6 9 */7", at(2026, 9, 6, 0, 0)) == "2037-09-06 00:00:00");
  // 29 February on a Sunday: 2004, 2032, 2060, 2088, then 2128 (2100 is no leap year).
  CHECK(next("0 0 29 2 */7", at(2088, 3, 1, 0, 0)) == "2128-02-29 00:00:00");
}

TEST_CASE("schedule: local time follows the zone and a time skipped by DST runs after the gap",
          "[daemon][schedule]") {
  // Central European time as a POSIX rule, so no time-zone database is needed.
  Zone zone("CET-1CEST,M3.5.0,M10.5.0/3");
  // 2026-03-29: clocks go from 02:00 to 03:00; 02:30 does not exist that day.
  CHECK(next("30 2 * * *", at(2026, 3, 28, 12, 0)) == "2026-03-29 03:30:00");
  CHECK(next("30 2 * * *", at(2026, 3, 29, 3, 30)) == "2026-03-30 02:30:00");
  // Across the change the daily time stays the local time: 23 hours apart in real time.
  const auto before = Schedule::parse("daily 01:00").nextAfter(at(2026, 3, 28, 12, 0));
  const auto after = Schedule::parse("daily 01:00").nextAfter(before);
  CHECK(after - before == std::chrono::hours(23));
}

TEST_CASE("schedule: bad schedules are refused with what is wrong and the accepted forms",
          "[daemon][schedule]") {
  Zone zone(kFixedZone);
  CHECK_THAT(error(""), Catch::Contains("empty"));
  CHECK_THAT(error("hourly"), Catch::Contains("5 fields, this has 1"));
  CHECK_THAT(error("hourly"), Catch::Contains("daily HH:MM"));
  CHECK_THAT(error("every 0s"), Catch::Contains("between 1s and 168h"));
  CHECK_THAT(error("every 10d"), Catch::Contains("unit of `every` must be s, m or h"));
  CHECK_THAT(error("every fast"), Catch::Contains("needs a number and a unit"));
  CHECK_THAT(error("daily 24:00"), Catch::Contains("HH:MM"));
  CHECK_THAT(error("daily 2"), Catch::Contains("HH:MM"));
  CHECK_THAT(error("60 * * * *"), Catch::Contains("minute field '60' has 60, outside 0-59"));
  CHECK_THAT(error("* * * 13 *"), Catch::Contains("month field"));
  CHECK_THAT(error("* * * * 8"), Catch::Contains("day of week field"));
  CHECK_THAT(error("*/0 * * * *"), Catch::Contains("step '0'"));
  CHECK_THAT(error("5-1 * * * *"), Catch::Contains("runs backwards"));
  CHECK_THAT(error("1,,2 * * * *"), Catch::Contains("empty list entry"));
  CHECK_THAT(error("* * * foo *"), Catch::Contains("'foo', which is not a number or a name"));
  CHECK_THAT(error("0 0 30 2 *"), Catch::Contains("never matches"));
}

TEST_CASE("schedule: durations and times read well in logs", "[daemon][schedule]") {
  using membersync::daemon::durationText;
  CHECK(durationText(std::chrono::seconds(90)) == "1m30s");
  CHECK(durationText(std::chrono::hours(24)) == "1d");
  CHECK(durationText(std::chrono::hours(2) + std::chrono::seconds(5)) == "2h5s");
  CHECK(durationText(std::chrono::seconds(0)) == "0s");
}
