#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "daemon/exit_codes.h"
#include "daemon/health/run_board.h"
#include "daemon/host/log_level.h"
#include "daemon/host/scheduler.h"
#include "jobs/center/stats.h"
#include "jobs/core/clock.h"
#include "jobs/i18n/translator.h"
#include "jobs/policy/policy.h"

namespace membersync::apply {
struct SyncReport;
}

namespace membersync {
class Scrubber;
}

namespace membersync::cli {
class Runtime;
}

namespace membersync::daemon {

class HealthServer;
class Notifier;
class RunThread;
struct RunSummary;
class SignalWaiter;

// `membersync daemon`: runs syncs on the configured schedule in the foreground until SIGTERM,
// SIGINT or SIGQUIT, and reloads the configuration and policy on SIGHUP. Threads: the calling
// thread runs the loop and handles signals; each run goes on a thread of its own (RunThread);
// the health endpoint has its own. The state lock is the caller's (app.cpp).
class DaemonHost {
 public:
  // `config` was loaded from `configPath` (reloads read that path again). `clock` is the clock
  // for scheduling; the runs use the Runtime's. `scrubber` (which must outlive the host) is
  // handed to every runtime it makes and to the run board behind /healthz and /metrics.
  // `configArgument` ("--config FILE", or "" for the default configuration) goes into the
  // commands people are told.
  DaemonHost(std::string configPath, std::string configArgument, const config::Config& config,
             Notifier& notifier, Clock& clock, Scrubber& scrubber);
  ~DaemonHost();
  DaemonHost(const DaemonHost&) = delete;
  DaemonHost& operator=(const DaemonHost&) = delete;

  // Blocks the signals, loads the policy and opens the database (exceptions: policy::PolicyError,
  // state::StateError, config::ConfigError for an unusable [daemon] listen), starts the health
  // endpoint, sends READY=1 and runs until stopped. Returns Done after a clean stop.
  ExitCode run();

 private:
  void start();
  // What needs a person as the state says now: the gauges' values before the first run.
  void seedAttention();
  void reportTo(const apply::SyncReport& run, RunSummary& summary);
  void stop();
  void onSignal(int signo);
  void reload();
  RunVerdict runOnce();
  RunVerdict skipped(Clock::WallPoint started, const std::string& why);
  void awake();
  bool runLooksAlive();
  void publishStatus();
  std::vector<center::CallStats::Row> callStats();
  void adoptRuntime(std::unique_ptr<config::Config> config, std::unique_ptr<cli::Runtime> runtime);
  std::string reloadedLine(bool newSchedule) const;
  std::string reloadFailedLine(const std::string& why) const;

  const std::string configPath_;
  const std::string configArgument_;
  Notifier& notifier_;
  Clock& clock_;
  Scrubber& scrubber_;

  // The configuration, policy and runtime in use. Replaced by reload() only while no run goes;
  // runtimeMutex_ guards the pointers against the health endpoint reading call statistics.
  std::unique_ptr<config::Config> config_;
  policy::Policy policy_;
  std::unique_ptr<cli::Runtime> runtime_;
  std::mutex runtimeMutex_;
  std::vector<center::CallStats::Row> retiredCalls_;  // counters of runtimes replaced by reloads
  // The language of the log's lines and the reports: [report] language of the configuration in
  // use (cli::reportTranslator), replaced with it.
  i18n::Translator tr_;

  RunBoard board_;
  std::unique_ptr<Scheduler> scheduler_;
  std::unique_ptr<SignalWaiter> waiter_;
  std::unique_ptr<RunThread> runner_;
  std::unique_ptr<HealthServer> server_;

  std::atomic<bool> cancel_{false};  // read by the applier: send no new call
  bool stopRequested_ = false;
  bool reloadPending_ = false;

  std::optional<Clock::Duration> watchdogInterval_;
  Clock::SteadyPoint lastWatchdog_{};
  std::uint64_t lastSignOfLife_ = 0;
  Clock::SteadyPoint lastLifeAt_{};
  bool stallReported_ = false;
  std::string lastStatus_;
};

}  // namespace membersync::daemon
