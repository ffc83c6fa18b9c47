#include "daemon/command_line.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <optional>
#include <sstream>

#include "config/example_files.h"
#include "daemon/verb_help.h"
#include "jobs/core/display_width.h"
#include "jobs/core/text.h"

namespace membersync::cli {
namespace {

namespace po = boost::program_options;
using i18n::format;
using i18n::translateLater;
using i18n::Translator;

// Boost wraps an option's description at a byte count, which would cut a Chinese character in
// two: the Chinese descriptions are written to fit one line and never wrapped.
unsigned descriptionLineLength(const Translator& tr) {
  return tr.language() == i18n::Language::En ? po::options_description::m_default_line_length
                                             : 1000;
}

// One row per verb: its positional argument (if any), the options it takes, what it does.
struct VerbSpec {
  const char* name;
  const char* argument;  // nullptr: none; ending in "...": any number (Invocation::accounts)
  std::vector<const char*> options;
  const char* summary;
};

const std::vector<VerbSpec>& verbs() {
  static const std::vector<VerbSpec> kVerbs{
      {"plan",
       nullptr,
       {"format", "out", "full"},
       translateLater(
           "read everything, print the plan, change nothing (exit 2 when there are changes)")},
      {"apply",
       "PLANFILE",
       {"wait"},
       translateLater(
           "carry out exactly a saved plan; refused (exit 5) if the export or members changed")},
      {"sync",
       nullptr,
       {"dry-run", "only", "format", "full", "wait"},
       translateLater("plan and apply once, then exit (--dry-run: plan only)")},
      {"daemon",
       nullptr,
       {"wait"},
       translateLater(
           "run on the configured schedule in the foreground until SIGTERM (SIGHUP reloads)")},
      {"explain",
       "ACCOUNT",
       {"format"},
       translateLater(
           "one person, by account, name or employee id: the HR row, the member, the rules that "
           "match, the actions and why")},
      {"status", nullptr, {"format"}, translateLater("last runs, pending, held and failed items")},
      {"validate",
       nullptr,
       {},
       translateLater("check config, policy and HR export without contacting the service")},
      {"check",
       nullptr,
       {},
       translateLater("online, read-only: tokens, scopes, one page of members, assets and locks")},
      {"reset-password",
       "ACCOUNT",
       {"force", "wait"},
       translateLater(
           "set and deliver a new password; --force for an account the policy protects")},
      {"passwords",
       "[ACCOUNT...]",
       {"format", "bom", "handed-out", "all", "resend", "wait"},
       translateLater(
           "the passwords not yet handed out (--format text|csv|json; csv --bom for Excel); "
           "--handed-out ACCOUNT... or --all removes them from the outbox; --resend ACCOUNT mails "
           "one again")},
      {"allow",
       "RUN",
       {"wait"},
       translateLater(
           "release what a safety guard held back in that run, and its enrolments in doubt for one "
           "more attempt")},
      {"allow-deletes", "RUN", {"wait"}, translateLater("the former name of allow")},
      {"revert",
       "RUN",
       {"apply", "out", "format", "full", "wait"},
       translateLater("print the plan that undoes that run's changes (exit 2 when there is "
                      "something to undo); "
                      "--apply carries it out")},
      {"console",
       nullptr,
       {},
       translateLater(
           "serve the web console on [console] listen until SIGTERM (reads no center secret)")},
      {"console-user",
       "ACTION [NAME]...",
       {"role"},
       translateLater(
           "the console's users: add NAME --role viewer|approver, passwd NAME, role NAME --role R, "
           "remove NAME, list (the password is read from stdin)")},
      {"help",
       "[VERB]",
       {},
       translateLater("this help, or one verb's own (as `membersync VERB --help`)")},
  };
  return kVerbs;
}

const VerbSpec* findVerb(const std::string& name) {
  for (const auto& v : verbs()) {
    if (name == v.name) return &v;
  }
  return nullptr;
}

po::options_description globalOptions(Invocation& inv, const Translator& tr) {
  po::options_description d(tr.tr("Global options"), descriptionLineLength(tr));
  d.add_options()("config,c", po::value<std::string>(&inv.configPath),
                  tr.tr("configuration file").c_str())("help,h", po::bool_switch(&inv.help),
                                                       tr.tr("show this help").c_str())(
      "version", po::bool_switch(&inv.version), tr.tr("show the version").c_str());
  return d;
}

po::options_description verbOptions(Invocation& inv, const Translator& tr) {
  po::options_description d(tr.tr("Verb options"), descriptionLineLength(tr));
  d.add_options()(
      "format", po::value<std::string>(&inv.format),
      tr.tr("text or json (plan, sync, revert, explain, status); passwords: also csv").c_str())(
      "bom", po::bool_switch(&inv.bom),
      tr.tr("passwords --format csv: start with the UTF-8 byte order mark, so that Excel shows the "
            "names")
          .c_str())("out", po::value<std::string>(&inv.out),
                    tr.tr("plan, revert: also save the plan to PLANFILE").c_str())(
      "full", po::bool_switch(&inv.full),
      tr.tr("plan, sync, revert: list every item of a plan of more than 200 (otherwise the first "
            "20 "
            "of each kind)")
          .c_str())("dry-run", po::bool_switch(&inv.dryRun),
                    tr.tr("sync: plan only, change nothing").c_str())(
      "apply", po::bool_switch(&inv.apply), tr.tr("revert: carry the revert out").c_str())(
      "only", po::value<std::string>(&inv.only), tr.tr("sync: only this account").c_str())(
      "handed-out", po::bool_switch(&inv.handedOut),
      tr.tr("passwords: the ACCOUNTs given were handed out; remove them from the outbox").c_str())(
      "all", po::bool_switch(&inv.all),
      tr.tr("passwords: every password listed was handed out").c_str())(
      "resend", po::value<std::string>(&inv.resend),
      tr.tr("passwords: mail this account's password again").c_str())(
      "role", po::value<std::string>(&inv.role), tr.tr("console-user: viewer or approver").c_str())(
      "force", po::bool_switch(&inv.force),
      tr.tr("reset-password: reset an account the policy protects").c_str())(
      "wait", po::bool_switch(&inv.wait),
      tr.tr("wait for another membersync holding the state database instead of exiting 1").c_str());
  return d;
}

// `passwords`: one thing at a time: list, mark handed out, or mail again.
std::optional<std::string> passwordsUsage(const Invocation& inv, const Translator& tr) {
  const int modes = int(inv.handedOut) + int(inv.all) + int(!inv.resend.empty());
  if (modes > 1) return tr.tr("passwords: --handed-out, --all and --resend exclude each other");
  // The byte order mark is for Excel, which reads a CSV without one in the machine's code page
  // (GBK on Chinese Windows) and garbles the names; text and JSON go to people and programs.
  if (inv.bom && inv.format != "csv")
    return tr.tr("passwords --bom is for Excel and goes with --format csv only");
  if (inv.handedOut && inv.accounts.empty())
    return tr.tr("passwords --handed-out needs the ACCOUNTs that were handed out");
  if (!inv.handedOut && !inv.accounts.empty())
    return format(tr.tr("passwords takes ACCOUNTs only with --handed-out ('{account}')"),
                  {{"account", inv.accounts.front()}});
  return std::nullopt;
}

UsageError usage(const std::string& problem, const Translator& tr) {
  return UsageError{
      format(tr.tr("membersync: {problem}\nTry 'membersync --help'."), {{"problem", problem}})};
}

std::string unknownVerb(const std::string& verb, const Translator& tr) {
  return format(tr.tr("unknown verb '{verb}'; the verbs are {verbs}"),
                {{"verb", verb}, {"verbs", verbNames()}});
}

// Boost's own words for the mistakes people make most; any other in Boost's English.
std::string parseProblem(const po::error& e, const Translator& tr) {
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e))
    return format(tr.tr("unrecognised option '{option}'"),
                  {{"option", unknown->get_option_name()}});
  const auto* syntax = dynamic_cast<const po::invalid_command_line_syntax*>(&e);
  if (syntax && syntax->kind() == po::invalid_syntax::missing_parameter)
    return format(tr.tr("the required argument for option '{option}' is missing"),
                  {{"option", syntax->get_option_name()}});
  if (const auto* twice = dynamic_cast<const po::multiple_occurrences*>(&e))
    return format(tr.tr("option '{option}' cannot be specified more than once"),
                  {{"option", twice->get_option_name()}});
  return e.what();
}

