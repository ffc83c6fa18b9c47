#include <chrono>

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
  mstch::array items;
  for (const auto& item : attention.items) {
    items.push_back(mstch::map{
        {"kind", std::string(report::toString(item.kind))},
        {"account", item.account},
        {"name", item.name},
        {"action", item.action},
        {"reason", item.reason},
        {"command", item.command},
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
      {"runs", runs},
      {"no_runs", runs.empty()},
  };
  return answer;
}

}  // namespace membersync::console
