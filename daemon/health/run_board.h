#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jobs/center/stats.h"
#include "jobs/core/clock.h"
#include "jobs/state/types.h"

namespace membersync {
class Scrubber;
}

namespace membersync::daemon {

// One run of the daemon as /healthz and /metrics show it.
struct FinishedRun {
  std::int64_t id = 0;  // the state database's run id; 0 when the run failed before it began
  std::string outcome;  // "done", "held", "partly-failed", "failed" (SyncOutcome), or "error"
  Clock::WallPoint started;
  Clock::WallPoint finished;
  state::RunCounts counts;
  std::string message;
  bool failed = false;  // counts towards /healthz answering 503
  // Plan items by (kind, outcome): ("add", "succeeded"), ("edit", "refused"), ("edit", "held").
  std::map<std::pair<std::string, std::string>, std::uint64_t> items;
  int poolShortages = 0;  // asset rules whose pool or product ran dry in this run
  // Confirmed passwords not handed out after the run, by mail state ("", "retry", "refused",
  // "in-doubt", "manual"); nullopt when they were not counted (a failed or cancelled run): the
  // gauge keeps its last value.
  std::optional<std::map<std::string, int>> passwordsWaiting;
  // What needs a person once the run ended, by kind (report::toString(AttentionKind)); nullopt
  // when it was not computed (a run that failed): the gauges keep their last values.
  std::optional<std::map<std::string, int>> attention;
};

// What the daemon knows about its runs, shared between the loop, the run thread and the health
// endpoint's threads. Thread-safe: every method locks. A run's message may quote the service:
// it passes `scrubber` (which must outlive the board) before the board keeps it, so nothing
// /healthz, /metrics or STATUS= shows carries a secret.
class RunBoard {
 public:
  // /healthz answers 503 after this many failed runs in a row.
  explicit RunBoard(const Scrubber& scrubber, int unhealthyAfter = 2);

  // The last run recorded in the state database when the daemon started (any kind), shown until
  // the daemon's own first run ends. Does not count towards health.
  void seed(const state::RunSummary& last);

  // What needs a person as the state said when the daemon started, until its first run ends.
  void seedAttention(const std::map<std::string, int>& byKind);

  void runStarted(Clock::WallPoint at);
  void phase(const std::string& name, std::size_t total);
  void advance(std::size_t n);
  void runFinished(const FinishedRun& run);

  // The scheduler's view, for STATUS=, /healthz and /metrics.
  void setSchedule(const std::string& schedule, Clock::WallPoint nextRun, Clock::Duration backoff,
                   int systemicInARow);
  void setStopping();

  bool running() const;
  // Grows with every progress report: the watchdog's sign that a run still moves.
  std::uint64_t progressTicks() const;

  // 200 while no run has failed `unhealthyAfter` times in a row, or while a run is going; 503
  // otherwise. The body: JSON with the status, the last run and the schedule.
  int healthStatus() const;
  std::string healthJson() const;
  // Prometheus text format (version 0.0.4); `calls` are the clients' call counters.
  std::string metricsText(const std::vector<center::CallStats::Row>& calls) const;
  // One line for systemd's STATUS=: the phase and the counts.
  std::string statusLine() const;

 private:
  struct Progress {
    std::string phase;
    std::size_t total = 0;
    std::size_t done = 0;
  };
  struct LastRun {
    std::int64_t id = 0;
    std::string kind;
    std::string outcome;
    Clock::WallPoint started;
    std::optional<Clock::WallPoint> finished;
    state::RunCounts counts;
    std::string message;
    std::map<std::string, std::uint64_t> held;  // items a guard held back, by the kind they are
  };

  const Scrubber& scrubber_;
  const int unhealthyAfter_;
  mutable std::mutex mutex_;
  bool running_ = false;
  bool stopping_ = false;
  Clock::WallPoint runStarted_;
  Progress progress_;
  std::uint64_t ticks_ = 0;
  std::optional<LastRun> last_;
  std::optional<Clock::WallPoint> lastSuccess_;
  std::optional<Clock::Duration> lastDuration_;
  int failuresInARow_ = 0;
  int poolShortages_ = 0;
  std::map<std::string, int> passwordsWaiting_;
  std::map<std::string, int> attention_;  // by kind
  std::map<std::string, std::uint64_t> runsByOutcome_;
  std::map<std::pair<std::string, std::string>, std::uint64_t> items_;
  std::string schedule_;
  std::optional<Clock::WallPoint> nextRun_;
  Clock::Duration backoff_{};
  int systemicInARow_ = 0;
};

}  // namespace membersync::daemon
