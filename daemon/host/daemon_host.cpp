#include "daemon/host/daemon_host.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "config/loader.h"
#include "daemon/hand_out.h"
#include "daemon/health/health_server.h"
#include "daemon/host/daemon_progress.h"
#include "daemon/host/daemon_settings.h"
#include "daemon/host/notify.h"
#include "daemon/host/run_summary.h"
#include "daemon/host/run_thread.h"
#include "daemon/host/signal_waiter.h"
#include "daemon/inputs.h"
#include "daemon/lock_file.h"
#include "daemon/logging.h"
#include "daemon/run_report.h"
#include "daemon/runtime.h"
#include "jobs/apply/sync_job.h"
#include "jobs/center/read_ahead.h"
#include "jobs/directory/person.h"
#include "jobs/i18n/message.h"
#include "jobs/state/state_error.h"

namespace membersync::daemon {
namespace {

void addCalls(std::vector<center::CallStats::Row>& into,
              const std::vector<center::CallStats::Row>& rows) {
  if (into.empty()) {
    into = rows;
    return;
  }
  for (std::size_t i = 0; i < into.size() && i < rows.size(); ++i) {
    auto& a = into[i].stats;
    const auto& b = rows[i].stats;
    a.calls += b.calls;
    a.ok += b.ok;
    a.failed += b.failed;
    a.unknown += b.unknown;
    a.attempts += b.attempts;
    a.retries += b.retries;
    a.renewals += b.renewals;
    for (std::size_t k = 0; k < a.failedByKind.size(); ++k) a.failedByKind[k] += b.failedByKind[k];
    a.totalTime += b.totalTime;
  }
}

// The confirmed passwords are mailed after the run; what happened goes to the log. A failure to
// mail does not fail the run: the passwords wait in the outbox, counted by /metrics.
void handOut(cli::Runtime& rt, const config::Config& config, const directory::Export& hr,
             const std::atomic<bool>& cancel, RunSummary& summary, const i18n::Translator& tr) {
  try {
    const auto lines = cli::handOutPasswords(rt, config, hr, &cancel);
    for (std::size_t i = 0; i < lines.size(); ++i)
      summary.log.emplace_back(i == 0 ? LogLevel::Info : LogLevel::Warning, lines[i]);
    std::map<std::string, int> waiting;
    for (const auto& row : rt.store().passwordsToHandOut()) ++waiting[state::toString(row.mail)];
    summary.board.passwordsWaiting = waiting;
  } catch (const std::exception& e) {
    summary.log.emplace_back(LogLevel::Error, i18n::format(tr.tr("passwords not mailed: {error}"),
                                                           {{"error", e.what()}}));
  }
}

std::uint64_t attemptsOf(const std::vector<center::CallStats::Row>& rows) {
  std::uint64_t n = 0;
  for (const auto& r : rows) n += r.stats.attempts;
  return n;
}

}  // namespace

DaemonHost::DaemonHost(std::string configPath, std::string configArgument,
                       const config::Config& config, Notifier& notifier, Clock& clock,
                       Scrubber& scrubber)
    : configPath_(std::move(configPath)),
      configArgument_(std::move(configArgument)),
      notifier_(notifier),
      clock_(clock),
      scrubber_(scrubber),
      config_(std::make_unique<config::Config>(config)),
      board_(scrubber) {}

DaemonHost::~DaemonHost() = default;

ExitCode DaemonHost::run() {
  // First, before any thread exists: every thread inherits the blocked signals.
  waiter_ = std::make_unique<SignalWaiter>([this](int signo) { onSignal(signo); });
  // main() ignores SIGPIPE for every verb; said again here because the host must not depend on
  // it: a client closing /metrics early must not end the daemon.
  ::signal(SIGPIPE, SIG_IGN);
  start();

  LoopHooks hooks;
  hooks.stopRequested = [this] { return stopRequested_; };
  hooks.betweenRuns = [this] {
    if (reloadPending_) reload();
  };
  hooks.awake = [this] { awake(); };
  hooks.maxNap = [this](bool going) -> Clock::Duration {
    if (going) return std::chrono::seconds(1);  // STATUS= follows the run's progress
    Clock::Duration nap = std::chrono::seconds(30);
    if (watchdogInterval_) nap = std::min(nap, *watchdogInterval_);
    return nap;
  };
  hooks.log = [](LogLevel level, const std::string& message) { log(level, message); };
  runServiceLoop(*scheduler_, *runner_, *waiter_, clock_, hooks);

  stop();
  return ExitCode::Done;
}

void DaemonHost::seedAttention() {
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       runtime_->clock().wallNow().time_since_epoch())
                       .count();
  board_.seedAttention(attentionCounts(report::attention(report::attentionInputs(
      runtime_->store(), 0, now, config_->report.passwordWaitDays, configArgument_))));
}

