// What attention() reads, from the state database: the one place every surface gets it from.

#include "jobs/report/attention.h"

#include <algorithm>

namespace membersync::report {
namespace {

// Runs whose problems and holds speak for everyone: a sync, a saved plan applied or a daemon's
// run, that got as far as planning (not failed, not stale) and was not narrowed to one account.
bool completeRun(const state::RunSummary& r) {
  const bool planned = r.kind == state::RunKind::Sync || r.kind == state::RunKind::Apply ||
                       r.kind == state::RunKind::Daemon;
  return planned && r.finishedAt && r.scope.empty() && r.outcome != "failed" &&
         r.outcome != "stale";
}

// The runs read for holds: the newest complete run and every later one (a revert's or an
// --only run's holds wait for `allow` too), newest first.
std::vector<state::RunSummary> runsToRead(state::StateStore& store, state::RunId run) {
  std::vector<state::RunSummary> runs;
  for (const auto& r : store.recentRuns(50, false)) {
    if (r.kind == state::RunKind::ResetPassword) continue;
    runs.push_back(r);
    if (run != 0 ? r.id == run : completeRun(r)) break;
  }
  return runs;
}

}  // namespace

AttentionInputs attentionInputs(state::StateStore& store, state::RunId run, state::Millis now,
                                int passwordWaitDays, std::string configArgument,
                                PasswordsRead passwords) {
  AttentionInputs in;
  in.now = now;
  in.passwordWaitDays = passwordWaitDays;
  in.configArgument = std::move(configArgument);
  const std::vector<state::RunSummary> runs = runsToRead(store, run);
  if (!runs.empty() && (run != 0 || completeRun(runs.back()))) {
    in.run = runs.back().id;
    in.problems = store.problemsOfRun(in.run);
  }
  for (const auto& r : runs) {
    for (auto& h : store.heldItemsOfRun(r.id))
      if (!h.releasedAt && !h.consumedAt) in.held.push_back(std::move(h));
  }
  in.openItems = store.openItems();
  in.unsettledSteps = store.unsettledSteps();
  in.unresolvedSteps = store.unresolvedSteps(0);
  in.unconfirmedPasswords = store.unconfirmedPasswords();
  in.passwordsToHandOut =
      passwords == PasswordsRead::All
          ? store.passwordsToHandOut()
          : store.passwordsWaitingSince(passwordWaitLimit(now, passwordWaitDays));
  in.enrolments = store.enrolmentsNotEnrolled();
  const PeopleWanted wanted = peopleWanted(in);
  in.people = store.itemPeople(wanted.keys, wanted.accounts, wanted.employeeIds);
  return in;
}

}  // namespace membersync::report
