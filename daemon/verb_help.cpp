#include "daemon/verb_help.h"

#include <map>

#include "jobs/i18n/translator.h"

namespace membersync::cli {
namespace {

using i18n::translateLater;

constexpr OptionHelp kWait{
    "wait", nullptr,
    translateLater(
        "wait for another membersync that holds the state database instead of exiting 1")};

const std::map<std::string, VerbHelp>& helpByVerb() {
  static const std::map<std::string, VerbHelp> kHelp{
      {"plan",
       {translateLater(
            "Reads the HR export, the policy and the member center's members, assets and locks, "
            "and\n"
            "prints what a sync would change, and why. Changes nothing. Exit 2 when there are\n"
            "changes to make, 0 when there are none."),
        {{"format", "text|json",
          translateLater("the plan as text (the default) or as one JSON object")},
         {"out", "PLANFILE",
          translateLater(
              "also save the plan; `membersync apply PLANFILE` carries out exactly that")}}}},
      {"apply",
       {translateLater(
            "Carries out exactly the plan saved in PLANFILE by `membersync plan --out`. Refused\n"
            "(exit 5) when the HR export, the policy or the members, assets or locks it was made\n"
            "from changed since: make a new plan."),
        {kWait}}},
      {"sync",
       {translateLater(
            "Plans and applies once, then exits: adds, changes and removes members, hands out\n"
            "licences and locks, enrols people in activities. Exit 0 when all is done, 3 when a\n"
            "person is needed (rows skipped as invalid, items refused, failed or in doubt), 4 when "
            "a\n"
            "safety guard held something back (`membersync status` says what and the command)."),
        {{"dry-run", nullptr,
          translateLater("plan only and change nothing, as `membersync plan` does")},
         {"only", "ACCOUNT", translateLater("only this account's changes")},
         {"format", "text|json",
          translateLater("print the plan as text (the default) or as one JSON object")},
         kWait}}},
      {"daemon",
       {translateLater(
            "Runs in the foreground and syncs on [daemon] schedule until SIGTERM; SIGHUP reloads\n"
            "the configuration and the policy between runs. Serves /healthz and /metrics on\n"
            "[daemon] listen. Made for systemd (membersync.service)."),
        {kWait}}},
      {"explain",
       {translateLater(
            "For one person: the HR row, the member, what membersync did lately, the policy rules\n"
            "that match, the licences, lock and activities held, and what a sync would do now and\n"
            "why. Read-only."),
        {{"format", "text|json", translateLater("as text (the default) or as one JSON object")}}}},
      {"status",
       {translateLater(
            "From the state database: first what needs a person, each by account and name with "
            "the\n"
            "command that resolves it, then the last runs. Read-only; the member center is not\n"
            "contacted. Exit 4 while a guard's holds wait, 3 while anything else needs a person."),
        {{"format", "text|json",
          translateLater("as text (the default) or as one JSON object for monitoring")}}}},
      {"validate",
       {translateLater(
            "Checks the configuration, the policy and the HR export (or the LDAP directory)\n"
            "without contacting the member center, and lists the rows a sync would skip (exit 3\n"
            "when there are any)."),
        {}}},
      {"check",
       {translateLater(
            "Online and read-only: obtains the tokens, confirms the application's scopes and the\n"
            "enterprise, and reads the first page of members, the licences and the locks, "
            "printing\n"
            "their counts and the first 10 of each. Exit 78 names the setting to correct."),
        {}}},
      {"reset-password",
       {translateLater(
            "Sets a new generated password for the member with this ACCOUNT and writes it to the\n"
            "password outbox before sending it; it is never printed. With [delivery] method = "
            "smtp\n"
            "it is mailed to the person. An add or reset of the account still in doubt is settled\n"
            "first, so a refusal leaves a password that is known."),
        {kWait}}},
      {"passwords",
       {translateLater(
            "Lists the passwords in force that are not handed out yet, from the password outbox;\n"
            "or marks some handed out, or mails one again."),
        {{"format", "text|csv|json", translateLater("how to list them (text is the default)")},
         {"bom", nullptr,
          translateLater(
              "with --format csv: start with the byte order mark Excel needs for names")},
         {"handed-out", nullptr,
          translateLater("the ACCOUNTs given were handed out: remove them from the outbox")},
         {"all", nullptr, translateLater("every password listed was handed out: remove them all")},
         {"resend", "ACCOUNT", translateLater("mail this account's password to the person again")},
         kWait}}},
      {"allow",
       {translateLater(
            "Releases what a safety guard held back in run RUN (`membersync status` names the "
            "run):\n"
            "the next sync carries out what is still planned. Enrolments of that run in doubt get\n"
            "one more attempt."),
        {kWait}}},
      {"allow-deletes",
       {translateLater("The former name of `membersync allow`; it does the same."), {kWait}}},
      {"revert",
       {translateLater(
            "Prints the plan that undoes what run RUN changed: fields set back, licences "
            "withdrawn\n"
            "or handed back. Adds, deletes, lendings and enrolments cannot be undone and are\n"
            "listed. Exit 2 when there is something to undo."),
        {{"apply", nullptr, translateLater("carry the revert out")},
         {"out", "PLANFILE",
          translateLater("save the plan instead, for `membersync apply PLANFILE`")},
         {"format", "text|json",
          translateLater("the plan as text (the default) or as one JSON object")},
         kWait}}},
      {"console",
       {translateLater(
            "Serves the web console on [console] listen (127.0.0.1:8480) until SIGTERM: what needs "
            "a\n"
            "person, the runs, and Approve for approvers. It reads no secret of [center],\n"
            "[directory], [delivery] or [report] and never calls the center. Without TLS only a\n"
            "loopback address is accepted (put a reverse proxy with TLS in front); exit 78 "
            "otherwise."),
        {}}},
      {"console-user",
       {translateLater(
            "Manages [console] users_file: add NAME --role viewer|approver, passwd NAME, role "
            "NAME\n"
            "--role R, remove NAME, list. The password is read without echo from a terminal, else\n"
            "as one line of stdin. Changes are audited and end the user's console sessions."),
        {{"role", "viewer|approver",
          translateLater("what the user may do: read, or also approve held items")}}}},
      {"help",
       {translateLater(
            "Shows every verb, option and exit code, or with VERB that verb's own help (as\n"
            "`membersync VERB --help` does)."),
        {}}},
  };
  return kHelp;
}

}  // namespace

const VerbHelp* verbHelp(const std::string& verb) {
  const auto it = helpByVerb().find(verb);
  return it == helpByVerb().end() ? nullptr : &it->second;
}

}  // namespace membersync::cli
