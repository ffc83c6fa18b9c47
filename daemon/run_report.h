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
#include "jobs/i18n/translator.h"

namespace membersync::cli {

struct ReportLine {
  bool warning = false;  // a send failed, or reports could not be judged
  std::string text;      // never a secret
};

// The language of reports, their mails and the log lines a person reads in the journal:
// [report] language, else the environment's (i18n::languageFromEnvironment: a systemd service,
// the nightly timer's `sync` included, has no LANG, so English). Made once by each verb, and by
// the daemon for each configuration it loads.
i18n::Translator reportTranslator(const config::Config& config);

// `outcome` is the word the run was recorded with ("cancelled" for a daemon's stopped run);
// `configArgument` is "" for the default configuration. Nothing when [report] has no channel.
// The reports and the lines are in `tr`'s language (reportTranslator).
std::vector<ReportLine> reportRun(const config::Config& config, Runtime& rt,
                                  const apply::SyncReport& report, const std::string& outcome,
                                  const std::string& configArgument, const i18n::Translator& tr);

}  // namespace membersync::cli
