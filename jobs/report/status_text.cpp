#include "jobs/report/status_text.h"

#include <algorithm>
#include <ostream>

#include "jobs/core/text.h"
#include "jobs/deliver/passwords_listing.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"

namespace membersync::report {
namespace {

std::string localTime(state::Millis ms) {
  return ms <= 0 ? "" : personTime(ms);
}

void writeRuns(std::ostream& out, const StatusInputs& in) {
  out << "runs (newest first, " << in.database << ")\n";
  TextTable table({"run", "kind", "started", "outcome", "what happened"});
  for (const auto& r : in.runs) {
    table.addRow({std::to_string(r.id), state::toString(r.kind), localTime(r.startedAt),
                  r.finishedAt ? r.outcome : "cut off",
                  runCountsText(r.counts) + (r.message.empty() ? "" : "; " + r.message)});
  }
  if (table.empty()) out << "  none yet\n"; else table.print(out);
}

void writeItems(std::ostream& out, const std::vector<state::ItemRecord>& items) {
  out << "\nitems not done (" << items.size() << ")\n";
  TextTable table({"item", "state", "attempts", "next try", "why"});
  for (const auto& i : items) {
    table.addRow({i.key, state::toString(i.status), std::to_string(i.attempts),
                  i.status == state::ItemStatus::RetryLater ? localTime(i.nextAttemptAt) : "",
                  i.message});
  }
  if (table.empty()) out << "  none\n"; else table.print(out);
}

// Enrolments that did not grant products: their reasons, and those in doubt (B1 has no read
// call, so they are never re-sent on their own and a person has to look).
void writeEnrolments(std::ostream& out, const std::map<std::string, state::Enrolment>& all) {
  const std::vector<const state::Enrolment*> notDone = enrolmentsNotDone(all);
  if (notDone.empty()) return;
  const bool unknown = std::any_of(notDone.begin(), notDone.end(), [](const state::Enrolment* e) {
    return e->status == state::EnrolmentStatus::Unknown;
  });
  out << "\nenrolments not done (" << notDone.size() << ")\n";
  TextTable table({"employee", "rule", "activity", "state", "since", "why"});
  for (const auto* e : notDone) {
    table.addRow({e->employeeId, e->rule, e->activityLabel, state::toString(e->status),
                  localTime(e->at), e->message});
  }
  table.print(out);
  if (unknown) {
    out << "  (\"unknown\": the answer was lost and the activity service cannot be asked; "
           "check there whether the person was enrolled)\n";
  }
}

void writeInDoubt(std::ostream& out, const StatusInputs& in) {
  if (!in.unsettledSteps.empty()) {
    out << "\nsteps in doubt (" << in.unsettledSteps.size()
        << "; the next sync settles them by reading before sending anything)\n";
    for (const auto& step : in.unsettledSteps) {
      out << "  run " << step.runId << " " << step.info.kind << " " << step.info.itemKey
          << (step.info.account.empty() ? "" : " (" + step.info.account + ")") << "\n";
    }
  }
  if (!in.unresolvedSteps.empty()) {
    out << "\nwrites in doubt that reading could not judge (" << in.unresolvedSteps.size()
        << "; look at each member; `membersync revert RUN` judges each field again)\n";
    for (const auto& step : in.unresolvedSteps) {
      out << "  run " << step.runId << " " << step.info.kind << " of " << step.info.account
          << ": " << step.message << "\n";
    }
  }
  if (!in.unconfirmedPasswords.empty()) {
    out << "\npasswords in doubt (" << in.unconfirmedPasswords.size()
        << "; written to the outbox, not confirmed set: the center may hold them; the next sync "
           "sends each again; if one keeps failing, `membersync reset-password ACCOUNT` sets a "
           "new one)\n";
    for (const auto& p : in.unconfirmedPasswords)
      out << "  " << p.account << " (run " << p.runId << ")\n";
  }
}

// Confirmed passwords not handed out: how many, and each whose mail failed or is in doubt.
void writeHandOut(std::ostream& out, const StatusInputs& in) {
  if (in.passwordsToHandOut.empty()) return;
  std::vector<const state::PasswordToHandOut*> troubled;
  for (const auto& p : in.passwordsToHandOut) {
    const auto m = p.mail;
    if (m == state::MailState::Retry || m == state::MailState::Refused ||
        m == state::MailState::InDoubt || m == state::MailState::Sending)
      troubled.push_back(&p);
  }
  out << "\npasswords to hand out (" << in.passwordsToHandOut.size()
      << "; `membersync passwords` lists them";
  if (!troubled.empty()) out << "; " << troubled.size() << " whose mail did not go through";
  out << ")\n";
  for (const auto* p : troubled)
    out << "  " << p->account << ": " << deliver::describeMail(*p) << "\n";
}

// What people have to act on: the last finished run's problems (pools run dry and who is left
// without, locks that cannot be lent, activities that do not exist), then what the newest
// run's guard held back and how to release it.
void writeReported(std::ostream& out, const StatusInputs& in) {
  if (!in.problems.empty()) {
    out << "\nreported by run " << in.problems.front().runId << " (" << in.problems.size() << ")\n";
    for (const auto& p : in.problems) out << "  " << p.key << ": " << p.message << "\n";
  }
  if (!in.held.empty()) {
    const state::RunId run = in.held.front().runId;
    out << "\nheld back by a safety guard in run " << run << " (" << in.held.size()
        << "; review them, then release with: membersync allow " << run << ")\n";
    for (const auto& h : in.held) out << "  " << h.key << ": " << h.reason << "\n";
  }
}

}  // namespace

std::vector<const state::Enrolment*> enrolmentsNotDone(
    const std::map<std::string, state::Enrolment>& all) {
  std::vector<const state::Enrolment*> notDone;
  for (const auto& [key, e] : all)
    if (e.status != state::EnrolmentStatus::Enrolled) notDone.push_back(&e);
  return notDone;
}

const state::RunSummary* lastFinishedRun(const std::vector<state::RunSummary>& runs) {
  for (const auto& r : runs)
    if (r.finishedAt) return &r;
  return nullptr;
}

void writeStatusText(std::ostream& out, const StatusInputs& in) {
  writeRuns(out, in);
  writeItems(out, in.openItems);
  writeEnrolments(out, in.enrolments);
  writeInDoubt(out, in);
  writeHandOut(out, in);
  writeReported(out, in);
}

StatusVerdict statusVerdict(const StatusInputs& in) {
  if (!in.runs.empty() && in.runs.front().outcome == "failed") return StatusVerdict::Failing;
  const bool leftToDo =
      !in.openItems.empty() || !in.unsettledSteps.empty() || !in.unconfirmedPasswords.empty();
  return leftToDo ? StatusVerdict::LeftToDo : StatusVerdict::Done;
}

}  // namespace membersync::report
