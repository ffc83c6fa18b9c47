#include "jobs/core/manual_clock.h"

#include <catch2/catch.hpp>

using namespace std::chrono_literals;

TEST_CASE("manual clock: sleeping advances both clocks at once and is counted", "[core]") {
  membersync::ManualClock clock;
  auto steady0 = clock.steadyNow();
  auto wall0 = clock.wallNow();
  clock.sleepFor(90s);
  clock.advance(10s);
  CHECK(clock.steadyNow() - steady0 == 100s);
  CHECK(clock.wallNow() - wall0 == 100s);
  CHECK(clock.totalSlept() == 90s);
}
