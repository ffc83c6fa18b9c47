#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "daemon/health/run_board.h"
#include "daemon/host/log_level.h"
#include "daemon/host/scheduler.h"
#include "jobs/apply/sync_job.h"
#include "jobs/i18n/translator.h"

namespace membersync::daemon {

// What one daemon run amounts to for /healthz, /metrics and the scheduler.
struct RunSummary {
  FinishedRun board;
  RunVerdict verdict = RunVerdict::Succeeded;
  // For the log: the result, how calls in doubt were settled, and up to 20 failed items.
  std::vector<std::pair<LogLevel, std::string>> log;
};

// Summarizes a SyncJob's report. `cancelled`: the daemon was asked to stop during the run, so a
// run that stopped early was cut short on purpose (Cancelled), not by the service (Systemic).
// A run that failed without a plan (members unreadable) or stopped early is a systemic failure.
// The log's lines are in `tr`'s language ([report] language); without one, English.
RunSummary summarize(const apply::SyncReport& report, bool cancelled, Clock::WallPoint started,
                     Clock::WallPoint finished, const i18n::Translator& tr);
RunSummary summarize(const apply::SyncReport& report, bool cancelled, Clock::WallPoint started,
                     Clock::WallPoint finished);

// What needs a person, counted by kind (report::toString(AttentionKind)), for the run board.
std::map<std::string, int> attentionCounts(const report::Attention& attention);

}  // namespace membersync::daemon
