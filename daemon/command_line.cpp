#include "daemon/command_line.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <optional>
#include <sstream>

#include "config/example_files.h"
#include "daemon/verb_help.h"
#include "jobs/core/text.h"

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
      {"passwords", "[ACCOUNT...]", {"format", "bom", "handed-out", "all", "resend", "wait"},
       "the passwords not yet handed out (--format text|csv|json; csv --bom for Excel); "
       "--handed-out ACCOUNT... or --all removes them from the outbox; --resend ACCOUNT mails "
       "one again"},
      {"allow", "RUN", {"wait"},
       "release what a safety guard held back in that run, and its enrolments in doubt for one "
       "more attempt"},
      {"allow-deletes", "RUN", {"wait"}, "the former name of allow"},
      {"revert", "RUN", {"apply", "out", "format", "full", "wait"},
       "print the plan that undoes that run's changes (exit 2 when there is something to undo); "
       "--apply carries it out"},
      {"console", nullptr, {},
       "serve the web console on [console] listen until SIGTERM (reads no center secret)"},
      {"console-user", "ACTION [NAME]...", {"role"},
       "the console's users: add NAME --role viewer|approver, passwd NAME, role NAME --role R, "
       "remove NAME, list (the password is read from stdin)"},
      {"help", "[VERB]", {}, "this help, or one verb's own (as `membersync VERB --help`)"},
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
      ("bom", po::bool_switch(&inv.bom),
       "passwords --format csv: start with the UTF-8 byte order mark, so that Excel shows the "
       "names")
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
      ("role", po::value<std::string>(&inv.role), "console-user: viewer or approver")
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
  // The byte order mark is for Excel, which reads a CSV without one in the machine's code page
  // (GBK on Chinese Windows) and garbles the names; text and JSON go to people and programs.
  if (inv.bom && inv.format != "csv")
    return "passwords --bom is for Excel and goes with --format csv only";
  if (inv.handedOut && inv.accounts.empty())
    return "passwords --handed-out needs the ACCOUNTs that were handed out";
  if (!inv.handedOut && !inv.accounts.empty())
    return "passwords takes ACCOUNTs only with --handed-out ('" + inv.accounts.front() + "')";
  return std::nullopt;
}

UsageError usage(const std::string& message) {
  return UsageError{"membersync: " + message + "\nTry 'membersync --help'."};
}

// `membersync help [VERB]`: the invocation of --help, for VERB when one is given.
ParseResult helpVerb(Invocation inv, const std::vector<std::string>& positionals) {
  if (positionals.size() > 1) return {std::nullopt, usage("help takes at most one VERB")};
  inv.help = true;
  inv.verb = positionals.empty() ? "" : positionals.front();
  if (!inv.verb.empty() && !findVerb(inv.verb))
    return {std::nullopt, usage("unknown verb '" + inv.verb + "'; the verbs are " + verbNames())};
  return {inv, std::nullopt};
}

// `text` in lines of at most `width` columns (a longer word stays whole), every line after the
// first indented by `indent` spaces.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

// One option as the verb's help shows it: "--format text|json" and what it does there; the
// general description when the verb has no words of its own for it.
std::pair<std::string, std::string> optionLine(const VerbHelp* help, const std::string& name) {
  if (help) {
    for (const auto& o : help->options) {
      if (name == o.name)
        return {"--" + name + (o.argument ? std::string(" ") + o.argument : ""), o.text};
    }
  }
  Invocation scratch;
  const auto described = verbOptions(scratch);
  const auto& option = described.find(name, false);
  return {"--" + name + (option.semantic()->max_tokens() > 0 ? " ARG" : ""), option.description()};
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

std::string verbHelpText(const std::string& verb) {
  const VerbSpec* spec = findVerb(verb);
  if (!spec) return helpText();
  const VerbHelp* help = verbHelp(verb);
  std::vector<std::pair<std::string, std::string>> lines;
  std::string usageLine = "membersync [--config FILE] " + verb;
  if (spec->argument) usageLine += std::string(" ") + spec->argument;
  for (const char* name : spec->options) {
    lines.push_back(optionLine(help, name));
    usageLine += " [" + lines.back().first + "]";
  }
  usageLine = "Usage: " + wrapped(usageLine, 9, 100);
  lines.push_back({"-c, --config FILE",
                   "the configuration file (default: $CONFIGURATION_DIRECTORY/membersync.ini "
                   "under systemd, else /etc/membersync/membersync.ini)"});
  lines.push_back({"-h, --help", "this help"});
  std::size_t width = 0;
  for (const auto& line : lines) width = std::max(width, line.first.size());
  std::ostringstream os;
  os << usageLine << "\n\n" << (help ? help->what : spec->summary) << "\n\nOptions:\n";
  for (const auto& [left, text] : lines)
    os << "  " << left << std::string(width + 2 - left.size(), ' ') << wrapped(text, width + 4, 100)
       << "\n";
  os << "\nEvery verb, and the exit codes: membersync --help\n";
  return os.str();
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
  os << "\nOne verb's own help: membersync help VERB, or membersync VERB --help.\n";
  os << "\n" << globalOptions(scratch) << "\n" << verbOptions(scratch);
  os << "\nExit codes: 0 done, nothing left to do; 1 failed; 2 plan found changes; 3 applied but\n"
        "some items failed; 4 a safety guard held back deletions or edits; 5 stale plan; 64 bad\n"
        "command line; 78 bad configuration. When several apply, the first of 1, 78, 5, 4, 3, 2, "
        "0\n"
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
        "else /etc/membersync/membersync.ini. Every key: "
     << config::exampleFiles().everyKey << ".\n";
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
  if (inv.configPath != defaultConfig) inv.configArgument = "--config " + shellWord(inv.configPath);
  if (inv.version) return {inv, std::nullopt};
  if (inv.verb.empty() && inv.help) return {inv, std::nullopt};
  if (inv.verb.empty()) return {std::nullopt, usage("no verb given; the verbs are " + verbNames())};

  const VerbSpec* spec = findVerb(inv.verb);
  if (!spec) {
    return {std::nullopt, usage("unknown verb '" + inv.verb + "'; the verbs are " + verbNames())};
  }
  // VERB --help: that verb's help, whatever else the line holds.
  if (inv.help) return {inv, std::nullopt};
  std::vector<std::string> positionals;
  if (vm.count("argument")) positionals = vm["argument"].as<std::vector<std::string>>();
  if (inv.verb == "help") return helpVerb(inv, positionals);
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
      "bom", "force", "role"};
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
