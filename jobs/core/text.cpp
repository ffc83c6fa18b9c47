#include "jobs/core/text.h"

#include <ctime>

namespace membersync {
namespace {

char lowerChar(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

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
  const std::time_t t = Clock::WallPoint::clock::to_time_t(at);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string localTimeText(Clock::WallPoint at, const char* format) {
  const std::time_t t = Clock::WallPoint::clock::to_time_t(at);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
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

}  // namespace membersync
