#pragma once

// What `status` says about the run reports: the newest send of each channel. Pure (the time is
// written in the machine's local zone, as every time a person reads).

#include <string>
#include <vector>

#include "jobs/i18n/translator.h"
#include "jobs/state/types.h"

namespace membersync::notify {

// "Reports: wecom sent 2026-11-21 02:01 CST (run 21); mail:it@acme.example failed 2026-11-21
// 02:01 CST (run 21): not delivered: ...; the next run sends it again". "" when no report was
// ever sent (StateStore::lastReportSends() gives `last`).
// In `tr`'s language (status: the environment's); without one, English.
std::string reportStatusLine(const std::vector<state::ReportSend>& last,
                             const i18n::Translator& tr);
std::string reportStatusLine(const std::vector<state::ReportSend>& last);

}  // namespace membersync::notify
