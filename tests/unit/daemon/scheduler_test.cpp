// The scheduler and the service loop on a stepped ManualClock: no test sleeps.

#include "daemon/host/scheduler.h"

#include <stdlib.h>
#include <time.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "daemon/host/service_loop.h"
#include "jobs/core/manual_clock.h"

namespace {

using namespace std::chrono_literals;
using membersync::Clock;
using membersync::ManualClock;
using membersync::daemon::LogLevel;
using membersync::daemon::LoopHooks;
using membersync::daemon::RunVerdict;
using membersync::daemon::Schedule;
using membersync::daemon::Scheduler;

// Every test here runs in UTC+8 without daylight saving.
struct FixedZone {
  FixedZone() {
    setenv("TZ", "CST-8", 1);
    tzset();
  }
};

Clock::WallPoint at(int y, int mo, int d, int h, int mi, int s = 0) {
  static FixedZone zone;
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

std::string local(Clock::WallPoint t) {
  return membersync::localTimeText(t);
}

// A run that takes `duration` of the manual clock. start() fails the test if a run is going.
class FakeRunner final : public membersync::daemon::Runner {
 public:
  FakeRunner(ManualClock& clock, Clock::Duration duration) : clock_(clock), duration_(duration) {}

  void start() override {
    REQUIRE_FALSE(busy());
    starts.push_back(clock_.wallNow());
    end_ = clock_.steadyNow() + duration_;
    going_ = true;
  }
  bool busy() const override { return going_ && clock_.steadyNow() < end_; }
  std::optional<RunVerdict> takeFinished() override {
    if (!going_ || busy()) return std::nullopt;
    going_ = false;
    RunVerdict v = verdicts.empty() ? RunVerdict::Succeeded : verdicts.front();
    if (!verdicts.empty()) verdicts.erase(verdicts.begin());
    return v;
  }
  Clock::SteadyPoint end() const { return end_; }

  std::vector<Clock::WallPoint> starts;
  std::vector<RunVerdict> verdicts;  // taken in order; Succeeded when empty

 private:
  ManualClock& clock_;
  Clock::Duration duration_;
  Clock::SteadyPoint end_{};
  bool going_ = false;
};

// Waiting advances the manual clock, and wakes when the fake run ends (as the real one does).
class SteppingWaiter final : public membersync::daemon::Waiter {
 public:
  SteppingWaiter(ManualClock& clock, FakeRunner& runner) : clock_(clock), runner_(runner) {}
  void waitFor(Clock::Duration d) override {
    if (runner_.busy()) d = std::min(d, runner_.end() - clock_.steadyNow());
    clock_.advance(d);
    ++waits;
  }
  int waits = 0;

 private:
  ManualClock& clock_;
  FakeRunner& runner_;
};

struct Loop {
  Loop(const std::string& schedule, Clock::WallPoint start, Clock::Duration runTakes)
      : clock(start),
        scheduler(Schedule::parse(schedule), clock),
        runner(clock, runTakes),
        waiter(clock, runner) {
    hooks.log = [this](LogLevel, const std::string& m) { log.push_back(m); };
    hooks.maxNap = [](bool) { return Clock::Duration(std::chrono::hours(1)); };
  }
  // Runs the loop until the clock reaches `until`.
  void runUntil(Clock::WallPoint until) {
    hooks.stopRequested = [this, until] { return clock.wallNow() >= until; };
    membersync::daemon::runServiceLoop(scheduler, runner, waiter, clock, hooks);
  }
  std::vector<std::string> startTimes() const {
    std::vector<std::string> out;
    for (auto t : runner.starts) out.push_back(local(t));
    return out;
  }

  ManualClock clock;
  Scheduler scheduler;
  FakeRunner runner;
  SteppingWaiter waiter;
  LoopHooks hooks;
  std::vector<std::string> log;
};

}  // namespace

TEST_CASE("scheduler: `every` runs at once, then every interval", "[daemon][scheduler]") {
  ManualClock clock(at(2026, 3, 1, 10, 0, 0));
  Scheduler s(Schedule::parse("every 30s"), clock);
  CHECK(s.poll(false).startRun);
  CHECK_FALSE(s.poll(false).startRun);
  CHECK(local(s.nextDue()) == "2026-03-01 10:00:30");
  clock.advance(29s);
  CHECK_FALSE(s.poll(false).startRun);
  clock.advance(1s);
  auto d = s.poll(false);
  CHECK(d.startRun);
  CHECK(d.messages.empty());
  CHECK(local(d.nextDue) == "2026-03-01 10:01:00");
}

TEST_CASE("scheduler: `daily` and cron wait for their first time", "[daemon][scheduler]") {
  ManualClock clock(at(2026, 3, 1, 10, 0, 0));
  Scheduler daily(Schedule::parse("daily 02:00"), clock);
  CHECK_FALSE(daily.poll(false).startRun);
  CHECK(local(daily.nextDue()) == "2026-03-02 02:00:00");
  Scheduler cron(Schedule::parse("0 */4 * * *"), clock);
  CHECK(local(cron.nextDue()) == "2026-03-01 12:00:00");
  clock.advance(16h);  // 2026-03-02 02:00
  auto d = daily.poll(false);
  CHECK(d.startRun);
  CHECK(local(d.nextDue) == "2026-03-03 02:00:00");
  // Cron slots at 12:00, 16:00, 20:00, 00:00 passed unseen: one run now, and a message.
  d = cron.poll(false);
  CHECK(d.startRun);
  REQUIRE(d.messages.size() == 1);
  CHECK_THAT(d.messages[0],
             Catch::Contains("4 runs due since 2026-03-01 12:00:00 +0800 were missed"));
  CHECK(local(d.nextDue) == "2026-03-02 04:00:00");
}

TEST_CASE("scheduler: a run due while one is going is skipped with a log line, never overlapped",
          "[daemon][scheduler]") {
  Loop loop("every 30s", at(2026, 3, 1, 10, 0, 0), 70s);
  loop.runUntil(at(2026, 3, 1, 10, 4, 0));
  // Runs take 70 s: started at :00, then the slots at :30 and :60 are skipped, :90 runs, ...
  CHECK(loop.startTimes() == std::vector<std::string>{"2026-03-01 10:00:00", "2026-03-01 10:01:30",
                                                      "2026-03-01 10:03:00"});
  int skipped = 0;
  for (const auto& line : loop.log) {
    if (line.find("is skipped: the previous run is still going") != std::string::npos) ++skipped;
  }
  // Slots 10:00:30, 10:01:00, 10:02:00, 10:02:30 and 10:03:30 fell inside a run.
  CHECK(skipped == 5);
}

TEST_CASE("scheduler: after systemic failures the backoff doubles up to a day",
          "[daemon][scheduler]") {
  ManualClock clock(at(2026, 3, 1, 0, 0, 0));
  Scheduler s(Schedule::parse("every 30s"), clock);
  std::vector<std::string> backoffs;
  for (int i = 0; i < 14; ++i) {
    REQUIRE(s.poll(false).startRun);
    const std::string message = s.finished(RunVerdict::SystemicFailure);
    CHECK_THAT(message, Catch::Contains("backing off"));
    backoffs.push_back(membersync::daemon::durationText(s.backoff()));
    // Nothing starts before the backoff ends, and the first slot after it runs.
    REQUIRE(s.backoffUntil());
    CHECK(s.nextDue() >= *s.backoffUntil());
    CHECK(s.nextDue() - *s.backoffUntil() < 30s);
    clock.advance(std::chrono::duration_cast<Clock::Duration>(*s.backoffUntil() - clock.wallNow()) -
                  1s);
    CHECK_FALSE(s.poll(false).startRun);
    clock.advance(std::chrono::duration_cast<Clock::Duration>(s.nextDue() - clock.wallNow()));
  }
  CHECK(backoffs == std::vector<std::string>{"1m", "2m", "4m", "8m", "16m", "32m", "1h4m", "2h8m",
                                             "4h16m", "8h32m", "17h4m", "1d", "1d", "1d"});
  CHECK(s.systemicFailuresInARow() == 14);
  // One good run ends the backoff.
  REQUIRE(s.poll(false).startRun);
  CHECK_THAT(s.finished(RunVerdict::Succeeded), Catch::Contains("back to the schedule"));
  CHECK(s.backoff() == Clock::Duration::zero());
  CHECK(s.nextDue() - clock.wallNow() <= 30s);
}

TEST_CASE("scheduler: a backoff shorter than the schedule's gap changes nothing",
          "[daemon][scheduler]") {
  ManualClock clock(at(2026, 3, 1, 1, 0, 0));
  Scheduler s(Schedule::parse("daily 02:00"), clock);
  clock.advance(1h);
  REQUIRE(s.poll(false).startRun);
  s.finished(RunVerdict::SystemicFailure);
  CHECK(local(s.nextDue()) == "2026-03-02 02:00:00");
  // A local failure (an unreadable HR export) is not the service's: no backoff.
  ManualClock clock2(at(2026, 3, 1, 0, 0, 0));
  Scheduler t(Schedule::parse("every 1m"), clock2);
  REQUIRE(t.poll(false).startRun);
  CHECK(t.finished(RunVerdict::Failed).empty());
  CHECK(t.backoff() == Clock::Duration::zero());
}

TEST_CASE("scheduler: the loop backs off on the stepped clock and says so in the log",
          "[daemon][scheduler]") {
  Loop loop("every 10s", at(2026, 3, 1, 0, 0, 0), 1s);
  loop.runner.verdicts = {RunVerdict::SystemicFailure, RunVerdict::SystemicFailure,
                          RunVerdict::Succeeded};
  loop.runUntil(at(2026, 3, 1, 0, 4, 0));
  // 00:00 fails (1m backoff: next slot 00:01:10), fails again (2m: 00:03:20), then succeeds.
  REQUIRE(loop.startTimes().size() >= 4);
  CHECK(loop.startTimes()[0] == "2026-03-01 00:00:00");
  CHECK(loop.startTimes()[1] == "2026-03-01 00:01:10");
  CHECK(loop.startTimes()[2] == "2026-03-01 00:03:20");
  CHECK(loop.startTimes()[3] == "2026-03-01 00:03:30");
  std::string all;
  for (const auto& l : loop.log) all += l + "\n";
  CHECK_THAT(all, Catch::Contains("systemic failure 1 in a row: backing off 1m"));
  CHECK_THAT(all, Catch::Contains("systemic failure 2 in a row: backing off 2m"));
  CHECK_THAT(all, Catch::Contains("back to the schedule"));
}

TEST_CASE("scheduler: the loop calls betweenRuns only when no run is going, and stops when asked",
          "[daemon][scheduler]") {
  Loop loop("every 1m", at(2026, 3, 1, 0, 0, 0), 20s);
  int between = 0;
  bool sawBusy = false;
  loop.hooks.betweenRuns = [&] {
    ++between;
    sawBusy = sawBusy || loop.runner.busy();
  };
  loop.runUntil(at(2026, 3, 1, 0, 10, 0));
  CHECK(loop.runner.starts.size() == 10);
  CHECK(between >= 10);
  CHECK_FALSE(sawBusy);
}

TEST_CASE("scheduler: a reloaded schedule takes effect from now", "[daemon][scheduler]") {
  ManualClock clock(at(2026, 3, 1, 10, 0, 0));
  Scheduler s(Schedule::parse("daily 02:00"), clock);
  s.setSchedule(Schedule::parse("every 5m"));
  CHECK(local(s.nextDue()) == "2026-03-01 10:05:00");
  CHECK(s.schedule().text() == "every 5m");
}
