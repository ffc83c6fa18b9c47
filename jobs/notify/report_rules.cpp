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

std::string runName(state::RunId run) {
  return run == 0 ? std::string("a run that failed") : "run " + std::to_string(run);
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
  if (!wanted(on, now))
    return std::string("not reported: on = ") + toString(on) + " reports " +
           (on == ReportOn::Failed ? "failed runs only" : "runs that failed or need a person");
  const std::string since = last ? " since " + runName(last->runId) : "";
  return "not reported again: unchanged" + since +
         (remindHours > 0 ? " (a reminder after " + std::to_string(remindHours) + " h)"
                          : " (remind_hours = 0: no reminders)");
}

}  // namespace membersync::notify
