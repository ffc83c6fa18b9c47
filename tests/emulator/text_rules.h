#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// The spec's text rules (lengths in Unicode code points, account and phone formats) as pure
// functions, shared by the endpoints and the fixture loader and unit-tested on their own.
namespace membersync::emulator {

// Unicode code points in UTF-8 text: every byte that is not a continuation byte starts one.
// A malformed sequence counts each of its lead bytes, which never under-counts.
std::size_t codePointCount(std::string_view utf8);

// ASCII-only case folding; other bytes (Chinese names, say) are left as they are.
std::string toLowerAscii(std::string_view s);
bool equalsIgnoreCase(std::string_view a, std::string_view b);
bool containsIgnoreCase(std::string_view haystack, std::string_view needle);

// The suffix template with every "{code}" replaced by the enterprise code.
std::string expandSuffix(std::string_view suffixTemplate, std::string_view code);

// Account names: ASCII letters and digits only, and the account plus the expanded suffix must
// stay under 63 characters.
constexpr std::size_t kMaxUserNameChars = 62;
enum class AccountCheck { kOk, kEmpty, kNotAlphanumeric, kTooLong };
AccountCheck checkAccount(std::string_view account, std::string_view expandedSuffix);

// The emulator's reading of a valid passwordMobile: 11 digits, "1" then 3-9, optionally after
// "+86" (error 10004 otherwise).
bool isValidPasswordMobile(std::string_view mobile);

// B1 identities: an 11-digit mobile number starting with 1, or an e-mail address
// (one "@", a non-empty local part, a dotted domain, no spaces).
bool isMobileIdentity(std::string_view s);
bool isEmailIdentity(std::string_view s);

// Passwords must be 8 to 20 characters (50003 carries these two numbers).
constexpr std::size_t kMinPasswordChars = 8;
constexpr std::size_t kMaxPasswordChars = 20;
constexpr std::size_t kMaxNameChars = 30;
constexpr std::size_t kMaxRemarkChars = 200;
bool isValidPasswordLength(std::string_view password);

// "yyyy-MM-dd HH:mm:ss" in UTC, the emulator's form of B1's limitStartDate/limitEndDate.
std::string formatUtcDateTime(std::int64_t epochMs);

// A strict decimal integer ("-12", "42"); nullopt for anything else, including overflow.
std::optional<std::int64_t> parseInt64(std::string_view s);

}  // namespace membersync::emulator
