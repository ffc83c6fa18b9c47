#include "daemon/command_line.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <optional>
#include <sstream>

namespace membersync::cli {
namespace {

namespace po = boost::program_options;

// One row per verb: its positional argument (if any), the options it takes, what it does.
struct VerbSpec {
  const char* name;
  const char* argument;  // nullptr: none; ending in "...": any number (Invocation::accounts)
  std::vector<const char*> options;
  const char* summary;
};

const std::vector<VerbSpec>& verbs() {
  static const std::vector<VerbSpec> kVerbs{
      {"plan", nullptr, {"format", "out", "full"},
       "read everything, print the plan, change nothing (exit 2 when there are changes)"},
      {"apply", "PLANFILE", {"wait"},
       "carry out exactly a saved plan; refused (exit 5) if the export or members changed"},
      {"sync", nullptr, {"dry-run", "only", "format", "full", "wait"},
       "plan and apply once, then exit (--dry-run: plan only)"},
      {"daemon", nullptr, {"wait"},
       "run on the configured schedule in the foreground until SIGTERM (SIGHUP reloads)"},
      {"explain", "ACCOUNT", {"format"},
       "one person, by account, name or employee id: the HR row, the member, the rules that "
       "match, the actions and why"},
      {"status", nullptr, {"format"}, "last runs, pending, held and failed items"},
      {"validate", nullptr, {}, "check config, policy and HR export without contacting the service"},
      {"check", nullptr, {},
       "online, read-only: tokens, scopes, one page of members, assets and locks"},
      {"reset-password", "ACCOUNT", {"force", "wait"},
       "set and deliver a new password; --force for an account the policy protects"},
      {"passwords", "[ACCOUNT...]", {"format", "handed-out", "all", "resend", "wait"},
       "the passwords not yet handed out (--format text|csv|json); --handed-out ACCOUNT... or "
       "--all removes them from the outbox; --resend ACCOUNT mails one again"},
      {"allow", "RUN", {"wait"},
       "release what a safety guard held back in that run, and its enrolments in doubt for one "
       "more attempt"},
      {"allow-deletes", "RUN", {"wait"}, "the former name of allow"},
      {"revert", "RUN", {"apply", "out", "format", "full", "wait"},
       "print the plan that undoes that run's changes (exit 2 when there is something to undo); "
       "--apply carries it out"},
  };
  return kVerbs;
}

const VerbSpec* findVerb(const std::string& name) {
  for (const auto& v : verbs()) {
    if (name == v.name) return &v;
  }
  return nullptr;
}

po::options_description globalOptions(Invocation& inv) {
  po::options_description d("Global options");
  d.add_options()
      ("config,c", po::value<std::string>(&inv.configPath), "configuration file")
      ("help,h", po::bool_switch(&inv.help), "show this help")
      ("version", po::bool_switch(&inv.version), "show the version");
  return d;
}

po::options_description verbOptions(Invocation& inv) {
  po::options_description d("Verb options");
  d.add_options()
      ("format", po::value<std::string>(&inv.format),
       "text or json (plan, sync, revert, explain, status); passwords: also csv")
      ("out", po::value<std::string>(&inv.out), "plan, revert: also save the plan to PLANFILE")
      ("full", po::bool_switch(&inv.full),
       "plan, sync, revert: list every item of a plan of more than 200 (otherwise the first 20 "
       "of each kind)")
      ("dry-run", po::bool_switch(&inv.dryRun), "sync: plan only, change nothing")
      ("apply", po::bool_switch(&inv.apply), "revert: carry the revert out")
      ("only", po::value<std::string>(&inv.only), "sync: only this account")
      ("handed-out", po::bool_switch(&inv.handedOut),
       "passwords: the ACCOUNTs given were handed out; remove them from the outbox")
      ("all", po::bool_switch(&inv.all), "passwords: every password listed was handed out")
      ("resend", po::value<std::string>(&inv.resend), "passwords: mail this account's password again")
      ("force", po::bool_switch(&inv.force),
       "reset-password: reset an account the policy protects")
      ("wait", po::bool_switch(&inv.wait),
       "wait for another membersync holding the state database instead of exiting 1");
  return d;
}

// `passwords`: one thing at a time: list, mark handed out, or mail again.
std::optional<std::string> passwordsUsage(const Invocation& inv) {
  const int modes = int(inv.handedOut) + int(inv.all) + int(!inv.resend.empty());
  if (modes > 1) return "passwords: --handed-out, --all and --resend exclude each other";
  if (inv.handedOut && inv.accounts.empty())
    return "passwords --handed-out needs the ACCOUNTs that were handed out";
  if (!inv.handedOut && !inv.accounts.empty())
    return "passwords takes ACCOUNTs only with --handed-out ('" + inv.accounts.front() + "')";
  return std::nullopt;
}

UsageError usage(const std::string& message) {
  return UsageError{"membersync: " + message + "\nTry 'membersync --help'."};
}

}  // namespace

std::string verbNames() {
  std::string out;
  for (const auto& v : verbs()) {
    if (!out.empty()) out += ", ";
    out += v.name;
  }
  return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> optionsByVerb() {
  std::vector<std::pair<std::string, std::vector<std::string>>> table;
  for (const auto& v : verbs()) table.push_back({v.name, {v.options.begin(), v.options.end()}});
  return table;
}

std::string helpText() {
  std::ostringstream os;
  os << "Usage: membersync [--config FILE] VERB [options]\n\n"
        "Keeps an enterprise's member-center accounts, licence assets, hardware locks and\n"
        "activity enrolments in step with the HR directory export.\n\nVerbs:\n";
  for (const auto& v : verbs()) {
    std::string head = std::string(v.name) + (v.argument ? std::string(" ") + v.argument : "");
    os << "  " << head << std::string(head.size() < 22 ? 22 - head.size() : 1, ' ') << v.summary
       << "\n";
  }
  Invocation scratch;
  os << "\n" << globalOptions(scratch) << "\n" << verbOptions(scratch);
  os << "\nExit codes: 0 done, nothing left to do; 1 failed; 2 plan found changes; 3 applied but\n"
        "some items failed; 4 a safety guard held back deletions or edits; 5 stale plan; 64 bad\n"
        "command line; 78 bad configuration. When several apply, the first of 1, 78, 5, 4, 3, 2, 0\n"
        "wins.\n"
        "\nOne membersync at a time per state database: sync, apply, reset-password, allow,\n"
        "revert --apply, passwords --handed-out/--all/--resend and daemon lock\n"
        "<database>.lock; a second one exits 1 naming the\n"
        "holder, or waits with --wait. plan, sync --dry-run, revert without --apply and the\n"
        "read-only verbs need no lock.\n"
        "\ndaemon runs in the foreground (no fork) on [daemon] schedule: `every 30s|15m|2h`,\n"
        "`daily HH:MM` or a 5-field cron expression, in local time. SIGTERM or SIGINT: no new\n"
        "call is sent, calls in flight finish, exit 0; SIGHUP: reload the configuration and\n"
        "policy between runs (a bad file is logged and the old one kept). It notifies systemd\n"
        "(READY=1, STATUS=, WATCHDOG=1, STOPPING=1) and serves GET /healthz and /metrics on\n"
        "[daemon] listen (127.0.0.1:9469; empty disables).\n"
        "\nConfiguration: --config, else $CONFIGURATION_DIRECTORY/membersync.ini under systemd,\n"
        "else /etc/membersync/membersync.ini. Every key: config/examples/membersync.ini.\n";
  return os.str();
}

ParseResult parseCommandLine(const std::vector<std::string>& args, const std::string& defaultConfig) {
  Invocation inv;
  po::options_description all;
  all.add(globalOptions(inv)).add(verbOptions(inv));
  all.add_options()("verb", po::value<std::string>(&inv.verb), "")(
      "argument", po::value<std::vector<std::string>>(), "");
  po::positional_options_description positional;
  positional.add("verb", 1).add("argument", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return {std::nullopt, usage(e.what())};
  }
  if (inv.configPath.empty()) inv.configPath = defaultConfig;
  if (inv.help || inv.version) return {inv, std::nullopt};
  if (inv.verb.empty()) return {std::nullopt, usage("no verb given; the verbs are " + verbNames())};

  const VerbSpec* spec = findVerb(inv.verb);
  if (!spec) {
    return {std::nullopt, usage("unknown verb '" + inv.verb + "'; the verbs are " + verbNames())};
  }
  std::vector<std::string> positionals;
  if (vm.count("argument")) positionals = vm["argument"].as<std::vector<std::string>>();
  const bool many = spec->argument && std::string(spec->argument).find("...") != std::string::npos;
  if (many) {
    inv.accounts = positionals;
  } else if (spec->argument) {
    if (positionals.size() != 1) {
      return {std::nullopt, usage(inv.verb + " takes exactly one " + spec->argument)};
    }
    inv.argument = positionals.front();
  } else if (!positionals.empty()) {
    return {std::nullopt, usage(inv.verb + " takes no argument ('" + positionals.front() + "')")};
  }
  static const std::vector<const char*> kVerbOptionNames{
      "format", "out", "full", "dry-run", "apply", "only", "wait", "handed-out", "all", "resend",
      "force"};
  for (const char* name : kVerbOptionNames) {
    const bool given = vm.count(name) && !vm[name].defaulted();
    const bool allowed = std::any_of(spec->options.begin(), spec->options.end(),
                                     [&](const char* o) { return std::string(o) == name; });
    if (given && !allowed) {
      return {std::nullopt, usage("--" + std::string(name) + " does not apply to " + inv.verb)};
    }
  }
  const bool csv = inv.verb == "passwords" && inv.format == "csv";
  if (inv.format != "text" && inv.format != "json" && !csv) {
    return {std::nullopt, usage("--format must be text or json" +
                                std::string(inv.verb == "passwords" ? " or csv" : "") + ", not '" +
                                inv.format + "'")};
  }
  if (inv.verb == "passwords") {
    if (auto e = passwordsUsage(inv)) return {std::nullopt, usage(*e)};
  }
  return {inv, std::nullopt};
}

}  // namespace membersync::cli
