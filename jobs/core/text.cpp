#include "jobs/core/text.h"

#include <cstdio>
#include <ctime>

namespace membersync {
namespace {

char lowerChar(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::time_t secondsOf(std::int64_t epochMillis) {
  // Floor, so a time before 1970 is not rounded up into the next second.
  return static_cast<std::time_t>(epochMillis / 1000 - (epochMillis % 1000 < 0 ? 1 : 0));
}

std::string written(const std::tm& tm, const char* format) {
  char buffer[64];
  std::strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
}

std::tm localOf(std::time_t t) {
  std::tm tm{};
  localtime_r(&t, &tm);
  return tm;
}

std::tm utcOf(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

constexpr const char* kPersonTime = "%Y-%m-%d %H:%M:%S %z";
constexpr const char* kPersonDate = "%Y-%m-%d";

bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

}  // namespace

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = lowerChar(c);
  return out;
}

std::string trim(std::string_view text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && isAsciiSpace(text[begin])) ++begin;
  while (end > begin && isAsciiSpace(text[end - 1])) --end;
  return std::string(text.substr(begin, end - begin));
}

std::string_view withoutBom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  return text;
}

std::string accountOf(std::string_view userName, std::string_view suffix) {
  if (suffix.empty() || userName.size() < suffix.size()) return std::string(userName);
  const std::size_t at = userName.size() - suffix.size();
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    if (lowerChar(userName[at + i]) != lowerChar(suffix[i])) return std::string(userName);
  }
  return std::string(userName.substr(0, at));
}

std::string isoUtc(Clock::WallPoint at) {
  return written(utcOf(Clock::WallPoint::clock::to_time_t(at)), "%Y-%m-%dT%H:%M:%SZ");
}

std::optional<Clock::WallPoint> fromIsoUtc(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, used = 0;
  const std::string s(text);
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &year, &month, &day, &hour, &minute,
                  &second, &used) != 6 ||
      used != static_cast<int>(s.size()) || s.size() != 20)
    return std::nullopt;
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  return Clock::WallPoint::clock::from_time_t(timegm(&tm));
}

std::string localTimeText(Clock::WallPoint at, const char* format) {
  return written(localOf(Clock::WallPoint::clock::to_time_t(at)), format);
}

std::string personTime(Clock::WallPoint at) {
  return localTimeText(at, kPersonTime);
}

std::string personTime(std::int64_t epochMillis) {
  return written(localOf(secondsOf(epochMillis)), kPersonTime);
}

std::string personDate(std::int64_t epochMillis) {
  return written(localOf(secondsOf(epochMillis)), kPersonDate);
}

std::string LocalTimes::time(std::int64_t epochMillis) const {
  return personTime(epochMillis);
}

std::string LocalTimes::date(std::int64_t epochMillis) const {
  return personDate(epochMillis);
}

std::string UtcTimes::time(std::int64_t epochMillis) const {
  return written(utcOf(secondsOf(epochMillis)), kPersonTime);
}

std::string UtcTimes::date(std::int64_t epochMillis) const {
  return written(utcOf(secondsOf(epochMillis)), kPersonDate);
}

std::string lowerHex(std::string_view bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 0xF];
  }
  return out;
}

std::string joinedText(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

std::string shellWord(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789/._-+@%=:,") == std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace membersync
