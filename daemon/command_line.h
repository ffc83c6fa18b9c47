#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jobs/i18n/translator.h"

namespace membersync::cli {

// What the command line asked for, parsed and checked; no Boost types leak out of here.
struct Invocation {
  std::string configPath;  // resolved default when --config is absent
  // "--config FILE" when FILE is not the default: what the commands people are told carry.
  std::string configArgument;
  std::string verb;  // empty with --version, and with --help alone; with help, the verb
                     // whose help is asked for (`VERB --help`, `help VERB`)
  bool help = false;
  bool version = false;
  // Verb options.
  std::string format = "text";  // plan, status: text | json (passwords: also csv)
  bool bom = false;             // passwords --format csv --bom: for Excel
  std::string out;              // plan --out PLANFILE
  bool dryRun = false;          // sync --dry-run
  bool apply = false;           // revert --apply
  bool full = false;            // plan, sync, revert --full: every item of a long plan
  bool force = false;           // reset-password --force: a protected account too
  std::string only;             // sync --only ACCOUNT
  bool wait = false;            // wait for the state lock instead of failing
  std::string argument;         // apply PLANFILE, explain ACCOUNT, reset-password ACCOUNT, ...
  std::vector<std::string> accounts;  // passwords --handed-out ACCOUNT...
  bool handedOut = false;             // passwords --handed-out
  bool all = false;                   // passwords --all
  std::string resend;                 // passwords --resend ACCOUNT
  std::string role;                   // console-user add|role NAME --role viewer|approver
};

// A bad command line: the message says what was wrong and how to get help. Exit 64.
struct UsageError {
  std::string message;
};

struct ParseResult {
  std::optional<Invocation> invocation;
  std::optional<UsageError> error;
};

// `defaultConfig` is used when --config is not given (systemd's $CONFIGURATION_DIRECTORY or
// /etc/membersync). Usage errors are in `tr`'s language. Never throws.
ParseResult parseCommandLine(const std::vector<std::string>& args, const std::string& defaultConfig,
                             const i18n::Translator& tr = i18n::Translator());

// The full --help text (every verb and option); one verb's own help (its usage line, what it
// does, its options as they read for it: `membersync VERB --help`, `membersync help VERB`); and
// the verbs' names. The help is in `tr`'s language.
std::string helpText(const i18n::Translator& tr = i18n::Translator());
std::string verbHelpText(const std::string& verb, const i18n::Translator& tr = i18n::Translator());
std::string verbNames();

// Each verb with the options it takes (without the leading "--"), in the --help order: what the
// shell completion must offer.
std::vector<std::pair<std::string, std::vector<std::string>>> optionsByVerb();

}  // namespace membersync::cli
