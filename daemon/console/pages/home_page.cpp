#include <chrono>

#include "daemon/console/html_text.h"
#include "daemon/console/pages/pools_page.h"
#include "daemon/console/pages/run_pages.h"
#include "daemon/console/pages/run_rows.h"
#include "jobs/report/machine_words.h"
#include "jobs/report/attention.h"

namespace membersync::console {
namespace {

mstch::map homeWords(const i18n::Translator& tr) {
  return mstch::map{
      {"t_needs_person", tr.tr("What needs a person")},
      {"t_nothing_needed", tr.tr("Nothing needs a person.")},
      {"t_what", tr.tr("What")},
      {"t_account", tr.tr("Account")},
      {"t_name", tr.tr("Name")},
      {"t_why", tr.tr("Why")},
      {"t_what_to_do", tr.tr("What to do")},
      {"t_run", tr.tr("Run")},
      {"t_last_runs", tr.tr("Last runs")},
      {"t_every_run", tr.tr("Every run")},
      {"t_licence_pools", tr.tr("Licence pools")},
      {"t_rule", tr.tr("Rule")},
      {"t_capacity", tr.tr("Capacity")},
      {"t_assigned", tr.tr("Assigned")},
      {"t_free", tr.tr("Free")},
      {"t_outlook", tr.tr("Outlook")},
      {"t_short", tr.tr("More people are granted one than it has.")},
      {"t_more", tr.tr("More")},
      {"t_runs", tr.tr("Runs")},
      {"t_people", tr.tr("People")},
      {"t_passwords_waiting", tr.tr("Passwords waiting")},
      {"html_no_run_yet", richText(tr.tr("No run yet: the first {command} records one."),
                                   {{"command", htmlCode("membersync sync")}})},
  };
}

// "As counted by run 7, 2026-11-26 02:00 CST." under the home page's pools.
std::string countedBy(const i18n::Translator& tr, const mstch::map& pools) {
  const auto run = boost::get<std::string>(pools.at("run"));
  return richText(
      tr.tr("As counted by {run}, {at}."),
      {{"run", htmlLink("/runs/" + run, i18n::format(tr.tr("run {run}"), {{"run", run}}))},
       {"at", htmlEscaped(boost::get<std::string>(pools.at("at")))}});
}

}  // namespace

PageAnswer homePage(const PageRequest& request) {
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       request.clock.wallNow().time_since_epoch())
                       .count();
  const std::string configArgument = "--config " + request.config.sourceFile;
  const report::Attention attention = report::attention(report::attentionInputs(
      request.store, 0, now, request.config.report.passwordWaitDays, configArgument));
  // The counts say how many; a page of 10,000 invalid rows would help nobody (`status` lists
  // them all).
  constexpr std::size_t kShown = 100;
  mstch::array items;
  for (const auto& item : attention.items) {
    if (items.size() == kShown) break;
    items.push_back(mstch::map{
        {"what", report::attentionWhat(request.tr, report::toString(item.kind), item.action)},
        {"account", item.account},
        {"name", item.name},
        {"reason", i18n::render(request.tr, item.reason)},
        {"command", i18n::render(request.tr, item.command)},
        {"run", item.runId ? std::to_string(item.runId) : std::string()},
    });
  }
  mstch::array runs;
  for (const auto& run : request.store.recentRuns(10)) runs.push_back(runRow(run, request.tr));
  const i18n::Translator& tr = request.tr;
  const std::string statusCommand = commandPrefix(request.config) + " status";
  const std::string more =
      attention.items.size() > kShown ? std::to_string(attention.items.size() - kShown) : "";
  const mstch::map pools = poolsData(request.store, false, request.tr);
  PageAnswer answer;
  answer.title = "membersync";
  answer.templateName = "home";
  answer.data = mstch::map{
      {"attention", items},
      {"nothing_needed", attention.empty()},
      {"counts", attention.countsText(tr)},
      {"more", more},
      {"html_more", richText(tr.tr("And {more} more: {command} lists every one."),
                             {{"more", more}, {"command", htmlCode(statusCommand)}})},
      {"status_command", statusCommand},
      {"runs", runs},
      {"no_runs", runs.empty()},
      {"pools", pools},
      {"html_counted_by", countedBy(tr, pools)},
  };
  addWords(answer.data, homeWords(tr));
  addWords(answer.data, runTableWords(tr));
  return answer;
}

}  // namespace membersync::console
