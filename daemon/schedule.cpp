#include "daemon/schedule.h"

#include <time.h>

#include <cctype>
#include <cstdlib>
#include <sstream>
#include <utility>
#include <vector>

#include "jobs/core/text.h"
#include "jobs/i18n/message.h"

namespace membersync::daemon {
namespace {

[[noreturn]] void fail(const std::string& text, i18n::Message problem) {
  throw ScheduleError(
      i18n::msg("'{schedule}': {problem}; use `every 30s`, `every 15m`, `every 2h`, `daily HH:MM` "
                "or a 5-field cron expression (minute hour day-of-month month day-of-week, local "
                "time)")
          .with("schedule", text)
          .with("problem", std::move(problem)));
}

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, by)) out.push_back(part);
  if (!s.empty() && s.back() == by) out.push_back("");
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool allDigits(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// One cron field: its name for messages, its range, and the names it accepts (index = value).
struct FieldSpec {
  const char* name;
  int lo;
  int hi;
  std::vector<const char*> names;  // names[i] stands for lo + i; empty: numbers only
};

const FieldSpec kMinute{i18n::translateLater("minute"), 0, 59, {}};
const FieldSpec kHour{i18n::translateLater("hour"), 0, 23, {}};
const FieldSpec kDayOfMonth{i18n::translateLater("day of month"), 1, 31, {}};
const FieldSpec kMonth{
    i18n::translateLater("month"),
    1,
    12,
    {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}};
const FieldSpec kDayOfWeek{
    i18n::translateLater("day of week"), 0, 7, {"sun", "mon", "tue", "wed", "thu", "fri", "sat"}};

class FieldParser {
 public:
  FieldParser(const std::string& text, const FieldSpec& spec, const std::string& field)
      : text_(text), spec_(spec), field_(field) {}

  // Values set in the field, indexed from 0 (a value v sets bit v). Day of week 7 is Sunday (0).
  std::vector<bool> parse() const {
    std::vector<bool> set(static_cast<std::size_t>(spec_.hi + 1), false);
    for (const auto& part : split(field_, ',')) parsePart(part, set);
    if (spec_.hi == 7 && set[7]) set[0] = true;
    return set;
  }

 private:
  // `problem` names the field ({field}, translated as a word of ours) and its text ({text}).
  [[noreturn]] void bad(i18n::Message problem) const {
    fail(text_, std::move(problem.with("field", i18n::msg(spec_.name)).with("text", field_)));
  }

  int value(const std::string& token) const {
    if (allDigits(token)) {
      const int v = std::atoi(token.c_str());
      if (v < spec_.lo || v > spec_.hi) {
        bad(i18n::msg("the {field} field '{text}' has {value}, outside {low}-{high}")
                .with("value", token)
                .with("low", spec_.lo)
                .with("high", spec_.hi));
      }
      return v;
    }
    for (std::size_t i = 0; i < spec_.names.size(); ++i) {
      if (lowerAscii(token) == spec_.names[i]) return spec_.lo + static_cast<int>(i);
    }
    if (spec_.names.empty())
      bad(i18n::msg("the {field} field '{text}' has '{value}', which is not a number")
              .with("value", token));
    bad(i18n::msg("the {field} field '{text}' has '{value}', which is not a number or a name "
                  "like {name}")
            .with("value", token)
            .with("name", spec_.names[0]));
  }

  void parsePart(const std::string& part, std::vector<bool>& set) const {
    if (part.empty()) bad(i18n::msg("the {field} field '{text}' has an empty list entry"));
    std::string range = part;
    int step = 1;
    const auto slash = part.find('/');
    if (slash != std::string::npos) {
      range = part.substr(0, slash);
      const std::string s = part.substr(slash + 1);
      if (!allDigits(s) || std::atoi(s.c_str()) < 1)
        bad(i18n::msg("the {field} field '{text}' has a step '{step}' that is not 1 or more")
                .with("step", s));
      step = std::atoi(s.c_str());
    }
    int lo = spec_.lo;
    int hi = spec_.hi;
    if (range == "*") {
      if (spec_.hi == 7) hi = 6;  // `*/2` over the week: Sunday once
    } else if (const auto dash = range.find('-'); dash != std::string::npos) {
      lo = value(range.substr(0, dash));
      hi = value(range.substr(dash + 1));
      if (lo > hi)
        bad(i18n::msg("the {field} field '{text}' has a range {range} that runs backwards")
                .with("range", range));
    } else {
      lo = value(range);
      hi = slash == std::string::npos ? lo : spec_.hi;  // `a/n`: from a to the end, every n
    }
    for (int v = lo; v <= hi; v += step) set[static_cast<std::size_t>(v)] = true;
  }

  const std::string& text_;
  const FieldSpec& spec_;
  const std::string& field_;
};

template <std::size_t N>
std::bitset<N> toBits(const std::vector<bool>& v) {
  std::bitset<N> b;
  for (std::size_t i = 0; i < N && i < v.size(); ++i) b[i] = v[i];
  return b;
}

Clock::Duration parseInterval(const std::string& text, const std::string& spec) {
  std::size_t i = 0;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) ++i;
  const std::string number = spec.substr(0, i);
  const std::string unit = trim(spec.substr(i));
  if (!allDigits(number)) fail(text, i18n::msg("`every` needs a number and a unit: s, m or h"));
  const long n = std::atol(number.c_str());
  std::chrono::seconds d{};
  if (unit == "s") {
    d = std::chrono::seconds(n);
  } else if (unit == "m") {
    d = std::chrono::minutes(n);
  } else if (unit == "h") {
    d = std::chrono::hours(n);
  } else {
    fail(text, i18n::msg("the unit of `every` must be s, m or h, not '{unit}'").with("unit", unit));
  }
  if (d < std::chrono::seconds(1) || d > std::chrono::hours(24 * 7)) {
    fail(text, i18n::msg("the interval must lie between 1s and 168h"));
  }
  return d;
}

