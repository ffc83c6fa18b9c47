#pragma once

// When an asset rule runs dry, from the counts applying runs recorded (StateStore::poolHistory).
// Pure: no clock, no I/O; the reference time is the newest record's (the console shows what the
// state knows as of the last run).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jobs/i18n/translator.h"
#include "jobs/state/pool_counts.h"

namespace membersync::report {

// The formula, in full:
// - the window: the records of the 30 days before the newest one (newest included);
// - rate = (assigned at the newest record - assigned at the window's oldest) / the days between
//   them: the net assignments a day, seats given minus seats freed;
// - days = floor(free at the newest record / rate).
// No forecast when the window's records span less than 7 days (too little history), or when the
// rate is not above 0 (the pool is not being used up).
struct PoolForecast {
  double perDay = 0;      // the rate, net assignments a day
  std::int64_t days = 0;  // 0: dry within a day (or already: no free asset left)
  std::int64_t free = 0;  // at the newest record
};

inline constexpr int kForecastWindowDays = 30;
inline constexpr int kForecastMinimumDays = 7;

// `history`: one rule's records, oldest first (as poolHistory(rule, ...) answers).
std::optional<PoolForecast> forecastPool(const std::vector<state::PoolRecord>& history);

// The sentence a page shows, in the reader's language: "runs dry in about 12 days (at 1.5
// assignments a day over the last 30 days)", "no free asset left (1.5 assignments a day ...)", or
// "" for no forecast.
std::string forecastText(const i18n::Translator& tr, const std::optional<PoolForecast>& forecast);
// In English.
std::string forecastText(const std::optional<PoolForecast>& forecast);

}  // namespace membersync::report
