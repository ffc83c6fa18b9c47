#include "jobs/core/text.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <ctime>
#include <optional>
#include <string>

using namespace membersync;

namespace {

constexpr std::int64_t kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

// Pins the machine's zone (TZ) while a test writes local times, and puts it back after.
class PinnedZone {
 public:
  explicit PinnedZone(const char* zone) {
    if (const char* tz = std::getenv("TZ")) saved_ = tz;
    setenv("TZ", zone, 1);
    tzset();
  }
  ~PinnedZone() {
    if (saved_)
      setenv("TZ", saved_->c_str(), 1);
    else
      unsetenv("TZ");
    tzset();
  }
  PinnedZone(const PinnedZone&) = delete;
  PinnedZone& operator=(const PinnedZone&) = delete;

 private:
  std::optional<std::string> saved_;
};

}  // namespace

TEST_CASE("text: the suffix is stripped case-insensitively and the account keeps its case",
          "[core]") {
  CHECK(accountOf("ZhangWei@ACME", "@acme") == "ZhangWei");
  CHECK(accountOf("zhangwei@acme", "@acme") == "zhangwei");
}

TEST_CASE("text: a userName without the suffix is taken whole", "[core]") {
  CHECK(accountOf("legacy@oldco", "@acme") == "legacy@oldco");
  CHECK(accountOf("ac", "@acme") == "ac");
  CHECK(accountOf("zhangwei", "") == "zhangwei");
}

TEST_CASE("text: lowerAscii leaves non-ASCII bytes alone", "[core]") {
  CHECK(lowerAscii("ZhangWEI") == "zhangwei");
  CHECK(lowerAscii("张伟A") == "张伟a");
}

TEST_CASE("text: trimming removes surrounding ASCII whitespace only", "[core]") {
  CHECK(trim("  a b\t\r\n") == "a b");
  CHECK(trim(" \t ") == "");
  CHECK(trim("赵磊 ") == "赵磊");
}

TEST_CASE("text: a byte order mark is dropped, nothing else", "[core]") {
  CHECK(withoutBom("\xEF\xBB\xBF" "a,b") == "a,b");
  CHECK(withoutBom("a,b") == "a,b");
}

TEST_CASE("text: isoUtc formats seconds in UTC", "[core]") {
  CHECK(isoUtc(Clock::WallPoint{std::chrono::seconds(1763718726)}) == "2025-11-21T09:52:06Z");
}

TEST_CASE(
    "text: a time people read is local with the zone's offset, so any reader knows the "
    "instant",
    "[core]") {
  {
    PinnedZone shanghai("CST-8");
    CHECK(personTime(kAt) == "2026-01-01 08:00:00 +0800");
    CHECK(personTime(Clock::WallPoint{std::chrono::milliseconds(kAt)}) ==
          "2026-01-01 08:00:00 +0800");
    CHECK(personDate(kAt - 9 * 3600000) == "2025-12-31");  // 23:00 local, the day before
    CHECK(LocalTimes().time(kAt) == personTime(kAt));
    CHECK(LocalTimes().date(kAt) == "2026-01-01");
    // UtcTimes reads no zone: the same form at +0000 wherever it runs.
    CHECK(UtcTimes().time(kAt) == "2026-01-01 00:00:00 +0000");
    CHECK(UtcTimes().date(kAt - 1) == "2025-12-31");
  }
  PinnedZone utc("UTC");
  CHECK(personTime(kAt + 1999) == "2026-01-01 00:00:01 +0000");
  CHECK(personTime(-1) == "1969-12-31 23:59:59 +0000");  // seconds are floored
}

TEST_CASE("text: fromIsoUtc reads back what isoUtc wrote, and nothing else", "[core]") {
  const Clock::WallPoint at{std::chrono::seconds(1763718726)};
  CHECK(fromIsoUtc(isoUtc(at)) == at);
  CHECK_FALSE(fromIsoUtc("2025-11-21 09:52:06"));
  CHECK_FALSE(fromIsoUtc("2025-11-21T09:52:06Z junk"));
  CHECK_FALSE(fromIsoUtc(""));
}

TEST_CASE("text: joinedText puts the separator between the parts only", "[core]") {
  CHECK(joinedText({}) == "");
  CHECK(joinedText({"a"}) == "a");
  CHECK(joinedText({"a", "", "c"}) == "a, , c");
  CHECK(joinedText({"", "b"}) == ", b");  // an empty first part keeps its place
  CHECK(joinedText({"x", "y"}, " | ") == "x | y");
}

TEST_CASE("text: lowerHex writes two lower-case digits a byte, zeros and high bytes included",
          "[core]") {
  CHECK(lowerHex(std::string("\x00\x01\xab\xff", 4)) == "0001abff");
  CHECK(lowerHex("") == "");
}