bool isLeap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysIn(int year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && isLeap(year) ? 29 : kDays[month - 1];
}

// 0 = Sunday (Sakamoto's method, proleptic Gregorian).
int weekday(int y, int m, int d) {
  static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 3) y -= 1;
  return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

// A civil date and time in the local zone.
struct Civil {
  int year, month, day, hour, minute;

  void nextDay() {
    hour = 0;
    minute = 0;
    if (++day > daysIn(year, month)) {
      day = 1;
      if (++month > 12) {
        month = 1;
        ++year;
      }
    }
  }
};

std::time_t toLocalTime(const Civil& c) {
  std::tm tm{};
  tm.tm_year = c.year - 1900;
  tm.tm_mon = c.month - 1;
  tm.tm_mday = c.day;
  tm.tm_hour = c.hour;
  tm.tm_min = c.minute;
  tm.tm_isdst = -1;  // the zone decides; a time in a DST gap comes out after the gap
  return mktime(&tm);
}

// The Gregorian calendar repeats itself, weekdays included, every 400 years: 146,097 days, a
// whole number of weeks. A schedule that matches at all matches within that span of any date
// (Sunday 6 September, say, comes 11 years apart, and 29 February on a Sunday 28 or 40).
constexpr int kCalendarCycleDays = 146097;

}  // namespace

