#include <ostream>

#include "daemon/runtime.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/report/status_json.h"
#include "jobs/report/status_text.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

// Everything `status` shows, read from the state database; the report decides what to say.
report::StatusInputs readStatus(state::StateStore& store, const std::string& database) {
  report::StatusInputs in;
  in.database = database;
  in.runs = store.recentRuns(10);
  in.openItems = store.openItems();
  in.enrolments = store.load().enrolments;
  in.unsettledSteps = store.unsettledSteps();
  if (!in.runs.empty()) in.unresolvedSteps = store.unresolvedSteps(in.runs.back().id);
  in.unconfirmedPasswords = store.unconfirmedPasswords();
  in.passwordsToHandOut = store.passwordsToHandOut();
  if (const state::RunSummary* finished = report::lastFinishedRun(in.runs))
    in.problems = store.problemsOfRun(finished->id);
  if (!in.runs.empty()) in.held = store.heldItemsOfRun(in.runs.front().id);
  return in;
}

}  // namespace

// From the state database alone: the last runs, items waiting for a retry, refused or in doubt,
// enrolments that granted nothing (and why), steps in doubt, passwords never confirmed set,
// passwords not handed out (and how mailing them goes), what the last finished run reported (pool shortages, lock and activity problems)
// and what the last run's guard held back (report::writeStatusText; --format json:
// report::writeStatusJson).
ExitCode runStatus(const VerbContext& ctx) {
  SystemClock clock;
  auto store = openState(ctx.config, clock, StateUse::Read);
  const report::StatusInputs in = readStatus(*store, ctx.config.state.database);
  if (ctx.invocation.format == "json")
    report::writeStatusJson(ctx.out, in);
  else
    report::writeStatusText(ctx.out, in);
  switch (report::statusVerdict(in)) {
    case report::StatusVerdict::Failing: return ExitCode::Failed;
    case report::StatusVerdict::LeftToDo: return ExitCode::PartlyFailed;
    case report::StatusVerdict::Done: return ExitCode::Done;
  }
  return ExitCode::Failed;
}

}  // namespace membersync::cli
