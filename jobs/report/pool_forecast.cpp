#include "jobs/report/pool_forecast.h"

#include <cmath>

namespace membersync::report {
namespace {

constexpr double kDayMillis = 24.0 * 3600 * 1000;

// The rate with one decimal, never in the locale's notation (a page shows it).
std::string rateText(const i18n::Translator& tr, double perDay) {
  const long long tenths = std::llround(perDay * 10);
  if (tenths == 0) return tr.tr("under 0.1");
  std::string text = std::to_string(tenths / 10);
  if (tenths % 10 != 0) text += "." + std::to_string(tenths % 10);
  return text;
}

}  // namespace

std::optional<PoolForecast> forecastPool(const std::vector<state::PoolRecord>& history) {
  if (history.empty()) return std::nullopt;
  const state::PoolRecord& newest = history.back();
  const std::int64_t windowStart =
      newest.at - static_cast<std::int64_t>(kForecastWindowDays * kDayMillis);
  const state::PoolRecord* oldest = &newest;
  for (const state::PoolRecord& r : history) {
    if (r.at >= windowStart) {
      oldest = &r;  // oldest first: the first one inside the window
      break;
    }
  }
  const double days = static_cast<double>(newest.at - oldest->at) / kDayMillis;
  if (days < kForecastMinimumDays) return std::nullopt;
  const double perDay =
      static_cast<double>(newest.counts.assigned - oldest->counts.assigned) / days;
  if (perDay <= 0) return std::nullopt;
  PoolForecast f;
  f.perDay = perDay;
  f.free = newest.counts.free;
  f.days = f.free <= 0 ? 0 : static_cast<std::int64_t>(std::floor(f.free / perDay));
  return f;
}

std::string forecastText(const i18n::Translator& tr, const std::optional<PoolForecast>& f) {
  if (!f) return "";
  const std::string perDay = rateText(tr, f->perDay);
  const std::string rate = i18n::format(
      tr.trn("at {rate} assignment a day over the last {days} days",
             "at {rate} assignments a day over the last {days} days", perDay == "1" ? 1 : 2),
      {{"rate", perDay}, {"days", std::to_string(kForecastWindowDays)}});
  const i18n::Arguments args{{"rate", rate}, {"count", std::to_string(f->days)}};
  if (f->free <= 0) return i18n::format(tr.tr("no free asset left ({rate})"), args);
  if (f->days == 0) return i18n::format(tr.tr("runs dry within a day ({rate})"), args);
  return i18n::format(
      tr.trn("runs dry in about {count} day ({rate})", "runs dry in about {count} days ({rate})",
             static_cast<unsigned long>(f->days)),
      args);
}

std::string forecastText(const std::optional<PoolForecast>& f) {
  return forecastText(i18n::Translator(), f);
}

}  // namespace membersync::report
