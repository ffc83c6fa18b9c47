#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "jobs/center/rate_limiter.h"
#include "jobs/core/manual_clock.h"

using membersync::ManualClock;
using membersync::center::RateLimiter;
using namespace std::chrono_literals;

TEST_CASE("rate limiter: requests are spaced 1/rate apart on the injected clock", "[center]") {
  ManualClock clock;
  RateLimiter limiter(clock, 10);
  for (int i = 0; i < 30; ++i) limiter.acquire();
  CHECK(clock.totalSlept() == 2900ms);  // the first goes at once, then one every 100 ms
}

TEST_CASE("rate limiter: time that passed between requests is not slept again", "[center]") {
  ManualClock clock;
  RateLimiter limiter(clock, 4);
  limiter.acquire();
  clock.advance(1s);
  limiter.acquire();
  CHECK(clock.totalSlept() == 0ms);
  limiter.acquire();
  CHECK(clock.totalSlept() == 250ms);
}

TEST_CASE("rate limiter: 0 means no limit", "[center]") {
  ManualClock clock;
  RateLimiter limiter(clock, 0);
  for (int i = 0; i < 1000; ++i) limiter.acquire();
  CHECK(clock.totalSlept() == 0ms);
}

TEST_CASE("rate limiter: threads sharing a limiter each reserve their own slot", "[center]") {
  ManualClock clock;
  RateLimiter limiter(clock, 5);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 5; ++i) limiter.acquire();
    });
  for (auto& t : threads) t.join();
  // 20 requests at 5 a second: whatever the interleaving, the waits add up to at least
  // (20 - 1) * 200 ms in total (threads sleep in parallel on a real clock; here sleeps add).
  CHECK(clock.totalSlept() >= 3799ms);
}
