#include "jobs/report/status_text.h"

#include <algorithm>
#include <ostream>

#include "jobs/core/text.h"
#include "jobs/deliver/passwords_listing.h"
#include "jobs/report/attention_text.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"

namespace membersync::report {
namespace {

std::string localTime(state::Millis ms) {
  return ms <= 0 ? "" : personTime(ms);
}

void writeRuns(std::ostream& out, const std::string& heading,
               const std::vector<state::RunSummary>& runs) {
  out << heading << "\n";
  TextTable table({"run", "kind", "started", "outcome", "what happened"});
  for (const auto& r : runs) {
    table.addRow({std::to_string(r.id), state::toString(r.kind), localTime(r.startedAt),
                  r.finishedAt ? r.outcome : "cut off",
                  runCountsText(r.counts) + (r.message.empty() ? "" : "; " + r.message)});
  }
  if (table.empty()) out << "  none yet\n"; else table.print(out);
}

bool isAttentionProblem(const state::RunProblem& p) {
  return isInvalidRowKey(p.key) || p.key.rfind(kPoolDryPrefix, 0) == 0;
}

// What the newest run reported that is nobody's in particular and not in "Needs a person":
// locks that cannot be lent, lendings that should end, pool assets A6 does not have, activities
// that do not exist.
void writeReported(std::ostream& out, const StatusInputs& in) {
  std::vector<const state::RunProblem*> other;
  for (const auto& p : in.problems)
    if (!isAttentionProblem(p)) other.push_back(&p);
  if (other.empty()) return;
  out << "\nalso reported by run " << other.front()->runId << " (" << other.size() << ")\n";
  for (const auto* p : other) out << "  " << p->key << ": " << p->message << "\n";
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

}  // namespace

std::vector<const state::Enrolment*> enrolmentsNotDone(
    const std::map<std::string, state::Enrolment>& all) {
  std::vector<const state::Enrolment*> notDone;
  for (const auto& [key, e] : all)
    if (e.status != state::EnrolmentStatus::Enrolled) notDone.push_back(&e);
  return notDone;
}

namespace {

// Enrolments the activity service answered without granting (not qualified, refused): an answer
// to know, not in "Needs a person" unless it is in doubt or to be tried again.
void writeEnrolments(std::ostream& out, const std::map<std::string, state::Enrolment>& all) {
  TextTable table({"employee", "rule", "activity", "state", "since", "why"});
  for (const auto* e : enrolmentsNotDone(all)) {
    if (e->status == state::EnrolmentStatus::Unknown) continue;  // in "Needs a person"
    table.addRow({e->employeeId, e->rule, e->activityLabel, state::toString(e->status),
                  localTime(e->at), e->message});
  }
  if (table.empty()) return;
  out << "\nenrolments that granted nothing\n";
  table.print(out);
}

}  // namespace

void writeStatusText(std::ostream& out, const StatusInputs& in) {
  if (in.attention.empty()) {
    out << "Nothing needs a person.\n\n";
  } else {
    // A few dozen of each kind; the JSON form lists them all (a large enterprise may have
    // thousands of passwords waiting).
    const std::string json = "membersync " +
                             (in.configArgument.empty() ? "" : in.configArgument + " ") +
                             "status --format json";
    writeAttentionText(out, in.attention, 50, json);
    out << "\n";
  }
  writeRuns(out, "runs (newest first, " + in.database + ")", in.runs);
  if (!in.previews.empty()) {
    out << "\n";
    writeRuns(out, "previews (plan, dry runs, revert without --apply; they change nothing)",
              in.previews);
  }
  writeReported(out, in);
  writeEnrolments(out, in.enrolments);
  writeHandOut(out, in);
}

StatusVerdict statusVerdict(const StatusInputs& in) {
  if (!in.runs.empty() && in.runs.front().outcome == "failed") return StatusVerdict::Failing;
  if (in.attention.empty()) return StatusVerdict::Done;
  return in.attention.worst() == AttentionClass::Guard ? StatusVerdict::Held
                                                       : StatusVerdict::Attention;
}

int statusExitCode(StatusVerdict verdict) {
  switch (verdict) {
    case StatusVerdict::Failing: return 1;
    case StatusVerdict::Held: return 4;
    case StatusVerdict::Attention: return 3;
    case StatusVerdict::Done: return 0;
  }
  return 1;
}

}  // namespace membersync::report
