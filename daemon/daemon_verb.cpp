// `membersync daemon`: the service host (daemon/host) wired to the real clock, systemd and logs.

#include <memory>
#include <ostream>
#include <stdexcept>

#include "daemon/host/daemon_host.h"
#include "daemon/host/notify.h"
#include "daemon/logging.h"
#include "daemon/run_report.h"
#include "daemon/verbs.h"
#include "jobs/core/scrubber.h"
#include "jobs/i18n/message.h"
#include "jobs/policy/policy.h"

namespace membersync::cli {

ExitCode runDaemon(const VerbContext& ctx) {
  const config::Config& config = ctx.config;
  // One scrubber for the daemon's whole life: its log, its health endpoint and every runtime
  // (reloads make new ones) register with and scrub through this one.
  const auto scrubber = std::make_shared<Scrubber>();
  config::registerSecrets(config, *scrubber);
  daemon::LogSettings logs;
  logs.file = config.daemon.logFile;
  logs.level = config.daemon.logLevel;
  logs.journal = daemon::stderrIsJournal();
  logs.scrubber = scrubber;
  try {
    daemon::setUpLogging(logs);
  } catch (const std::runtime_error& e) {
    throw config::ConfigError(i18n::msg("{file}: [daemon] log_file: {error}")
                                  .with("file", config.sourceFile)
                                  .with("error", std::string(e.what())));
  }
  daemon::SystemdNotifier notifier;
  SystemClock clock;
  daemon::DaemonHost host(ctx.invocation.configPath, ctx.invocation.configArgument, config,
                          notifier, clock, *scrubber);
  // The journal's language: [report] language (a service has no LANG).
  const i18n::Translator tr = reportTranslator(config);
  try {
    return host.run();
  } catch (const config::ConfigError& e) {
    daemon::log(
        daemon::LogLevel::Error,
        i18n::format(tr.tr("cannot start: configuration error: {error}"), {{"error", e.what()}}));
    return ExitCode::Configuration;
  } catch (const policy::PolicyError& e) {
    daemon::log(daemon::LogLevel::Error,
                i18n::format(tr.tr("cannot start: policy error: {error}"), {{"error", e.what()}}));
    return ExitCode::Configuration;
  } catch (const std::exception& e) {
    daemon::log(daemon::LogLevel::Error,
                i18n::format(tr.tr("cannot start: {error}"), {{"error", e.what()}}));
    return ExitCode::Failed;
  }
}

}  // namespace membersync::cli
