// `/passwords`: first passwords waiting to be handed out, and how their mail stands.

#include "daemon/console/pages/passwords_page.h"

#include <map>

#include "daemon/console/html_text.h"
#include "daemon/console/pages/people_text.h"
#include "jobs/core/text.h"

namespace membersync::console {
namespace {

using i18n::format;

constexpr std::size_t kShown = 200;  // `membersync passwords` lists every one

// How mailing a password stands, in words (as `membersync passwords` says it); never the
// password, and the server's reply is scrubbed when recorded.
std::string mailText(const state::PasswordToHandOut& p, const i18n::Translator& tr) {
  using state::MailState;
  const i18n::Arguments args{{"count", std::to_string(p.attempts)},
                             {"next", p.nextAttempt ? personTime(*p.nextAttempt) : std::string()},
                             {"reply", p.reply},
                             {"address", p.mailTo}};
  switch (p.mail) {
    case MailState::None:
      return tr.tr("not mailed");
    case MailState::Retry:
      return p.nextAttempt
                 ? format(tr.tr("not delivered yet ({count} attempt(s), next after {next}): "
                                "{reply}"),
                          args)
                 : format(tr.tr("not delivered yet ({count} attempt(s)): {reply}"), args);
    case MailState::Refused:
      return format(tr.tr("refused for {address} (waits for a new address): {reply}"), args);
    case MailState::Sending:
    case MailState::InDoubt:
      return format(tr.tr("in doubt: sent to {address}, no answer recorded; ask the person, then "
                          "--handed-out or --resend"),
                    args);
    case MailState::Manual:
      return tr.tr("confirmed before mail delivery; hand it out");
    case MailState::Delivered:
      return format(tr.tr("delivered to {address}"), args);
  }
  return "";
}

// Names by account, as the newest run that planned an item of theirs saw them.
std::map<std::string, std::string> namesOf(state::StateStore& store,
                                           const std::vector<std::string>& accounts) {
  std::map<std::string, std::string> names;
  for (const auto& p : store.itemPeople({}, accounts, {})) names.emplace(p.account, p.name);
  return names;
}

// "As of run 7, .... Passwords are never shown here: ..."
std::string summaryOf(const PageRequest& request, const std::vector<state::RunSummary>& runs,
                      const std::string& command) {
  const i18n::Translator& tr = request.tr;
  std::string text;
  if (!runs.empty())
    text = richText(tr.tr("As of {run}."),
                    {{"run", htmlLink(runLink(runs.front().id),
                                      runAndTime(request.store, runs.front().id, tr))}}) +
           " ";
  return text + richText(tr.tr("Passwords are never shown here: {list} on the server lists "
                               "them, and {handed_out} marks one handed out."),
                         {{"list", htmlCode(command + " passwords")},
                          {"handed_out", htmlCode(command + " passwords --handed-out ACCOUNT")}});
}

mstch::map passwordsWords(const i18n::Translator& tr, std::size_t waiting, std::size_t unconfirmed,
                          const std::string& command) {
  return mstch::map{
      {"t_nothing", tr.tr("No one waits for a first password.")},
      {"t_waiting_heading",
       format(tr.tr("Waiting to be handed out ({count})"), {{"count", std::to_string(waiting)}})},
      {"t_none", tr.tr("None.")},
      {"t_account", tr.tr("Account")},
      {"t_name", tr.tr("Name")},
      {"t_run", tr.tr("Run")},
      {"t_set", tr.tr("Set")},
      {"t_mail", tr.tr("Mail")},
      {"html_waiting_more", richText(tr.tr("More than shown: {command} lists every one."),
                                     {{"command", htmlCode(command + " passwords")}})},
      {"t_unconfirmed_heading",
       format(tr.tr("Not confirmed yet ({count})"), {{"count", std::to_string(unconfirmed)}})},
      {"t_unconfirmed_why", tr.tr("Their add or reset was sent and not confirmed: the next sync "
                                  "settles each and sends it again if needed.")},
      {"t_generated", tr.tr("Generated")},
      {"t_more_than_shown", tr.tr("More than shown.")},
  };
}

}  // namespace

PageAnswer passwordsPage(const PageRequest& request) {
  auto waiting = request.store.passwordsToHandOut();
  auto unconfirmed = request.store.unconfirmedPasswords();
  const std::size_t waitingAll = waiting.size(), unconfirmedAll = unconfirmed.size();
  if (waiting.size() > kShown) waiting.resize(kShown);
  if (unconfirmed.size() > kShown) unconfirmed.resize(kShown);

  std::vector<std::string> accounts;
  for (const auto& p : waiting) accounts.push_back(p.account);
  for (const auto& p : unconfirmed) accounts.push_back(p.account);
  const auto names = namesOf(request.store, accounts);
  auto nameOf = [&names](const std::string& account) {
    const auto n = names.find(account);
    return n != names.end() ? n->second : std::string();
  };

  mstch::array waitingRows;
  for (const auto& p : waiting) {
    waitingRows.push_back(mstch::map{{"account", p.account},
                                     {"link", personLink(p.account)},
                                     {"name", nameOf(p.account)},
                                     {"run", std::to_string(p.runId)},
                                     {"run_link", runLink(p.runId)},
                                     {"set_at", personTime(p.confirmedAt)},
                                     {"mail", mailText(p, request.tr)}});
  }
  mstch::array unconfirmedRows;
  for (const auto& p : unconfirmed) {
    unconfirmedRows.push_back(mstch::map{{"account", p.account},
                                         {"link", personLink(p.account)},
                                         {"name", nameOf(p.account)},
                                         {"run", std::to_string(p.runId)},
                                         {"run_link", runLink(p.runId)},
                                         {"generated_at", personTime(p.generatedAt)}});
  }
  const auto runs = request.store.recentRuns(1, false);
  std::string command = "membersync";
  if (!request.config.sourceFile.empty())
    command += " --config " + shellWord(request.config.sourceFile);

  PageAnswer answer;
  answer.title = request.tr.tr("Passwords");
  answer.templateName = "passwords";
  answer.data = mstch::map{
      {"as_of", !runs.empty()},
      {"as_of_run",
       runs.empty() ? std::string() : runAndTime(request.store, runs.front().id, request.tr)},
      {"as_of_link", runs.empty() ? std::string() : runLink(runs.front().id)},
      {"waiting", waitingRows},
      {"has_waiting", !waiting.empty()},
      {"waiting_count", std::to_string(waitingAll)},
      {"waiting_more", waitingAll > waiting.size()},
      {"unconfirmed", unconfirmedRows},
      {"has_unconfirmed", !unconfirmed.empty()},
      {"unconfirmed_count", std::to_string(unconfirmedAll)},
      {"unconfirmed_more", unconfirmedAll > unconfirmed.size()},
      {"nothing", waitingAll == 0 && unconfirmedAll == 0},
      {"list_command", command + " passwords"},
      {"handed_out_command", command + " passwords --handed-out ACCOUNT"},
      {"html_summary", summaryOf(request, runs, command)},
  };
  addWords(answer.data, passwordsWords(request.tr, waitingAll, unconfirmedAll, command));
  return answer;
}

}  // namespace membersync::console