// READY=1 is sent only once the configuration, the policy and the database are loaded and the
// health endpoint listens.
void DaemonHost::start() {
  tr_ = cli::reportTranslator(*config_);
  scheduler_ = std::make_unique<Scheduler>(scheduleOf(*config_), clock_, tr_);
  policy_ = cli::readPolicy(*config_);
  runtime_ = std::make_unique<cli::Runtime>(*config_, scrubber_);
  const auto recent = runtime_->store().recentRuns(1);
  if (!recent.empty()) board_.seed(recent.front());
  seedAttention();

  if (!config_->daemon.listen.empty()) {
    HealthSource source;
    source.status = [this] { return board_.healthStatus(); };
    source.health = [this] { return board_.healthJson(); };
    source.metrics = [this] { return board_.metricsText(callStats()); };
    try {
      server_ = std::make_unique<HealthServer>(config_->daemon.listen, std::move(source));
    } catch (const std::invalid_argument& e) {
      throw config::ConfigError(i18n::msg("{file}: [daemon] listen: {error}")
                                    .with("file", config_->sourceFile)
                                    .with("error", std::string(e.what())));
    } catch (const std::runtime_error& e) {
      // Most often the address is in use (another daemon, another program): the setting must
      // change, or the other program go, before a restart can help.
      throw config::ConfigError(i18n::msg("{file}: [daemon] listen: {error}; choose a free "
                                          "host:port, or leave it empty for no endpoint")
                                    .with("file", config_->sourceFile)
                                    .with("error", std::string(e.what())));
    }
    log(LogLevel::Notice,
        i18n::format(tr_.tr("health and metrics on http://{address}/healthz and /metrics"),
                     {{"address", server_->boundAddress()}}));
  }
  runner_ = std::make_unique<RunThread>([this] { return runOnce(); }, [this] { waiter_->wake(); });
  watchdogInterval_ = watchdogPingInterval();
  lastWatchdog_ = clock_.steadyNow();
  lastLifeAt_ = clock_.steadyNow();

  board_.setSchedule(scheduler_->schedule().text(), scheduler_->nextDue(), {}, 0);
  lastStatus_ = board_.statusLine();
  notifier_.notify("READY=1\nSTATUS=" + lastStatus_);
  const i18n::Arguments started{{"pid", std::to_string(::getpid())},
                                {"schedule", scheduler_->schedule().text()},
                                {"database", config_->state.database},
                                {"time", personTime(scheduler_->nextDue())}};
  log(LogLevel::Notice,
      i18n::format(scheduler_->nextDue() <= clock_.wallNow()
                       ? tr_.tr("membersync daemon started (pid {pid}): schedule '{schedule}', "
                                "state {database}, first run now")
                       : tr_.tr("membersync daemon started (pid {pid}): schedule '{schedule}', "
                                "state {database}, first run {time}"),
                   started));
}

