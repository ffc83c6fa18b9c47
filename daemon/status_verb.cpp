#include <ctime>
#include <ostream>

#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/core/text.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

std::string localTime(state::Millis ms) {
  return ms <= 0 ? "" : localTimeText(Clock::WallPoint{std::chrono::milliseconds(ms)});
}

}  // namespace

// From the state database alone: the last runs, items waiting for a retry, refused or in doubt,
// enrolments that granted nothing (and why), steps in doubt, passwords never confirmed
// delivered, what the last finished run reported (pool shortages, lock and activity problems)
// and what the last run's guard held back.
ExitCode runStatus(const VerbContext& ctx) {
  SystemClock clock;
  auto store = state::SqliteStore::open(ctx.config.state.database, clock);
  auto& out = ctx.out;

  const auto runs = store->recentRuns(10);
  out << "runs (newest first, " << ctx.config.state.database << ")\n";
  report::TextTable runTable({"run", "kind", "started", "outcome", "what happened"});
  for (const auto& r : runs) {
    runTable.addRow({std::to_string(r.id), state::toString(r.kind), localTime(r.startedAt),
                     r.finishedAt ? r.outcome : "cut off", report::runCountsText(r.counts) +
                     (r.message.empty() ? "" : "; " + r.message)});
  }
  if (runTable.empty()) out << "  none yet\n"; else runTable.print(out);

  const auto items = store->openItems();
  out << "\nitems not done (" << items.size() << ")\n";
  report::TextTable itemTable({"item", "state", "attempts", "next try", "why"});
  for (const auto& i : items) {
    itemTable.addRow({i.key, state::toString(i.status), std::to_string(i.attempts),
                      i.status == state::ItemStatus::RetryLater ? localTime(i.nextAttemptAt) : "",
                      i.message});
  }
  if (itemTable.empty()) out << "  none\n"; else itemTable.print(out);

  // Enrolments that did not grant products: their reasons, and those in doubt (B1 has no read
  // call, so they are never re-sent on their own).
  const auto snapshot = store->load();
  std::vector<const state::Enrolment*> enrolments;
  for (const auto& [key, e] : snapshot.enrolments) {
    if (e.status != state::EnrolmentStatus::Enrolled) enrolments.push_back(&e);
  }
  if (!enrolments.empty()) {
    out << "\nenrolments not done (" << enrolments.size() << ")\n";
    report::TextTable table({"employee", "rule", "activity", "state", "since", "why"});
    for (const auto* e : enrolments) {
      table.addRow({e->employeeId, e->rule, e->activityLabel, state::toString(e->status),
                    localTime(e->at), e->message});
    }
    table.print(out);
    for (const auto* e : enrolments) {
      if (e->status == state::EnrolmentStatus::Unknown) {
        out << "  (\"unknown\": the answer was lost and the activity service cannot be asked; "
               "check there whether the person was enrolled)\n";
        break;
      }
    }
  }

  const auto doubt = store->unsettledSteps();
  if (!doubt.empty()) {
    out << "\nsteps in doubt (" << doubt.size()
        << "; the next sync settles them by reading before sending anything)\n";
    for (const auto& step : doubt) {
      out << "  run " << step.runId << " " << step.info.kind << " " << step.info.itemKey
          << (step.info.account.empty() ? "" : " (" + step.info.account + ")") << "\n";
    }
  }

  const auto passwords = store->undeliveredPasswords();
  if (!passwords.empty()) {
    out << "\npasswords written to the outbox but not confirmed (" << passwords.size()
        << "; the next sync settles them)\n";
    for (const auto& p : passwords) out << "  " << p.account << " (run " << p.runId << ")\n";
  }

  // What the last run reported for people to act on: pools run dry (who is left without),
  // locks that cannot be lent, activities that do not exist.
  for (const auto& r : runs) {
    if (!r.finishedAt) continue;
    const auto problems = store->problemsOfRun(r.id);
    if (!problems.empty()) {
      out << "\nreported by run " << r.id << " (" << problems.size() << ")\n";
      for (const auto& p : problems) out << "  " << p.key << ": " << p.message << "\n";
    }
    break;
  }

  if (!runs.empty()) {
    const auto held = store->heldItemsOfRun(runs.front().id);
    if (!held.empty()) {
      out << "\nheld back by a safety guard in run " << runs.front().id << " (" << held.size()
          << "; release with: membersync allow-deletes " << runs.front().id << ")\n";
      for (const auto& h : held) out << "  " << h.key << ": " << h.reason << "\n";
    }
  }
  // Something is left to do while any item is open, a step is in doubt or a password is not
  // confirmed. (A run with no end may still be going: status takes no lock, so it is no failure.)
  const bool failing = !runs.empty() && runs.front().outcome == "failed";
  const bool leftToDo = !items.empty() || !doubt.empty() || !passwords.empty();
  return failing ? ExitCode::Failed : (leftToDo ? ExitCode::PartlyFailed : ExitCode::Done);
}

}  // namespace membersync::cli
