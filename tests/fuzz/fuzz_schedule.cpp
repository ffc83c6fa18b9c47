// The `[daemon] schedule` expression: text -> Schedule. An accepted schedule must always have a
// next run strictly after any time (the daemon would spin otherwise), within the 400-year
// calendar cycle, and parse its own text back to the same runs. Times are UTC here.
#include <chrono>
#include <cstdlib>
#include <optional>

#include "daemon/schedule.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("TZ", "UTC", 1);
  tzset();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace membersync;
  using std::chrono::hours;
  std::optional<daemon::Schedule> s;
  try {
    s = daemon::Schedule::parse(fuzz::text(data, size));
  } catch (const daemon::ScheduleError&) {
    return 0;
  }
  const daemon::Schedule again = daemon::Schedule::parse(s->text());
  FUZZ_CHECK(again.kind() == s->kind() && again.interval() == s->interval());
  // 2026-11-24, and 1 March 2096 (the next 29 February is eight years away).
  for (const auto since : {hours(24 * 20781), hours(24 * 46081)}) {
    const Clock::WallPoint t{since};
    const Clock::WallPoint next = s->nextAfter(t);
    FUZZ_CHECK(next > t);
    // Within the calendar's 400-year cycle (counted in hours: 400 years of nanoseconds would
    // overflow the comparison itself).
    FUZZ_CHECK(std::chrono::duration_cast<hours>(next - t).count() <= 24 * (146097 + 2));
    FUZZ_CHECK(again.nextAfter(t) == next);
    FUZZ_CHECK(s->nextAfter(next) > next);
  }
  return 0;
}
