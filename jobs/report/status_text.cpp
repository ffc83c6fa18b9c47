#include "jobs/report/status_text.h"

#include <algorithm>
#include <ostream>

#include "jobs/core/text.h"
#include "jobs/deliver/passwords_listing.h"
#include "jobs/report/attention_text.h"
#include "jobs/report/machine_words.h"
#include "jobs/report/run_text.h"
#include "jobs/report/text_table.h"

namespace membersync::report {
namespace {

std::string localTime(state::Millis ms) {
  return ms <= 0 ? "" : personTime(ms);
}

// A run's outcome word (SyncOutcome's names, as stored) in the reader's language; a word this
// version does not know stays as stored.
std::string outcomeText(const i18n::Translator& tr, const std::string& outcome) {
  static const char* const kOutcomes[] = {
      i18n::translateLater("failed"),  i18n::translateLater("stale"),
      i18n::translateLater("held"),    i18n::translateLater("partly-failed"),
      i18n::translateLater("changes"), i18n::translateLater("attention"),
      i18n::translateLater("done")};
  for (const char* known : kOutcomes)
    if (outcome == known) return tr.tr(known);
  return outcome;
}

// What a run did and what it said: its counts, then its message (stored as encodeMessage() wrote
// it, or, from an older version, as English text, shown as written).
std::string whatHappened(const i18n::Translator& tr, const state::RunSummary& r) {
  const std::string counts = runCountsText(tr, r.counts);
  if (r.message.empty()) return counts;
  return i18n::format(
      tr.tr("{counts}; {message}"),
      {{"counts", counts}, {"message", rendered(tr, i18n::decodeMessage(r.message))}});
}

void writeRuns(std::ostream& out, const i18n::Translator& tr, const std::string& heading,
               const std::vector<state::RunSummary>& runs) {
  out << heading << "\n";
  TextTable table(
      {tr.tr("run"), tr.tr("kind"), tr.tr("started"), tr.tr("outcome"), tr.tr("what happened")});
  for (const auto& r : runs) {
    table.addRow({std::to_string(r.id), machineWord(tr, state::toString(r.kind)),
                  localTime(r.startedAt),
                  r.finishedAt ? outcomeText(tr, r.outcome) : tr.tr("cut off"),
                  whatHappened(tr, r)});
  }
  if (table.empty())
    out << "  " << tr.tr("none yet") << "\n";
  else
    table.print(out);
}

bool isAttentionProblem(const state::RunProblem& p) {
  return isInvalidRowKey(p.key) || p.key.rfind(kPoolDryPrefix, 0) == 0;
}

// What the newest run reported that is nobody's in particular and not in "Needs a person":
// locks that cannot be lent, lendings that should end, pool assets A6 does not have, activities
// that do not exist.
void writeReported(std::ostream& out, const i18n::Translator& tr, const StatusInputs& in) {
  std::vector<const state::RunProblem*> other;
  for (const auto& p : in.problems)
    if (!isAttentionProblem(p)) other.push_back(&p);
  if (other.empty()) return;
  out << "\n"
      << i18n::format(tr.tr("also reported by run {run} ({count})"),
                      {{"run", std::to_string(other.front()->runId)},
                       {"count", std::to_string(other.size())}})
      << "\n";
  for (const auto* p : other)
    out << "  "
        << i18n::format(
               tr.tr("{key}: {message}"),
               {{"key", p->key}, {"message", rendered(tr, i18n::decodeMessage(p->message))}})
        << "\n";
}

// Confirmed passwords not handed out: how many, and each whose mail failed or is in doubt.
void writeHandOut(std::ostream& out, const i18n::Translator& tr, const StatusInputs& in) {
  if (in.passwordsToHandOut.empty()) return;
  std::vector<const state::PasswordToHandOut*> troubled;
  for (const auto& p : in.passwordsToHandOut) {
    const auto m = p.mail;
    if (m == state::MailState::Retry || m == state::MailState::Refused ||
        m == state::MailState::InDoubt || m == state::MailState::Sending)
      troubled.push_back(&p);
  }
  const std::size_t n = in.passwordsToHandOut.size();
  const std::string heading =
      troubled.empty()
          ? tr.trn("passwords to hand out ({count}; `membersync passwords` lists them)",
                   "passwords to hand out ({count}; `membersync passwords` lists them)", n)
          : tr.trn(
                "passwords to hand out ({count}; `membersync passwords` lists them; "
                "{troubled} whose mail did not go through)",
                "passwords to hand out ({count}; `membersync passwords` lists them; "
                "{troubled} whose mail did not go through)",
                n);
  out << "\n"
      << i18n::format(heading,
                      {{"count", std::to_string(n)}, {"troubled", std::to_string(troubled.size())}})
      << "\n";
  for (const auto* p : troubled)
    out << "  "
        << i18n::format(tr.tr("{account}: {note}"),
                        {{"account", p->account}, {"note", deliver::describeMail(tr, *p)}})
        << "\n";
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
void writeEnrolments(std::ostream& out, const i18n::Translator& tr,
                     const std::map<std::string, state::Enrolment>& all) {
  TextTable table({tr.tr("employee"), tr.tr("rule"), tr.tr("activity"), tr.tr("state"),
                   tr.tr("since"), tr.tr("why")});
  for (const auto* e : enrolmentsNotDone(all)) {
    if (e->status == state::EnrolmentStatus::Unknown) continue;  // in "Needs a person"
    table.addRow({e->employeeId, e->rule, e->activityLabel, state::toString(e->status),
                  localTime(e->at), rendered(tr, i18n::decodeMessage(e->message))});
  }
  if (table.empty()) return;
  out << "\n" << tr.tr("enrolments that granted nothing") << "\n";
  table.print(out);
}

}  // namespace

void writeStatusText(std::ostream& out, const StatusInputs& in) {
  writeStatusText(out, i18n::Translator(), in);
}

void writeStatusText(std::ostream& out, const i18n::Translator& tr, const StatusInputs& in) {
  if (in.attention.empty()) {
    out << tr.tr("Nothing needs a person.") << "\n\n";
  } else {
    // A few dozen of each kind; the JSON form lists them all (a large enterprise may have
    // thousands of passwords waiting).
    const std::string json = "membersync " +
                             (in.configArgument.empty() ? "" : in.configArgument + " ") +
                             "status --format json";
    writeAttentionText(out, tr, in.attention, 50, json);
    out << "\n";
  }
  writeRuns(out, tr,
            i18n::format(tr.tr("runs (newest first, {database})"), {{"database", in.database}}),
            in.runs);
  if (!in.previews.empty()) {
    out << "\n";
    writeRuns(out, tr,
              tr.tr("previews (plan, dry runs, revert without --apply; they change nothing)"),
              in.previews);
  }
  writeReported(out, tr, in);
  writeEnrolments(out, tr, in.enrolments);
  writeHandOut(out, tr, in);
}

StatusVerdict statusVerdict(const StatusInputs& in) {
  if (!in.runs.empty() && in.runs.front().outcome == "failed") return StatusVerdict::Failing;
  if (in.attention.empty()) return StatusVerdict::Done;
  return in.attention.worst() == AttentionClass::Guard ? StatusVerdict::Held
                                                       : StatusVerdict::Attention;
}

int statusExitCode(StatusVerdict verdict) {
  switch (verdict) {
    case StatusVerdict::Failing:
      return 1;
    case StatusVerdict::Held:
      return 4;
    case StatusVerdict::Attention:
      return 3;
    case StatusVerdict::Done:
      return 0;
  }
  return 1;
}

}  // namespace membersync::report