// After SIGTERM, SIGINT or SIGQUIT: the run going (if any) sends no new call and ends once the
// calls in flight have (bounded by the client's time-out); the steps it did not send are
// journaled as not done, for the next run.
void DaemonHost::stop() {
  board_.setStopping();
  notifier_.notify("STOPPING=1\nSTATUS=" + board_.statusLine());
  if (runner_->busy()) {
    const Clock::Duration grace = 2 * config_->center.timeout + std::chrono::seconds(15);
    log(LogLevel::Notice,
        i18n::format(tr_.tr("waiting up to {time} for the calls in flight; no new call is sent"),
                     {{"time", durationText(grace)}}));
    const auto deadline = clock_.steadyNow() + grace;
    while (runner_->busy() && clock_.steadyNow() < deadline) {
      waiter_->waitFor(
          std::min<Clock::Duration>(deadline - clock_.steadyNow(), std::chrono::seconds(1)));
      awake();
    }
    if (runner_->busy()) {
      log(LogLevel::Error,
          i18n::format(tr_.tr("the run did not end within {time} of the stop request; exiting "
                              "with calls in doubt, which the next run settles by reading before "
                              "it sends anything"),
                       {{"time", durationText(grace)}}));
      flushLog();
      runner_->abandon();
      std::_Exit(toInt(ExitCode::Failed));
    }
    runner_->takeFinished();
  }
  server_.reset();
  log(LogLevel::Notice, tr_.tr("membersync daemon stopped"));
  flushLog();
}

void DaemonHost::onSignal(int signo) {
  if (signo == SIGHUP) {
    reloadPending_ = true;
    log(LogLevel::Notice,
        runner_ && runner_->busy()
            ? tr_.tr("SIGHUP: reloading the configuration and the policy once the run going has "
                     "ended")
            : tr_.tr("SIGHUP: reloading the configuration and the policy"));
    return;
  }
  if (!stopRequested_) {
    stopRequested_ = true;
    cancel_ = true;
    log(LogLevel::Notice,
        i18n::format(runner_ && runner_->busy()
                         ? tr_.tr("{signal}: stopping; the run going sends no new call and ends "
                                  "when the calls in flight have")
                         : tr_.tr("{signal}: stopping"),
                     {{"signal", signalName(signo)}}));
    return;
  }
  log(LogLevel::Warning,
      i18n::format(
          tr_.tr("{signal} again: exiting now; calls in doubt are settled by the next run"),
          {{"signal", signalName(signo)}}));
  flushLog();
  std::_Exit(toInt(ExitCode::Failed));
}

// Between runs only. A file that does not load leaves everything as it was.
void DaemonHost::reload() {
  reloadPending_ = false;
  try {
    auto fresh = std::make_unique<config::Config>(
        config::loadConfig(configPath_, config::environmentFromProcess()));
    Schedule schedule = scheduleOf(*fresh);
    policy::Policy policy = cli::readPolicy(*fresh);
    if (fresh->state.database != config_->state.database) {
      throw config::ConfigError(i18n::msg("{file}: [state] database cannot change while the "
                                          "daemon runs (it holds that database's lock); restart "
                                          "it")
                                    .with("file", configPath_));
    }
    auto runtime = std::make_unique<cli::Runtime>(*fresh, scrubber_);
    runtime->store();
    std::vector<std::string> later;
    if (fresh->daemon.listen != config_->daemon.listen) later.push_back("[daemon] listen");
    if (fresh->daemon.logFile != config_->daemon.logFile) later.push_back("[daemon] log_file");
    updateLogging(fresh->daemon.logLevel);
    const bool newSchedule = schedule.text() != scheduler_->schedule().text();
    if (newSchedule) scheduler_->setSchedule(std::move(schedule));
    policy_ = std::move(policy);
    tr_ = cli::reportTranslator(*fresh);
    scheduler_->setTranslator(tr_);
    adoptRuntime(std::move(fresh), std::move(runtime));
    log(LogLevel::Notice, reloadedLine(newSchedule));
    for (const auto& key : later) {
      log(LogLevel::Warning,
          i18n::format(tr_.tr("{key} changed: it takes effect when the daemon restarts"),
                       {{"key", key}}));
    }
  } catch (const config::ConfigError& e) {
    log(LogLevel::Error, reloadFailedLine(e.what()));
  } catch (const policy::PolicyError& e) {
    log(LogLevel::Error, reloadFailedLine(e.what()));
  } catch (const std::exception& e) {
    log(LogLevel::Error, reloadFailedLine(e.what()));
  }
}

