#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jobs/core/clock.h"

namespace membersync {

// ASCII lower case; other bytes are kept. Accounts are ASCII letters and digits (the spec's
// rule), so this is the key they are matched by, case-insensitively.
std::string lowerAscii(std::string_view text);

// `text` without surrounding ASCII whitespace (space, tab, CR, LF, VT, FF). No byte of a
// multi-byte UTF-8 character is one of these, so a Chinese name is never cut.
std::string trim(std::string_view text);

// `text` without a leading UTF-8 byte order mark (EF BB BF): files people save from Windows
// tools (the HR export, the policy) may start with one.
std::string_view withoutBom(std::string_view text);

// A member's account: its userName minus the expanded enterprise suffix (e.g. "@acme"), the
// suffix compared case-insensitively; the case of the account is kept. A userName that does not
// end with the suffix is taken whole (a member made before the enterprise code changed can still
// match an HR account, and is never silently dropped).
std::string accountOf(std::string_view userName, std::string_view expandedSuffix);

// The bytes as lower-case hex, two digits a byte: "\x01\xab" is "01ab".
std::string lowerHex(std::string_view bytes);

// The parts one after another with `separator` between them: "a, b, c".
std::string joinedText(const std::vector<std::string>& parts, std::string_view separator = ", ");

// "2026-11-21T09:52:06Z": a timestamp for files people read (the password outbox).
std::string isoUtc(Clock::WallPoint at);
// The time isoUtc() wrote; nullopt for anything else.
std::optional<Clock::WallPoint> fromIsoUtc(std::string_view text);

// The machine's local time, for log lines ("2026-11-21 02:00:00" by default; `format` is
// strftime's). Text a person reads writes times with personTime() instead.
std::string localTimeText(Clock::WallPoint at, const char* format = "%Y-%m-%d %H:%M:%S");

// Times as people read them, the same in every verb (status, passwords, explain, the plan's
// reasons, the daemon's status line): the machine's local time (TZ) with its offset from UTC,
// "2026-03-01 02:00:00 +0800", so a time written by the daemon under one zone and read in
// another is still the same instant; and the local date alone, "2026-03-01". Programs' forms
// (status and explain JSON, saved plans) keep UTC or epoch milliseconds.
std::string personTime(Clock::WallPoint at);
std::string personTime(std::int64_t epochMillis);
std::string personDate(std::int64_t epochMillis);

// How pure code that writes reasons (the planner) is handed the way to write times, as it is
// handed a clock: LocalTimes writes personTime() and personDate(); UtcTimes the same form in
// UTC (+0000) without reading any zone, for tests and whoever passes none.
class TimeWriter {
 public:
  virtual ~TimeWriter() = default;
  virtual std::string time(std::int64_t epochMillis) const = 0;  // "2026-03-01 02:00:00 +0800"
  virtual std::string date(std::int64_t epochMillis) const = 0;  // "2026-03-01"
};
class LocalTimes final : public TimeWriter {
 public:
  std::string time(std::int64_t epochMillis) const override;
  std::string date(std::int64_t epochMillis) const override;
};
class UtcTimes final : public TimeWriter {
 public:
  std::string time(std::int64_t epochMillis) const override;
  std::string date(std::int64_t epochMillis) const override;
};

// A word as a POSIX shell reads it back: as it is when it holds only plain characters (letters,
// digits and /._-+@%=:,), else in single quotes: a path in a command a person copies.
std::string shellWord(const std::string& word);

}  // namespace membersync
