// `membersync console`: the web console in its own process. It loads the configuration without
// the center's secrets (app.cpp) and never calls the center: its pages read the state, and an
// approval writes the state as `allow` does.

#include <signal.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "daemon/approve.h"
#include "daemon/console/console_app.h"
#include "daemon/console/http_server.h"
#include "daemon/console/listen_address.h"
#include "daemon/host/signal_waiter.h"
#include "daemon/logging.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "jobs/i18n/message.h"

namespace membersync::cli {
namespace {

void purgeAudit(const config::Config& config, Clock& clock) {
  try {
    auto store = openState(config, clock, StateUse::Read);
    const int purged = store->purgeAudit(config.console.auditDays);
    if (purged > 0)
      daemon::log(daemon::LogLevel::Info, "console: " + std::to_string(purged) +
                                              " audit entries older than [console] audit_days (" +
                                              std::to_string(config.console.auditDays) +
                                              ") purged");
  } catch (const std::exception& e) {
    daemon::log(daemon::LogLevel::Warning,
                std::string("console: purging the audit failed: ") + e.what());
  }
}

// Serves until SIGTERM or SIGINT, purging the audit at start and once a day.
void serveUntilStopped(console::ConsoleServer& server, const config::Config& config, Clock& clock,
                       daemon::SignalWaiter& waiter, const std::atomic<bool>& stop) {
  purgeAudit(config, clock);
  server.start();
  daemon::log(daemon::LogLevel::Notice,
              "console: serving " +
                  std::string(config.console.tlsCertFile.empty() ? "http" : "https") + "://" +
                  server.boundAddress() + "/ (users: " + config.console.usersFile + ")");
  auto nextPurge = clock.steadyNow() + std::chrono::hours(24);
  while (!stop) {
    waiter.waitFor(std::chrono::minutes(1));
    if (clock.steadyNow() >= nextPurge) {
      purgeAudit(config, clock);
      nextPurge = clock.steadyNow() + std::chrono::hours(24);
    }
  }
}

}  // namespace

ExitCode runConsole(const VerbContext& ctx) {
  const config::Config& config = ctx.config;
  if (const auto problem = console::listenProblem(config.console))
    throw config::ConfigError(
        i18n::msg("{file}: {problem}").with("file", config.sourceFile).with("problem", *problem));
  // Signals first, before any thread starts: every thread inherits the mask (signal_waiter.h).
  std::atomic<bool> stop{false};
  daemon::SignalWaiter waiter([&](int signo) {
    if (signo == SIGTERM || signo == SIGINT || signo == SIGQUIT) stop = true;
  });
  daemon::LogSettings logs;
  logs.level = config.daemon.logLevel;
  logs.journal = daemon::stderrIsJournal();
  daemon::setUpLogging(logs);

  SystemClock clock;
  SystemRandom random;
  const auto audit = [&](const state::AuditEntry& entry) {
    auto store = openState(config, clock, StateUse::Read);
    store->recordAudit(entry);
  };
  console::ConsoleDeps deps{
      config,
      clock,
      random,
      [&] { return openState(config, clock, StateUse::Read); },
      [&](long long run, const Actor& actor) { return approveRun(config, run, actor, clock); },
      audit,
      [](const std::string& line) { daemon::log(daemon::LogLevel::Notice, line); }};
  console::ConsoleApp app(deps, !config.console.tlsCertFile.empty());
  std::unique_ptr<console::ConsoleServer> server;
  try {
    server = std::make_unique<console::ConsoleServer>(
        app, config.console.listen, config.console.tlsCertFile, config.console.tlsKeyFile);
  } catch (const console::TlsSetupError& e) {
    throw config::ConfigError(
        i18n::msg("{file}: [console] tls_cert_file, tls_key_file: {error}; name a PEM "
                  "certificate and its unencrypted key")
            .with("file", config.sourceFile)
            .with("error", std::string(e.what())));
  } catch (const std::exception& e) {
    throw config::ConfigError(i18n::msg("{file}: [console] listen: {error}")
                                  .with("file", config.sourceFile)
                                  .with("error", std::string(e.what())));
  }
  app.allowOrigins(console::allowedOrigins(config.console, server->boundAddress()));
  serveUntilStopped(*server, config, clock, waiter, stop);
  daemon::log(daemon::LogLevel::Notice, "console: stopping");
  server.reset();  // waits for the requests in progress
  daemon::flushLog();
  return ExitCode::Done;
}

}  // namespace membersync::cli
