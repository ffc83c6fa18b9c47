#pragma once

// One asset rule's last 90 days as an SVG document drawn by the server: capacity, assigned and
// free, one line each, from the counts applying runs recorded (StateStore::poolHistory).
// The console embeds it in a page whose Content-Security-Policy is `default-src 'self'`, so the
// document uses presentation attributes only (no style attribute or element, no script, no
// event handler, no external reference). Pure and deterministic: the same records give the same
// bytes (integer coordinates, dates in UTC, no locale).

#include <string>
#include <vector>

#include "jobs/i18n/translator.h"
#include "jobs/state/pool_counts.h"

namespace membersync::report {

inline constexpr int kChartDays = 90;

// `history`: one rule's records, oldest first. The chart ends at the newest record (the state as
// of the last run) and starts 90 days before it; older records are left out. Without records it
// says so. Every text (the rule's name, the words in the reader's language) is escaped for XML.
std::string poolChartSvg(const i18n::Translator& tr, const std::string& rule,
                         const std::vector<state::PoolRecord>& history);
// In English.
std::string poolChartSvg(const std::string& rule, const std::vector<state::PoolRecord>& history);

// `text` escaped for XML character data and attribute values (& < > " '); control characters
// XML cannot carry become U+FFFD.
std::string xmlEscaped(const std::string& text);

}  // namespace membersync::report
