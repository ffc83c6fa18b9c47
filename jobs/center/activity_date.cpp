#include "jobs/center/activity.h"

namespace membersync::center {
namespace {

bool allDigits(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

bool plausible(const CivilTime& t) {
  return t.year >= 1900 && t.year <= 9999 && t.month >= 1 && t.month <= 12 && t.day >= 1 &&
         t.day <= 31 && t.hour >= 0 && t.hour <= 23 && t.minute >= 0 && t.minute <= 59 &&
         t.second >= 0 && t.second <= 60;
}

// Reads exactly "yyyy-MM-dd", or "yyyy-MM-dd HH:mm:ss" when withTime.
std::optional<CivilTime> readCivil(const std::string& s, bool withTime) {
  static const char kDate[] = "dddd-dd-dd";
  static const char kDateTime[] = "dddd-dd-dd dd:dd:dd";
  const std::string shape = withTime ? kDateTime : kDate;
  if (s.size() != shape.size()) return std::nullopt;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool digit = s[i] >= '0' && s[i] <= '9';
    if (shape[i] == 'd' ? !digit : s[i] != shape[i]) return std::nullopt;
  }
  CivilTime t;
  auto num = [&s](std::size_t at, std::size_t len) { return std::stoi(s.substr(at, len)); };
  t.year = num(0, 4);
  t.month = num(5, 2);
  t.day = num(8, 2);
  if (withTime) {
    t.hour = num(11, 2);
    t.minute = num(14, 2);
    t.second = num(17, 2);
  }
  if (!plausible(t)) return std::nullopt;
  return t;
}

}  // namespace

ActivityDate parseActivityDate(const std::string& raw) {
  ActivityDate d;
  d.raw = raw;
  if (raw.empty()) return d;  // Absent
  if (auto t = readCivil(raw, true)) {
    d.format = ActivityDate::Format::DateTime;
    d.civil = t;
  } else if (auto day = readCivil(raw, false)) {
    d.format = ActivityDate::Format::Date;
    d.civil = day;
  } else if (allDigits(raw) && raw.size() <= 18) {
    d.format = ActivityDate::Format::EpochMillis;
    d.epochMillis = std::stoll(raw);
  } else {
    d.format = ActivityDate::Format::Unparsed;
  }
  return d;
}

}  // namespace membersync::center