std::string DaemonHost::reloadFailedLine(const std::string& why) const {
  return i18n::format(
      tr_.tr("reload failed, keeping the previous configuration and policy: {error}"),
      {{"error", why}});
}

// "reloaded FILE [and POLICY][; schedule now '...', next run TIME]"
std::string DaemonHost::reloadedLine(bool newSchedule) const {
  const i18n::Arguments args{{"config", configPath_},
                             {"policy", config_->policy.path},
                             {"schedule", scheduler_->schedule().text()},
                             {"time", personTime(scheduler_->nextDue())}};
  const bool policy = !config_->policy.path.empty();
  if (newSchedule)
    return i18n::format(policy ? tr_.tr("reloaded {config} and {policy}; schedule now "
                                        "'{schedule}', next run {time}")
                               : tr_.tr("reloaded {config}; schedule now '{schedule}', next run "
                                        "{time}"),
                        args);
  return i18n::format(
      policy ? tr_.tr("reloaded {config} and {policy}") : tr_.tr("reloaded {config}"), args);
}

void DaemonHost::adoptRuntime(std::unique_ptr<config::Config> config,
                              std::unique_ptr<cli::Runtime> runtime) {
  std::lock_guard<std::mutex> lock(runtimeMutex_);
  addCalls(retiredCalls_, runtime_->session().stats().snapshot());
  runtime_ = std::move(runtime);  // the old runtime refers to the old config: it goes first
  config_ = std::move(config);
}

std::vector<center::CallStats::Row> DaemonHost::callStats() {
  std::lock_guard<std::mutex> lock(runtimeMutex_);
  auto rows = runtime_->session().stats().snapshot();
  addCalls(rows, retiredCalls_);
  return rows;
}

// A run that could not take the state lock: not a failure of the service or of this host (it
// does not count towards /healthz's failures); the schedule goes on.
RunVerdict DaemonHost::skipped(Clock::WallPoint started, const std::string& why) {
  RunSummary summary;
  summary.verdict = RunVerdict::Failed;
  summary.board.outcome = "skipped";
  summary.board.started = started;
  summary.board.finished = clock_.wallNow();
  summary.board.message = "run skipped: " + why;  // the run board's (/healthz), for programs
  log(LogLevel::Warning,
      i18n::format(tr_.tr("run skipped: {why}; the next run is at its scheduled time"),
                   {{"why", why}}));
  board_.runFinished(summary.board);
  return summary.verdict;
}

// On the run's thread. The configuration, policy and runtime do not change while it goes.
RunVerdict DaemonHost::runOnce() {
  const auto started = clock_.wallNow();
  board_.runStarted(started);
  RunSummary summary;
  // The state lock only while the run goes, so `allow` and the other writing verbs work
  // between runs; a run that finds another membersync at work is skipped, not waited for.
  std::string busy;
  const auto lock = cli::tryStateLock(config_->state.database, "daemon", busy);
  if (!lock) return skipped(started, busy);
  try {
    cli::Runtime& rt = *runtime_;
    // The state first (its enterprise checked), then the grants and the first member pages
    // while the export is read.
    center::ReadAhead ahead(rt.session(), rt.client(), rt.store().linkCount());
    const directory::Export hr = cli::readHrExport(*config_, policy_);
    for (const std::string& notice : hr.notices) log(LogLevel::Info, notice);
    DaemonProgress progress(board_, tr_);
    apply::SyncJob job = rt.syncJob(progress);
    apply::SyncRequest request = rt.syncRequest(state::RunKind::Daemon, true);
    request.settings.apply.cancel = &cancel_;
    request.readAhead = &ahead;
    request.configArgument = configArgument_;
    const apply::SyncReport report = job.run(hr, policy_, request);
    summary = summarize(report, cancel_, started, clock_.wallNow(), tr_);
    if (!cancel_.load()) {
      handOut(rt, *config_, hr, cancel_, summary, tr_);
      reportTo(report, summary);
    }
  } catch (const std::exception& e) {
    // An unreadable HR export or a failing database: a local problem, not the service's.
    summary.verdict = RunVerdict::Failed;
    summary.board.outcome = "error";
    summary.board.failed = true;
    summary.board.started = started;
    summary.board.finished = clock_.wallNow();
    const bool hrProblem = dynamic_cast<const directory::ExportError*>(&e) != nullptr;
    const bool stateProblem = dynamic_cast<const state::StateError*>(&e) != nullptr;
    summary.board.message = std::string(hrProblem      ? "the HR export cannot be used: "
                                        : stateProblem ? "state database: "
                                                       : "") +
                            e.what();
    summary.log.emplace_back(
        LogLevel::Error,
        i18n::format(hrProblem      ? tr_.tr("run failed: the HR export cannot be used: {error}")
                     : stateProblem ? tr_.tr("run failed: state database: {error}")
                                    : tr_.tr("run failed: {error}"),
                     {{"error", e.what()}}));
    apply::SyncReport failed;  // a local problem needs a person as much as the service's
    // The board's text is for programs (/healthz); the report's is a message, in its language.
    failed.message = i18n::encodeMessage(
        hrProblem      ? i18n::msg("the HR export cannot be used: {error}").with("error", e.what())
        : stateProblem ? i18n::msg("state database: {error}").with("error", e.what())
                       : i18n::verbatim(e.what()));
    reportTo(failed, summary);
  }
  for (const auto& [level, line] : summary.log) log(level, line);
  board_.runFinished(summary.board);
  return summary.verdict;
}

