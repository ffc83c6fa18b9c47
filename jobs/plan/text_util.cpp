#include "jobs/plan/text_util.h"

#include <cstdint>
#include <cstdio>

namespace membersync::plan::detail {
namespace {

struct Civil {
  std::int64_t year;
  int month, day;
};

// Days since 1970-01-01 -> proleptic Gregorian date (H. Hinnant's civil_from_days).
Civil civilFromDays(std::int64_t days) {
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const std::int64_t doe = days - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return {yoe + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0 && (a < 0) != (b < 0)) ? 1 : 0);
}

}  // namespace

std::string formatDate(state::Millis at) {
  const Civil c = civilFromDays(floorDiv(at, 86400000));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld-%02d-%02d", static_cast<long long>(c.year), c.month,
                c.day);
  return buf;
}

std::string formatTime(state::Millis at) {
  const std::int64_t secondOfDay = floorDiv(at, 1000) - floorDiv(at, 86400000) * 86400;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s %02d:%02d:%02d UTC", formatDate(at).c_str(),
                static_cast<int>(secondOfDay / 3600), static_cast<int>(secondOfDay / 60 % 60),
                static_cast<int>(secondOfDay % 60));
  return buf;
}

}  // namespace membersync::plan::detail
