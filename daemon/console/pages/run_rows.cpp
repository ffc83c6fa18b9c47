#include "daemon/console/pages/run_rows.h"

#include "jobs/core/text.h"
#include "jobs/report/run_text.h"

namespace membersync::console {

mstch::map runRow(const state::RunSummary& run) {
  return mstch::map{
      {"id", std::to_string(run.id)},
      {"kind", std::string(state::toString(run.kind))},
      {"started", personTime(run.startedAt)},
      {"outcome", run.finishedAt ? run.outcome : std::string("running or cut off")},
      {"counts", report::runCountsText(run.counts)},
      {"message", i18n::english(i18n::decodeMessage(run.message))},
      {"scope", run.scope},
  };
}

std::string commandPrefix(const config::Config& config) {
  return "membersync --config " + shellWord(config.sourceFile);
}

}  // namespace membersync::console
