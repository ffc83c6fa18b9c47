#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "jobs/state/records.h"
#include "jobs/state/types.h"

namespace membersync::report {

// What `status` shows, as the state store hands it out: plain records, no store, so the text is
// a pure function of them (and of the machine's time zone, for the times shown).
struct StatusInputs {
  std::string database;                // its path, for the heading
  std::vector<state::RunSummary> runs;  // the last runs, newest first
  std::vector<state::ItemRecord> openItems;
  std::map<std::string, state::Enrolment> enrolments;  // Snapshot::enrolments
  std::vector<state::Step> unsettledSteps;
  // Steps of the runs shown that reading could not judge (enrolments aside): their finding.
  std::vector<state::Step> unresolvedSteps;
  std::vector<state::PendingPassword> unconfirmedPasswords;
  std::vector<state::PasswordToHandOut> passwordsToHandOut;  // confirmed, not handed out
  // What the last finished run (lastFinishedRun()) reported, and what the newest run's guard held.
  std::vector<state::RunProblem> problems;
  std::vector<state::HeldItem> held;
};

// The enrolments that granted nothing (every status but enrolled), in key order: what `status`
// lists as not done.
std::vector<const state::Enrolment*> enrolmentsNotDone(
    const std::map<std::string, state::Enrolment>& all);

// The newest of `runs` that finished, whose problems `status` shows; null when none did.
const state::RunSummary* lastFinishedRun(const std::vector<state::RunSummary>& runs);

// The `status` report: the last runs with their counts (runCountsText), items not done,
// enrolments that granted nothing, steps in doubt, passwords not confirmed, the last finished
// run's problems and the newest run's held items. Sections with nothing to show are left out,
// except the runs and the items.
void writeStatusText(std::ostream& os, const StatusInputs& in);

enum class StatusVerdict {
  Done,      // nothing left to do
  LeftToDo,  // an item is open, a step is in doubt or a password is not confirmed
  Failing,   // the newest run failed
};
// A run with no end may still be going (status takes no lock), so it is no failure.
StatusVerdict statusVerdict(const StatusInputs& in);

}  // namespace membersync::report
