#include "jobs/core/text.h"

#include <catch2/catch.hpp>

using namespace membersync;

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