// `membersync help [VERB]`: the invocation of --help, for VERB when one is given.
ParseResult helpVerb(Invocation inv, const std::vector<std::string>& positionals,
                     const Translator& tr) {
  if (positionals.size() > 1)
    return {std::nullopt, usage(tr.tr("help takes at most one VERB"), tr)};
  inv.help = true;
  inv.verb = positionals.empty() ? "" : positionals.front();
  if (!inv.verb.empty() && !findVerb(inv.verb))
    return {std::nullopt, usage(unknownVerb(inv.verb, tr), tr)};
  return {inv, std::nullopt};
}

// `text` in lines of at most `width` columns (a longer word stays whole), every line after the
// first indented by `indent` spaces.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && indent + displayWidth(line) + 1 + displayWidth(word) > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

// One option as the verb's help shows it: "--format text|json" and what it does there; the
// general description when the verb has no words of its own for it.
std::pair<std::string, std::string> optionLine(const VerbHelp* help, const std::string& name,
                                               const Translator& tr) {
  if (help) {
    for (const auto& o : help->options) {
      if (name == o.name)
        return {"--" + name + (o.argument ? std::string(" ") + o.argument : ""), tr.tr(o.text)};
    }
  }
  Invocation scratch;
  const auto described = verbOptions(scratch, tr);
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

std::string verbHelpText(const std::string& verb, const Translator& tr) {
  const VerbSpec* spec = findVerb(verb);
  if (!spec) return helpText(tr);
  const VerbHelp* help = verbHelp(verb);
  std::vector<std::pair<std::string, std::string>> lines;
  std::string usageLine = "membersync [--config FILE] " + verb;
  if (spec->argument) usageLine += std::string(" ") + spec->argument;
  for (const char* name : spec->options) {
    lines.push_back(optionLine(help, name, tr));
    usageLine += " [" + lines.back().first + "]";
  }
  const std::string usage = tr.tr("Usage: {usage}");
  const std::size_t indent = displayWidth(format(usage, {{"usage", ""}})) + 2;
  usageLine = format(usage, {{"usage", wrapped(usageLine, indent, 100)}});
  lines.push_back({"-c, --config FILE",
                   tr.tr("the configuration file (default: $CONFIGURATION_DIRECTORY/membersync.ini "
                         "under systemd, else /etc/membersync/membersync.ini)")});
  lines.push_back({"-h, --help", tr.tr("this help")});
  std::size_t width = 0;
  for (const auto& line : lines) width = std::max(width, line.first.size());
  std::ostringstream os;
  os << usageLine << "\n\n"
     << tr.tr(help ? help->what : spec->summary) << "\n\n"
     << tr.tr("Options:\n");
  for (const auto& [left, text] : lines)
    os << "  " << left << std::string(width + 2 - left.size(), ' ') << wrapped(text, width + 4, 100)
       << "\n";
  os << tr.tr("\nEvery verb, and the exit codes: membersync --help\n");
  return os.str();
}

std::string helpText(const Translator& tr) {
  std::ostringstream os;
  os << tr.tr(
      "Usage: membersync [--config FILE] VERB [options]\n\n"
      "Keeps an enterprise's member-center accounts, licence assets, hardware locks and\n"
      "activity enrolments in step with the HR directory export.\n\nVerbs:\n");
  for (const auto& v : verbs()) {
    std::string head = std::string(v.name) + (v.argument ? std::string(" ") + v.argument : "");
    os << "  " << head << std::string(head.size() < 22 ? 22 - head.size() : 1, ' ')
       << tr.tr(v.summary) << "\n";
  }
  Invocation scratch;
  os << tr.tr("\nOne verb's own help: membersync help VERB, or membersync VERB --help.\n");
  os << "\n" << globalOptions(scratch, tr) << "\n" << verbOptions(scratch, tr);
  os << tr.tr(
      "\nExit codes: 0 done, nothing left to do; 1 failed; 2 plan found changes; 3 applied but\n"
      "some items failed; 4 a safety guard held back deletions or edits; 5 stale plan; 64 bad\n"
      "command line; 78 bad configuration. When several apply, the first of 1, 78, 5, 4, 3, 2, "
      "0\n"
      "wins.\n");
  os << tr.tr(
      "\nOne membersync at a time per state database: sync, apply, reset-password, allow,\n"
      "revert --apply, passwords --handed-out/--all/--resend and daemon lock\n"
      "<database>.lock; a second one exits 1 naming the\n"
      "holder, or waits with --wait. plan, sync --dry-run, revert without --apply and the\n"
      "read-only verbs need no lock.\n");
  os << tr.tr(
      "\ndaemon runs in the foreground (no fork) on [daemon] schedule: `every 30s|15m|2h`,\n"
      "`daily HH:MM` or a 5-field cron expression, in local time. SIGTERM or SIGINT: no new\n"
      "call is sent, calls in flight finish, exit 0; SIGHUP: reload the configuration and\n"
      "policy between runs (a bad file is logged and the old one kept). It notifies systemd\n"
      "(READY=1, STATUS=, WATCHDOG=1, STOPPING=1) and serves GET /healthz and /metrics on\n"
      "[daemon] listen (127.0.0.1:9469; empty disables).\n");
  os << format(
      tr.tr("\nConfiguration: --config, else $CONFIGURATION_DIRECTORY/membersync.ini "
            "under systemd,\nelse /etc/membersync/membersync.ini. Every key: {examples}.\n"),
      {{"examples", config::exampleFiles().everyKey}});
  return os.str();
}

ParseResult parseCommandLine(const std::vector<std::string>& args, const std::string& defaultConfig,
                             const Translator& tr) {
  Invocation inv;
  po::options_description all;
  all.add(globalOptions(inv, tr)).add(verbOptions(inv, tr));
  all.add_options()("verb", po::value<std::string>(&inv.verb), "")(
      "argument", po::value<std::vector<std::string>>(), "");
  po::positional_options_description positional;
  positional.add("verb", 1).add("argument", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return {std::nullopt, usage(parseProblem(e, tr), tr)};
  }
  if (inv.configPath.empty()) inv.configPath = defaultConfig;
  if (inv.configPath != defaultConfig) inv.configArgument = "--config " + shellWord(inv.configPath);
  if (inv.version) return {inv, std::nullopt};
  if (inv.verb.empty() && inv.help) return {inv, std::nullopt};
  if (inv.verb.empty()) {
    return {
        std::nullopt,
        usage(format(tr.tr("no verb given; the verbs are {verbs}"), {{"verbs", verbNames()}}), tr)};
  }

  const VerbSpec* spec = findVerb(inv.verb);
  if (!spec) return {std::nullopt, usage(unknownVerb(inv.verb, tr), tr)};
  // VERB --help: that verb's help, whatever else the line holds.
  if (inv.help) return {inv, std::nullopt};
  std::vector<std::string> positionals;
  if (vm.count("argument")) positionals = vm["argument"].as<std::vector<std::string>>();
  if (inv.verb == "help") return helpVerb(inv, positionals, tr);
  const bool many = spec->argument && std::string(spec->argument).find("...") != std::string::npos;
  if (many) {
    inv.accounts = positionals;
  } else if (spec->argument) {
    if (positionals.size() != 1) {
      return {std::nullopt, usage(format(tr.tr("{verb} takes exactly one {argument}"),
                                         {{"verb", inv.verb}, {"argument", spec->argument}}),
                                  tr)};
    }
    inv.argument = positionals.front();
  } else if (!positionals.empty()) {
    return {std::nullopt, usage(format(tr.tr("{verb} takes no argument ('{argument}')"),
                                       {{"verb", inv.verb}, {"argument", positionals.front()}}),
                                tr)};
  }
  static const std::vector<const char*> kVerbOptionNames{
      "format",     "out", "full",   "dry-run", "apply", "only", "wait",
      "handed-out", "all", "resend", "bom",     "force", "role"};
  for (const char* name : kVerbOptionNames) {
    const bool given = vm.count(name) && !vm[name].defaulted();
    const bool allowed = std::any_of(spec->options.begin(), spec->options.end(),
                                     [&](const char* o) { return std::string(o) == name; });
    if (given && !allowed) {
      return {std::nullopt, usage(format(tr.tr("--{option} does not apply to {verb}"),
                                         {{"option", name}, {"verb", inv.verb}}),
                                  tr)};
    }
  }
  const bool csv = inv.verb == "passwords" && inv.format == "csv";
  if (inv.format != "text" && inv.format != "json" && !csv) {
    const std::string message = inv.verb == "passwords"
                                    ? tr.tr("--format must be text or json or csv, not '{format}'")
                                    : tr.tr("--format must be text or json, not '{format}'");
    return {std::nullopt, usage(format(message, {{"format", inv.format}}), tr)};
  }
  if (inv.verb == "passwords") {
    if (auto e = passwordsUsage(inv, tr)) return {std::nullopt, usage(*e, tr)};
  }
  return {inv, std::nullopt};
}

}  // namespace membersync::cli
