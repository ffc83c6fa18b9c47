#pragma once

// After a run that could change something is recorded (sync, apply, revert --apply, a daemon's
// run): report it as [report] says (jobs/notify), on the robot's own HTTPS client and the
// report's SMTP sender. Never throws for a send that failed, and never changes the run's exit
// code: what happened comes back as lines for the log.

#include <string>
#include <utility>
#include <vector>

#include "config/config.h"
#include "daemon/runtime.h"
#include "jobs/apply/sync_job.h"

namespace membersync::cli {

struct ReportLine {
  bool warning = false;  // a send failed, or reports could not be judged
  std::string text;      // never a secret
};

// `outcome` is the word the run was recorded with ("cancelled" for a daemon's stopped run);
// `configArgument` is "" for the default configuration. Nothing when [report] has no channel.
std::vector<ReportLine> reportRun(const config::Config& config, Runtime& rt,
                                  const apply::SyncReport& report, const std::string& outcome,
                                  const std::string& configArgument);

}  // namespace membersync::cli
