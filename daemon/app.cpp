#include "daemon/app.h"

#include <cstdlib>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <ostream>

#include "config/loader.h"
#include "daemon/command_line.h"
#include "daemon/host/daemon_settings.h"
#include "daemon/lock_file.h"
#include "daemon/verbs.h"
#include "jobs/directory/person.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/i18n/message.h"
#include "jobs/policy/policy.h"
#include "jobs/state/state_error.h"

namespace membersync::cli {
namespace {

std::string defaultConfigPath() {
  if (const char* dir = std::getenv("CONFIGURATION_DIRECTORY")) {
    return std::string(dir) + "/membersync.ini";
  }
  return "/etc/membersync/membersync.ini";
}

using VerbFunction = std::function<ExitCode(const VerbContext&)>;

// Every verb the command line knows (command_line.cpp) has its function here.
const std::map<std::string, VerbFunction>& verbFunctions() {
  static const std::map<std::string, VerbFunction> kVerbs{
      {"check", runCheck},
      {"validate", runValidate},
      {"status", runStatus},
      {"allow", runAllow},
      {"allow-deletes", runAllow},
      {"plan", runPlan},
      {"sync", runSync},
      {"apply", runApply},
      {"revert", runRevert},
      {"explain", runExplain},
      {"reset-password", runResetPassword},
      {"passwords", runPasswords},
      {"daemon", runDaemon},
      {"console", runConsole},
      {"console-user", runConsoleUser},
  };
  return kVerbs;
}

}  // namespace

ExitCode run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // The language of what the command line says (help, usage errors, what each verb prints),
  // chosen as gettext does.
  const i18n::Translator tr(i18n::languageFromEnvironment(), i18n::defaultCatalogueFolders());
  auto parsed = parseCommandLine(args, defaultConfigPath(), tr);
  if (parsed.error) {
    err << parsed.error->message << "\n";
    return ExitCode::Usage;
  }
  const Invocation& inv = *parsed.invocation;
  if (inv.help) {  // --help, VERB --help, help [VERB]
    out << (inv.verb.empty() ? helpText(tr) : verbHelpText(inv.verb, tr));
    return ExitCode::Done;
  }
  if (inv.version) {
    out << "membersync " << MEMBERSYNC_VERSION << "\n";
    return ExitCode::Done;
  }
  // parseCommandLine() refused unknown verbs already: a verb without a function is a bug.
  const VerbFunction& verb = verbFunctions().at(inv.verb);
  try {
    config::LoadEnvironment env = config::environmentFromProcess();
    // The console faces the web: it never holds the center's, the directory's or the mail's
    // secrets, so it does not read them.
    env.skipSecrets = inv.verb == "console" || inv.verb == "console-user";
    config::Config config = config::loadConfig(inv.configPath, env);
    daemon::scheduleOf(config);  // a schedule the daemon could not follow is a config error
    // One membersync at a time per state database for the verbs that write (lock_file.h).
    std::optional<StateLock> lock;
    if (takesStateLock(inv)) {
      lock = acquireStateLock(config.state.database, inv.verb, inv.wait, err, tr);
      if (!lock) return ExitCode::Failed;
    } else if (inv.verb == "daemon") {  // the state lock is taken for each of its runs
      lock = acquireDaemonLock(config.state.database, err, tr);
      if (!lock) return ExitCode::Failed;
    }
    return verb(VerbContext{inv, config, out, err, tr});
  } catch (const config::ConfigError& e) {
    err << i18n::format(tr.tr("membersync: configuration error: {error}"),
                        {{"error", i18n::render(tr, e.message())}})
        << "\n";
    return ExitCode::Configuration;
  } catch (const policy::PolicyError& e) {
    err << i18n::format(tr.tr("membersync: policy error: {error}"),
                        {{"error", i18n::render(tr, e.message())}})
        << "\n";
    return ExitCode::Configuration;
  } catch (const directory::platform::PlatformConfigError& e) {
    err << i18n::format(tr.tr("membersync: {verb}: configuration error: {error}"),
                        {{"verb", inv.verb}, {"error", i18n::render(tr, e.message())}})
        << "\n";
    return ExitCode::Configuration;
  } catch (const directory::ExportError& e) {
    err << i18n::format(tr.tr("membersync: {verb}: the HR export cannot be used: {error}"),
                        {{"verb", inv.verb}, {"error", i18n::render(tr, e.message())}})
        << "\n";
    return ExitCode::Failed;
  } catch (const state::StateError& e) {
    err << i18n::format(tr.tr("membersync: {verb}: state database: {error}"),
                        {{"verb", inv.verb}, {"error", e.what()}})
        << "\n";
    return ExitCode::Failed;
  } catch (const std::exception& e) {
    err << i18n::format(tr.tr("membersync: {verb} failed: {error}"),
                        {{"verb", inv.verb}, {"error", e.what()}})
        << "\n";
    return ExitCode::Failed;
  }
}

}  // namespace membersync::cli
