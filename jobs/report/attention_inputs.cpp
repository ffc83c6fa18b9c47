// What attention() reads, from the state database: the one place every surface gets it from.

#include "jobs/report/attention.h"

namespace membersync::report {
namespace {

// The newest finished run that could change anything, or nullopt.
std::optional<state::RunSummary> newestChangingRun(state::StateStore& store) {
  // Runs still going (or cut off) have no problems or holds worth showing yet.
  for (const auto& r : store.recentRuns(20, false))
    if (r.finishedAt && r.kind != state::RunKind::ResetPassword) return r;
  return std::nullopt;
}

}  // namespace

AttentionInputs attentionInputs(state::StateStore& store, state::RunId run, state::Millis now,
                                int passwordWaitDays, std::string configArgument) {
  AttentionInputs in;
  in.now = now;
  in.passwordWaitDays = passwordWaitDays;
  in.configArgument = std::move(configArgument);
  const std::optional<state::RunSummary> newest =
      run != 0 ? store.findRun(run) : newestChangingRun(store);
  if (newest) {
    in.run = newest->id;
    in.problems = store.problemsOfRun(newest->id);
    in.held = store.heldItemsOfRun(newest->id);
    // Writes reading could not judge, as settled by that run (later ones have moved on).
    for (auto& s : store.unresolvedSteps(0))
      if (s.settledAt && *s.settledAt >= newest->startedAt) in.unresolvedSteps.push_back(std::move(s));
  }
  in.openItems = store.openItems();
  in.unsettledSteps = store.unsettledSteps();
  in.unconfirmedPasswords = store.unconfirmedPasswords();
  in.passwordsToHandOut = store.passwordsToHandOut();
  in.enrolments = store.load().enrolments;
  const PeopleWanted wanted = peopleWanted(in);
  in.people = store.itemPeople(wanted.keys, wanted.accounts, wanted.employeeIds);
  return in;
}

}  // namespace membersync::report
