// `/passwords`: first passwords waiting to be handed out, and how their mail stands.

#include "daemon/console/pages/passwords_page.h"

#include <map>

#include "daemon/console/pages/people_text.h"
#include "jobs/core/text.h"

namespace membersync::console {
namespace {

constexpr std::size_t kShown = 200;  // `membersync passwords` lists every one

// How mailing a password stands, in words (as `membersync passwords` says it); never the
// password, and the server's reply is scrubbed when recorded.
std::string mailText(const state::PasswordToHandOut& p) {
  using state::MailState;
  switch (p.mail) {
    case MailState::None:
      return "not mailed";
    case MailState::Retry:
      return "not delivered yet (" + std::to_string(p.attempts) + " attempt(s)" +
             (p.nextAttempt ? ", next after " + personTime(*p.nextAttempt) : std::string()) +
             "): " + p.reply;
    case MailState::Refused:
      return "refused for " + p.mailTo + " (waits for a new address): " + p.reply;
    case MailState::Sending:
    case MailState::InDoubt:
      return "in doubt: sent to " + p.mailTo +
             ", no answer recorded; ask the person, then --handed-out or --resend";
    case MailState::Manual:
      return "confirmed before mail delivery; hand it out";
    case MailState::Delivered:
      return "delivered to " + p.mailTo;
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
                                     {"mail", mailText(p)}});
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
  answer.title = "Passwords";
  answer.templateName = "passwords";
  answer.data = mstch::map{
      {"as_of", !runs.empty()},
      {"as_of_run", runs.empty() ? std::string() : runAndTime(request.store, runs.front().id)},
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
  };
  return answer;
}

}  // namespace membersync::console
