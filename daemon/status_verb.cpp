#include <ostream>

#include "daemon/runtime.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/notify/report_status.h"
#include "jobs/report/status_json.h"
#include "jobs/report/status_text.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

// Everything `status` shows, read from the state database; the report decides what to say.
report::StatusInputs readStatus(const VerbContext& ctx, state::StateStore& store, Clock& clock) {
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       clock.wallNow().time_since_epoch())
                       .count();
  report::AttentionInputs a =
      report::attentionInputs(store, 0, now, ctx.config.report.passwordWaitDays,
                              ctx.invocation.configArgument, report::PasswordsRead::All);
  report::StatusInputs in;
  in.database = ctx.config.state.database;
  in.configArgument = ctx.invocation.configArgument;
  in.runs = store.recentRuns(10, false);
  in.previews = store.recentRuns(3, true);
  in.attention = report::attention(a);
  in.openItems = std::move(a.openItems);
  in.enrolments = std::move(a.enrolments);
  in.unsettledSteps = std::move(a.unsettledSteps);
  for (auto& step : a.unresolvedSteps)  // enrolments are told by their records
    if (step.info.kind != "enrol") in.unresolvedSteps.push_back(std::move(step));
  in.unconfirmedPasswords = std::move(a.unconfirmedPasswords);
  in.passwordsToHandOut = std::move(a.passwordsToHandOut);
  in.problems = std::move(a.problems);
  in.held = std::move(a.held);
  in.reports = store.lastReportSends();
  return in;
}

}  // namespace

// From the state database alone: what needs a person first (report::attention: held items by
// account, invalid rows, items refused, failed or in doubt, enrolments in doubt, passwords
// waiting too long, pools run dry, each with the command that resolves it), then the last runs
// and previews, what the newest run reported besides, and the passwords to hand out
// (report::writeStatusText; --format json: report::writeStatusJson). Exit 1 when the newest run
// failed, 4 while a guard's holds wait, 3 while anything else needs a person, else 0.
ExitCode runStatus(const VerbContext& ctx) {
  SystemClock clock;
  auto store = openState(ctx.config, clock, StateUse::Read);
  const report::StatusInputs in = readStatus(ctx, *store, clock);
  if (ctx.invocation.format == "json")
    report::writeStatusJson(ctx.out, in);
  else {
    report::writeStatusText(ctx.out, ctx.tr, in);
    const std::string reports = notify::reportStatusLine(in.reports, ctx.tr);
    if (!reports.empty()) ctx.out << "\n" << reports << "\n";
  }
  return static_cast<ExitCode>(report::statusExitCode(report::statusVerdict(in)));
}

}  // namespace membersync::cli
