#include "jobs/directory/xlsx_cells.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace membersync::directory::xlsx {

namespace {

// Built-in ids that are dates: 14-17 and 22 everywhere; 27-36 and 50-58 in the Chinese,
// Japanese and Korean locales (yyyy"年"m"月"d"日" and the like), which is where these workbooks
// come from.
bool builtInDate(int id) {
  return (id >= 14 && id <= 17) || id == 22 || (id >= 27 && id <= 36) || (id >= 50 && id <= 58);
}

// The first section of a format code without quoted text, escapes and [..] (colour, locale).
std::string bareCode(const std::string& code) {
  std::string out;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c == ';') break;
    if (c == '"') {
      const auto end = code.find('"', i + 1);
      if (end == std::string::npos) break;
      i = end;
    } else if (c == '\\' || c == '_' || c == '*') {
      ++i;
    } else if (c == '[') {
      const auto end = code.find(']', i + 1);
      if (end == std::string::npos) break;
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

// Howard Hinnant's days_from_civil inverse: days since 1970-01-01 -> y, m, d.
std::string isoDate(long long z) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  const long long d = doy - (153 * mp + 2) / 5 + 1;
  const long long m = mp < 10 ? mp + 3 : mp - 9;
  const long long y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lld", y, m, d);
  return buf;
}

std::string dateText(double serial, bool date1904) {
  const auto day = static_cast<long long>(std::floor(serial));
  if (date1904) return isoDate(day - 24107);  // 1904-01-01 is day 0 (-24107 from 1970)
  // Excel counts 1900-02-29, which never was (Lotus 1-2-3's bug): serial 60 is that day, and
  // from 61 on every serial is one day ahead of the calendar.
  if (day == 60) return "1900-02-29";
  return isoDate(day - (day < 60 ? 25568 : 25569));  // 1899-12-31 (or -30) is day 0
}

}  // namespace

int columnOf(const std::string& ref) {
  int column = 0;
  for (const char c : ref) {
    if (c < 'A' || c > 'Z') break;
    column = column * 26 + (c - 'A' + 1);
    if (column > 16384) return 0;  // past XFD, Excel's last column
  }
  return column;
}

std::string columnName(int column) {
  std::string name;
  for (; column > 0; column = (column - 1) / 26)
    name.insert(name.begin(), char('A' + (column - 1) % 26));
  return name;
}

NumberFormat numberFormat(int numFmtId, const std::string& code) {
  NumberFormat f;
  if (builtInDate(numFmtId)) {
    f.date = true;
    return f;
  }
  const std::string bare = bareCode(code);
  bool allZeros = !bare.empty();
  for (const char c : bare) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l == 'y' || l == 'd' || (l == 'm' && bare.find_first_of("yYdD") != std::string::npos))
      f.date = true;
    if (c != '0') allZeros = false;
  }
  if (allZeros) f.zeroPad = static_cast<int>(bare.size());
  return f;
}

std::optional<std::string> numberText(const std::string& v, const NumberFormat& format,
                                      bool date1904) {
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (end == v.c_str() || *end != '\0' || !std::isfinite(x)) return v;  // not a number: as stored
  if (format.date && x >= 0 && x < 2958466) return dateText(x, date1904);  // up to 9999-12-31
  if (std::fabs(x) >= 1e15) return std::nullopt;  // 16 digits or more: the last ones are gone
  char buf[64];
  if (x == std::floor(x)) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    std::string digits = buf;
    const bool negative = digits[0] == '-';
    if (negative) digits.erase(0, 1);
    if (format.zeroPad > static_cast<int>(digits.size()))
      digits.insert(0, static_cast<std::size_t>(format.zeroPad) - digits.size(), '0');
    return (negative ? "-" : "") + digits;
  }
  std::snprintf(buf, sizeof buf, "%.15g", x);  // what Excel shows: 15 significant digits
  return std::string(buf);
}

}  // namespace membersync::directory::xlsx