// The run reported as [report] says, once it is recorded; what happened goes to the log.
void DaemonHost::reportTo(const apply::SyncReport& run, RunSummary& summary) {
  try {
    for (const auto& line :
         cli::reportRun(*config_, *runtime_, run, summary.board.outcome, configArgument_, tr_))
      summary.log.emplace_back(line.warning ? LogLevel::Warning : LogLevel::Info, line.text);
  } catch (const std::exception& e) {  // the runtime itself may be what failed
    summary.log.emplace_back(LogLevel::Warning, i18n::format(tr_.tr("run report not sent: {error}"),
                                                             {{"error", e.what()}}));
  }
}

// On every wake-up of the loop: STATUS= when it changed, and the watchdog.
void DaemonHost::awake() {
  publishStatus();
  if (!watchdogInterval_) return;
  const auto now = clock_.steadyNow();
  if (now - lastWatchdog_ < *watchdogInterval_) return;
  if (runLooksAlive()) {
    notifier_.notify("WATCHDOG=1");
    lastWatchdog_ = now;
  }
}

// The loop is alive (it is asking); a run going must show a sign of life — progress, or a
// request sent — within a few client time-outs. Otherwise the watchdog is withheld, so systemd
// restarts a daemon whose run hangs.
bool DaemonHost::runLooksAlive() {
  const auto now = clock_.steadyNow();
  const std::uint64_t signs = board_.progressTicks() + attemptsOf(callStats());
  if (signs != lastSignOfLife_ || !board_.running()) {
    lastSignOfLife_ = signs;
    lastLifeAt_ = now;
    stallReported_ = false;
    return true;
  }
  const Clock::Duration limit = std::max<Clock::Duration>(
      std::chrono::minutes(10), 4 * config_->center.timeout);
  if (now - lastLifeAt_ < limit) return true;
  if (!stallReported_) {
    log(LogLevel::Error,
        i18n::format(tr_.tr("the run has shown no progress for {time}; withholding the watchdog "
                            "ping so that systemd restarts membersync"),
                     {{"time", durationText(now - lastLifeAt_)}}));
    stallReported_ = true;
  }
  return false;
}

void DaemonHost::publishStatus() {
  board_.setSchedule(scheduler_->schedule().text(), scheduler_->nextDue(), scheduler_->backoff(),
                     scheduler_->systemicFailuresInARow());
  const std::string status = board_.statusLine();
  if (status == lastStatus_) return;
  lastStatus_ = status;
  notifier_.notify("STATUS=" + status);
}

}  // namespace membersync::daemon
