// The pool forecast: "runs dry in about N days" from the free seats and the net assignments a
// day over the last 30 days; none with less than 7 days of history or nothing being used up.

#include <catch2/catch.hpp>

#include "jobs/report/pool_forecast.h"

using namespace membersync;
using namespace membersync::report;

namespace {

constexpr std::int64_t kDay = 24LL * 3600 * 1000;
constexpr std::int64_t kStart = 1'780'000'000'000LL;

// A record `day` days after kStart with `assigned` of `capacity` held.
state::PoolRecord at(double day, std::int64_t assigned, std::int64_t capacity = 100) {
  state::PoolRecord r;
  r.at = kStart + static_cast<std::int64_t>(day * kDay);
  r.counts = {"cad", false, capacity, assigned, capacity - assigned, 0, 0};
  return r;
}

}  // namespace

TEST_CASE("pool forecast: free seats divided by the net assignments a day", "[report]") {
  // 20 assigned in 10 days: 2 a day; 60 free: about 30 days.
  const auto f = forecastPool({at(0, 20), at(5, 30), at(10, 40)});
  REQUIRE(f);
  CHECK(f->perDay == Approx(2.0));
  CHECK(f->free == 60);
  CHECK(f->days == 30);
  CHECK(forecastText(f) ==
        "runs dry in about 30 days (at 2 assignments a day over the last 30 days)");
}

TEST_CASE("pool forecast: only the last 30 days count", "[report]") {
  // A burst 40 days ago is out of the window: 10 assigned over the last 20 days.
  const auto f = forecastPool({at(0, 0), at(20, 80), at(40, 80), at(60, 90)});
  REQUIRE(f);
  CHECK(f->perDay == Approx(0.5));
  CHECK(f->days == 20);  // 10 free
}

TEST_CASE("pool forecast: none with less than 7 days of history", "[report]") {
  CHECK_FALSE(forecastPool({}));
  CHECK_FALSE(forecastPool({at(0, 10)}));
  CHECK_FALSE(forecastPool({at(0, 10), at(6.9, 40)}));
  CHECK(forecastPool({at(0, 10), at(7, 40)}));
  // Old history with a gap: the window holds less than 7 days of it.
  CHECK_FALSE(forecastPool({at(0, 10), at(40, 20), at(43, 30)}));
  CHECK(forecastText(std::nullopt).empty());
}

TEST_CASE("pool forecast: none while nothing is used up", "[report]") {
  CHECK_FALSE(forecastPool({at(0, 40), at(10, 40)}));  // 0 a day
  CHECK_FALSE(forecastPool({at(0, 40), at(10, 30)}));  // seats freed
}

TEST_CASE("pool forecast: a pool already dry, or dry within a day", "[report]") {
  const auto dry = forecastPool({at(0, 90), at(10, 100)});
  REQUIRE(dry);
  CHECK(dry->days == 0);
  CHECK(forecastText(dry) == "no free asset left (at 1 assignment a day over the last 30 days)");
  const auto soon = forecastPool({at(0, 0), at(10, 99)});  // 9.9 a day, 1 free
  REQUIRE(soon);
  CHECK(soon->days == 0);
  CHECK(forecastText(soon) ==
        "runs dry within a day (at 9.9 assignments a day over the last 30 days)");
  const auto one = forecastPool({at(0, 0), at(10, 10, 11)});
  CHECK(forecastText(one) ==
        "runs dry in about 1 day (at 1 assignment a day over the last 30 days)");
}

TEST_CASE("pool forecast: a slow rate is said as under 0.1 a day", "[report]") {
  const auto f = forecastPool({at(0, 0), at(30, 1)});
  REQUIRE(f);
  CHECK(f->days == 2970);
  CHECK(forecastText(f) ==
        "runs dry in about 2970 days (at under 0.1 assignments a day over the last 30 days)");
}
