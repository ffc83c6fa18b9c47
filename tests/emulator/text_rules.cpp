#include "tests/emulator/text_rules.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <limits>

namespace membersync::emulator {
namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isAsciiAlnum(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool allDigits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), isDigit);
}

}  // namespace

std::size_t codePointCount(std::string_view utf8) {
  return static_cast<std::size_t>(std::count_if(utf8.begin(), utf8.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string toLowerAscii(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

bool containsIgnoreCase(std::string_view haystack, std::string_view needle) {
  auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                        [](char x, char y) { return lower(x) == lower(y); });
  return it != haystack.end() || needle.empty();
}

std::string expandSuffix(std::string_view suffixTemplate, std::string_view code) {
  static constexpr std::string_view kPlaceholder = "{code}";
  std::string out;
  std::size_t pos = 0;
  for (;;) {
    std::size_t hit = suffixTemplate.find(kPlaceholder, pos);
    if (hit == std::string_view::npos) break;
    out.append(suffixTemplate.substr(pos, hit - pos));
    out.append(code);
    pos = hit + kPlaceholder.size();
  }
  out.append(suffixTemplate.substr(pos));
  return out;
}

AccountCheck checkAccount(std::string_view account, std::string_view expandedSuffix) {
  if (account.empty()) return AccountCheck::kEmpty;
  if (!std::all_of(account.begin(), account.end(), isAsciiAlnum)) {
    return AccountCheck::kNotAlphanumeric;
  }
  if (account.size() + codePointCount(expandedSuffix) > kMaxUserNameChars) {
    return AccountCheck::kTooLong;
  }
  return AccountCheck::kOk;
}

bool isValidPasswordMobile(std::string_view mobile) {
  if (mobile.substr(0, 3) == "+86") mobile.remove_prefix(3);
  return mobile.size() == 11 && allDigits(mobile) && mobile[0] == '1' && mobile[1] >= '3' &&
         mobile[1] <= '9';
}

bool isMobileIdentity(std::string_view s) {
  return s.size() == 11 && allDigits(s) && s[0] == '1';
}

bool isEmailIdentity(std::string_view s) {
  auto at = s.find('@');
  if (at == std::string_view::npos || at == 0 || s.find('@', at + 1) != std::string_view::npos) {
    return false;
  }
  if (std::any_of(s.begin(), s.end(),
                  [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
    return false;
  }
  std::string_view domain = s.substr(at + 1);
  auto dot = domain.find('.');
  return dot != std::string_view::npos && dot > 0 && domain.back() != '.';
}

bool isValidPasswordLength(std::string_view password) {
  std::size_t n = codePointCount(password);
  return n >= kMinPasswordChars && n <= kMaxPasswordChars;
}

std::string formatUtcDateTime(std::int64_t epochMs) {
  std::time_t seconds = static_cast<std::time_t>(epochMs / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &parts);
  return buf;
}

std::optional<std::int64_t> parseInt64(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || !allDigits(s)) return std::nullopt;
  const std::uint64_t limit = negative ? std::uint64_t{std::numeric_limits<std::int64_t>::max()} + 1
                                       : std::uint64_t{std::numeric_limits<std::int64_t>::max()};
  std::uint64_t value = 0;
  for (char c : s) {
    std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (limit - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  if (negative) return static_cast<std::int64_t>(0 - value);
  return static_cast<std::int64_t>(value);
}

}  // namespace membersync::emulator
