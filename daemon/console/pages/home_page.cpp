#include <chrono>

#include "daemon/console/pages/pools_page.h"
#include "daemon/console/pages/run_pages.h"
#include "daemon/console/pages/run_rows.h"
#include "jobs/report/attention.h"

namespace membersync::console {

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
        {"kind", std::string(report::toString(item.kind))},
        {"account", item.account},
        {"name", item.name},
        {"action", item.action},
        {"reason", i18n::english(item.reason)},
        {"command", i18n::english(item.command)},
        {"run", item.runId ? std::to_string(item.runId) : std::string()},
    });
  }
  mstch::array runs;
  for (const auto& run : request.store.recentRuns(10)) runs.push_back(runRow(run));
  PageAnswer answer;
  answer.title = "membersync";
  answer.templateName = "home";
  answer.data = mstch::map{
      {"attention", items},
      {"nothing_needed", attention.empty()},
      {"counts", attention.countsText()},
      {"more", attention.items.size() > kShown
                   ? std::to_string(attention.items.size() - kShown)
                   : std::string()},
      {"status_command", commandPrefix(request.config) + " status"},
      {"runs", runs},
      {"no_runs", runs.empty()},
      {"pools", poolsData(request.store, false)},
  };
  return answer;
}

}  // namespace membersync::console
