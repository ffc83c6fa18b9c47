#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "jobs/i18n/translator.h"
#include "jobs/report/attention.h"
#include "jobs/state/records.h"
#include "jobs/state/types.h"

namespace membersync::report {

// What `status` shows, as the state store hands it out: plain records, no store, so the text is
// a pure function of them (and of the machine's time zone, for the times shown).
struct StatusInputs {
  std::string database;  // its path, for the heading
  // The last runs that could change something, newest first; previews (`plan`, dry runs,
  // `revert` without --apply) apart, so that they push no run out of the list.
  std::vector<state::RunSummary> runs;
  std::vector<state::RunSummary> previews;
  Attention attention;  // what needs a person (attention(), from the fields below)
  std::vector<state::ItemRecord> openItems;
  std::map<std::string, state::Enrolment> enrolments;  // Snapshot::enrolments
  std::vector<state::Step> unsettledSteps;
  // Steps of the runs shown that reading could not judge (enrolments aside): their finding.
  std::vector<state::Step> unresolvedSteps;
  std::vector<state::PendingPassword> unconfirmedPasswords;
  std::vector<state::PasswordToHandOut> passwordsToHandOut;  // confirmed, not handed out
  // What the newest finished run that could change something reported, and what its guard held.
  std::vector<state::RunProblem> problems;
  std::vector<state::HeldItem> held;
  std::vector<state::ReportSend> reports;  // the newest run report of each channel
  std::string configArgument;  // "--config FILE" in the commands shown; "" for the default
};

// The enrolments that granted nothing (every status but enrolled), in key order.
std::vector<const state::Enrolment*> enrolmentsNotDone(
    const std::map<std::string, state::Enrolment>& all);

// The `status` report: what needs a person first (writeAttentionText), then the last runs with
// their counts, the last previews, what the newest run reported that is not one person's (locks
// that cannot be lent, activities that do not exist, ...), and the passwords to hand out. Sections
// with nothing to show are left out, except the runs. In the reader's language (`tr`); messages
// stored in the state are shown translated (decodeMessage), old English ones as written.
void writeStatusText(std::ostream& os, const i18n::Translator& tr, const StatusInputs& in);
// In English.
void writeStatusText(std::ostream& os, const StatusInputs& in);

enum class StatusVerdict {
  Done,       // nothing needs a person
  Attention,  // something needs a person (StatusInputs::attention), nothing held by a guard
  Held,       // a guard's holds wait for `allow`
  Failing,    // the newest run that could change something failed
};
// A run with no end may still be going (status takes no lock), so it is no failure.
StatusVerdict statusVerdict(const StatusInputs& in);
// `status`'s exit code: 1 failing, 4 held, 3 anything else needing a person, 0 done.
int statusExitCode(StatusVerdict verdict);

}  // namespace membersync::report
