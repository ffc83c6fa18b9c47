#pragma once

// When a run is reported on a channel: a pure function of `on`, the situation now, the last
// record of the channel and the time, so a test steps a day on a ManualClock.
//
// - on = always: every run.
// - A run that `on` asks about (attention: it failed or something needs a person; failed: it
//   failed) is reported when the channel never had a report, when the last one could not be
//   sent (the next run sends it, changed or not), when the situation (what needs a person, by
//   Attention::fingerprint(), and the outcome) differs from the last one's, or as a reminder
//   once the last is remind_hours old (0: no reminders).
// - A run it does not ask about is reported once when the last report on the channel was one it
//   asked about and was sent: the situation cleared ("resolved"), so the next time it comes
//   back is news again. Otherwise nothing.

#include <optional>
#include <string>

#include "jobs/core/clock.h"
#include "jobs/i18n/translator.h"
#include "jobs/notify/report_content.h"
#include "jobs/notify/report_settings.h"
#include "jobs/state/types.h"

namespace membersync::notify {

// The situation of a run as the rules compare it.
struct Situation {
  bool failed = false;       // the run failed
  bool needsPerson = false;  // something needs a person (Attention not empty)
  std::string key;           // fingerprint + outcome; "" when nothing to report
};

// The situation of `run` given the fingerprint of what needs a person ("" when nothing does).
Situation situationOf(const RunFacts& run, bool needsPerson, const std::string& fingerprint);

// Whether `on` asks about a run in this situation.
bool wanted(ReportOn on, const Situation& now);

// Why the report goes out on a channel, or nullopt: not this run. `last` is the channel's newest
// record (nullopt: none yet).
std::optional<SendReason> decide(ReportOn on, int remindHours, const Situation& now,
                                 const std::optional<state::ReportSend>& last, Clock::WallPoint at);

// Why nothing was sent, for the log: "unchanged since run 21 (a reminder after 24 h)".
// In `tr`'s language; without one, English.
std::string skipText(ReportOn on, int remindHours, const Situation& now,
                     const std::optional<state::ReportSend>& last, const i18n::Translator& tr);
std::string skipText(ReportOn on, int remindHours, const Situation& now,
                     const std::optional<state::ReportSend>& last);

}  // namespace membersync::notify
