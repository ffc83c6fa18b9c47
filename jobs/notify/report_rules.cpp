#include "jobs/notify/report_rules.h"

#include <chrono>

namespace membersync::notify {
namespace {

using state::ReportSendState;

bool failedKey(const std::string& key) {
  return key.rfind("failed|", 0) == 0 || key.rfind("error|", 0) == 0;
}

// Whether `on` asked about the situation `record` reported (a resolved report it never does).
bool askedAbout(ReportOn on, const state::ReportSend& record) {
  if (record.reason == toString(SendReason::Resolved) || record.situation.empty()) return false;
  return on != ReportOn::Failed || failedKey(record.situation);
}

state::Millis millisOf(Clock::WallPoint at) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

bool reminderDue(int remindHours, const state::ReportSend& last, Clock::WallPoint at) {
  const state::Millis every = static_cast<state::Millis>(remindHours) * 3600 * 1000;
  return remindHours > 0 && millisOf(at) - last.at >= every;
}

}  // namespace

Situation situationOf(const RunFacts& run, bool needsPerson, const std::string& fingerprint) {
  Situation s;
  s.failed = run.failed();
  s.needsPerson = needsPerson;
  // The outcome and what needs a person, not the message: a failure whose wording changes
  // with every run (a time-out's seconds) is the same failure.
  if (s.failed || needsPerson) s.key = run.outcome + "|" + fingerprint;
  return s;
}

bool wanted(ReportOn on, const Situation& now) {
  switch (on) {
    case ReportOn::Always:
      return true;
    case ReportOn::Failed:
      return now.failed;
    case ReportOn::Attention:
      return now.failed || now.needsPerson;
  }
  return false;
}

std::optional<SendReason> decide(ReportOn on, int remindHours, const Situation& now,
                                 const std::optional<state::ReportSend>& last,
                                 Clock::WallPoint at) {
  if (on == ReportOn::Always) return SendReason::Always;
  if (!wanted(on, now)) {
    if (!last) return std::nullopt;
    const bool resolvedLost =
        last->state == ReportSendState::Failed && last->reason == toString(SendReason::Resolved);
    const bool reported = last->state == ReportSendState::Sent && askedAbout(on, *last);
    if (resolvedLost || reported) return SendReason::Resolved;
    return std::nullopt;
  }
  if (!last) return SendReason::New;
  if (last->state == ReportSendState::Failed) return SendReason::Retry;
  if (last->situation != now.key || !askedAbout(on, *last)) return SendReason::Changed;
  if (reminderDue(remindHours, *last, at)) return SendReason::Reminder;
  return std::nullopt;
}

std::string skipText(ReportOn on, int remindHours, const Situation& now,
                     const std::optional<state::ReportSend>& last) {
  return skipText(on, remindHours, now, last, i18n::Translator());
}

std::string skipText(ReportOn on, int remindHours, const Situation& now,
                     const std::optional<state::ReportSend>& last, const i18n::Translator& tr) {
  if (!wanted(on, now))
    return on == ReportOn::Failed
               ? tr.tr("not reported: on = failed reports failed runs only")
               : i18n::format(tr.tr("not reported: on = {on} reports runs that failed or need a "
                                    "person"),
                              {{"on", toString(on)}});
  const i18n::Arguments args{{"run", last ? std::to_string(last->runId) : ""},
                             {"count", std::to_string(remindHours)}};
  const bool failedRun = last && last->runId == 0;
  if (remindHours <= 0)
    return i18n::format(!last       ? tr.tr("not reported again: unchanged (remind_hours = 0: no "
                                                  "reminders)")
                        : failedRun ? tr.tr("not reported again: unchanged since a run that failed "
                                            "(remind_hours = 0: no reminders)")
                                    : tr.tr("not reported again: unchanged since run {run} "
                                            "(remind_hours = 0: no reminders)"),
                        args);
  const auto hours = static_cast<unsigned long>(remindHours);
  return i18n::format(
      !last       ? tr.trn("not reported again: unchanged (a reminder after {count} h)",
                           "not reported again: unchanged (a reminder after {count} h)", hours)
      : failedRun ? tr.trn("not reported again: unchanged since a run that failed (a reminder "
                           "after {count} h)",
                           "not reported again: unchanged since a run that failed (a reminder "
                           "after {count} h)",
                           hours)
                  : tr.trn("not reported again: unchanged since run {run} (a reminder after "
                           "{count} h)",
                           "not reported again: unchanged since run {run} (a reminder after "
                           "{count} h)",
                           hours),
      args);
}

}  // namespace membersync::notify
