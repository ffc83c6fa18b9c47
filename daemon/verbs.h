#pragma once

#include <iosfwd>
#include <optional>

#include "config/config.h"
#include "daemon/command_line.h"
#include "daemon/exit_codes.h"
#include "jobs/i18n/translator.h"

namespace membersync::cli {

// What every verb receives: the parsed command line, the loaded configuration, where to write,
// and the language to write in (the environment's, as gettext chooses: i18n::chooseLanguage). Verbs wire real collaborators (transport, clock, random source, store) together here at
// the edge and hand them to jobs/.
struct VerbContext {
  const Invocation& invocation;
  const config::Config& config;
  std::ostream& out;
  std::ostream& err;
  const i18n::Translator& tr;
};

// The RUN argument of `allow` and `revert`, or nullopt once the reason is printed (exit 64).
std::optional<long long> runArgument(const VerbContext& ctx);

ExitCode runCheck(const VerbContext& ctx);
ExitCode runValidate(const VerbContext& ctx);
ExitCode runStatus(const VerbContext& ctx);
ExitCode runAllow(const VerbContext& ctx);  // also `allow-deletes`, its former name
ExitCode runPlan(const VerbContext& ctx);
ExitCode runSync(const VerbContext& ctx);
ExitCode runApply(const VerbContext& ctx);
ExitCode runRevert(const VerbContext& ctx);
ExitCode runExplain(const VerbContext& ctx);
ExitCode runResetPassword(const VerbContext& ctx);
ExitCode runPasswords(const VerbContext& ctx);
ExitCode runDaemon(const VerbContext& ctx);
ExitCode runConsole(const VerbContext& ctx);      // daemon/console/console_verb.cpp
ExitCode runConsoleUser(const VerbContext& ctx);  // daemon/console/console_user_verb.cpp

}  // namespace membersync::cli