Schedule Schedule::parse(const std::string& raw) {
  const std::string text = trim(raw);
  const std::string l = lowerAscii(text);
  if (text.empty()) fail(text, i18n::msg("the schedule is empty"));
  Schedule s;
  s.text_ = text;
  if (l.rfind("every", 0) == 0) {
    s.kind_ = Kind::Every;
    s.interval_ = parseInterval(text, trim(l.substr(5)));
    return s;
  }
  std::vector<std::string> fields;
  if (l.rfind("daily", 0) == 0) {
    const std::string hhmm = trim(l.substr(5));
    const auto colon = hhmm.find(':');
    const std::string h = hhmm.substr(0, colon);
    const std::string m = colon == std::string::npos ? "" : hhmm.substr(colon + 1);
    if (colon == std::string::npos || !allDigits(h) || h.size() > 2 || !allDigits(m) ||
        m.size() != 2 || std::atoi(h.c_str()) > 23 || std::atoi(m.c_str()) > 59) {
      fail(text, i18n::msg("`daily` needs a time HH:MM from 00:00 to 23:59"));
    }
    s.kind_ = Kind::Daily;
    fields = {std::to_string(std::atoi(m.c_str())), std::to_string(std::atoi(h.c_str())), "*", "*",
              "*"};
  } else {
    s.kind_ = Kind::Cron;
    fields = words(text);
    if (fields.size() != 5) {
      fail(text, i18n::msg("a cron expression has 5 fields, this has {count}")
                     .with("count", static_cast<long long>(fields.size())));
    }
  }
  s.minutes_ = toBits<60>(FieldParser(text, kMinute, fields[0]).parse());
  s.hours_ = toBits<24>(FieldParser(text, kHour, fields[1]).parse());
  s.daysOfMonth_ = toBits<32>(FieldParser(text, kDayOfMonth, fields[2]).parse());
  s.months_ = toBits<13>(FieldParser(text, kMonth, fields[3]).parse());
  s.daysOfWeek_ = toBits<7>(FieldParser(text, kDayOfWeek, fields[4]).parse());
  s.domRestricted_ = fields[2].front() != '*';
  s.dowRestricted_ = fields[4].front() != '*';
  // No match within a whole calendar cycle means none ever.
  if (!s.nextMatch(Clock::WallPoint{}))
    fail(text, i18n::msg("this cron expression never matches a date"));
  return s;
}

bool Schedule::dayMatches(int year, int month, int day) const {
  const bool dom = daysOfMonth_[static_cast<std::size_t>(day)];
  const bool dow = daysOfWeek_[static_cast<std::size_t>(weekday(year, month, day))];
  if (domRestricted_ && dowRestricted_) return dom || dow;
  return dom && dow;
}

std::optional<Clock::WallPoint> Schedule::nextMatch(Clock::WallPoint t) const {
  const std::time_t after = Clock::WallPoint::clock::to_time_t(t);
  std::tm lt{};
  localtime_r(&after, &lt);
  // Search civil minutes from the one after t's minute; convert each candidate to real time.
  Civil c{lt.tm_year + 1900, lt.tm_mon + 1, lt.tm_mday, lt.tm_hour, lt.tm_min + 1};
  if (c.minute == 60) {
    c.minute = 0;
    if (++c.hour == 24) c.nextDay();
  }
  for (int days = 0; days <= kCalendarCycleDays; ++days, c.nextDay()) {
    if (!months_[static_cast<std::size_t>(c.month)] || !dayMatches(c.year, c.month, c.day))
      continue;
    for (int h = c.hour; h < 24; ++h) {
      if (!hours_[static_cast<std::size_t>(h)]) continue;
      for (int m = h == c.hour ? c.minute : 0; m < 60; ++m) {
        if (!minutes_[static_cast<std::size_t>(m)]) continue;
        const std::time_t at = toLocalTime({c.year, c.month, c.day, h, m});
        // A repeated hour (DST ends) can map a later civil time to an earlier instant.
        if (at != static_cast<std::time_t>(-1) && at > after) {
          return Clock::WallPoint::clock::from_time_t(at);
        }
      }
    }
  }
  return std::nullopt;
}

Clock::WallPoint Schedule::nextAfter(Clock::WallPoint t) const {
  if (kind_ == Kind::Every)
    return t + std::chrono::duration_cast<Clock::WallPoint::duration>(interval_);
  if (auto next = nextMatch(t)) return *next;
  // A schedule parse() accepted matches within 400 years of any date; this is only reached for
  // dates outside what time_t and the zone database can express.
  return Clock::WallPoint::max();
}

std::string durationText(Clock::Duration d) {
  long long s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
  if (s <= 0) return "0s";
  std::string out;
  const std::pair<long long, const char*> units[] = {
      {86400, "d"}, {3600, "h"}, {60, "m"}, {1, "s"}};
  for (const auto& [size, name] : units) {
    if (s >= size) {
      out += std::to_string(s / size) + name;
      s %= size;
    }
  }
  return out;
}

}  // namespace membersync::daemon
