#include <cstdlib>

#include "daemon/console/pages/run_pages.h"
#include "daemon/console/pages/run_rows.h"

namespace membersync::console {

PageAnswer runsPage(const PageRequest& request) {
  constexpr int kPage = 100;
  long long before = 0;
  if (const auto it = request.query.find("before"); it != request.query.end())
    before = std::strtoll(it->second.c_str(), nullptr, 10);
  const auto found =
      before > 0 ? request.store.runsBefore(before, kPage) : request.store.recentRuns(kPage);
  mstch::array runs;
  for (const auto& run : found) runs.push_back(runRow(run, request.tr));
  PageAnswer answer;
  answer.title = request.tr.tr("Runs");
  answer.templateName = "runs";
  answer.data = mstch::map{
      {"runs", runs},
      {"no_runs", runs.empty()},
      {"older", found.size() == static_cast<std::size_t>(kPage) ? std::to_string(found.back().id)
                                                                : std::string()},
  };
  addWords(answer.data, runTableWords(request.tr));
  addWords(answer.data, mstch::map{{"t_no_run_here", request.tr.tr("No run here.")},
                                   {"t_older_runs", request.tr.tr("Older runs")}});
  return answer;
}

}  // namespace membersync::console
