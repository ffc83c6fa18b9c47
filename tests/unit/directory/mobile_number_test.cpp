// Mobile numbers as people write them (mobile_number.h): the separators removed, nothing else.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "jobs/directory/mobile_number.h"

using namespace membersync::directory;

TEST_CASE("mobile: spaces, hyphens and brackets between the digits are removed", "[directory]") {
  const std::vector<std::pair<std::string, std::string>> written{
      {"138-0013-8009", "13800138009"},
      {"138 0013 8009", "13800138009"},
      {"(138) 0013-8009", "13800138009"},
      {"+86 138 0013 8009", "+8613800138009"},
      {"+86-138-0013-8009", "+8613800138009"},
      {"(+86) 138 0013 8009", "+8613800138009"},
      {"\xEF\xBC\x88+86\xEF\xBC\x89"
       "138\xEF\xBC\x8D"
       "0013\xE3\x80\x80"
       "8009",
       "+8613800138009"},  // （+86）138－0013　8009, as a Chinese input method types it
      {"138\xC2\xA0"
       "0013\xC2\xA0"
       "8009",
       "13800138009"},  // no-break spaces
      {"138\xE2\x80\x93"
       "0013\xE2\x80\x90"
       "8009",
       "13800138009"},  // en dash, hyphen
  };
  for (const auto& [cell, sent] : written) {
    CAPTURE(cell);
    CHECK(mobileAsSent(cell) == sent);
  }
}

TEST_CASE("mobile: a number the center holds today is sent as it is, +86 included", "[directory]") {
  for (const std::string m : {"13800138009", "+8613800138009", "8613800138009", "12345", ""})
    CHECK(mobileAsSent(m) == m);
}

TEST_CASE("mobile: what is not a number once the separators are gone stays as written",
          "[directory]") {
  // So the row check quotes what the person wrote, and "-" (for "none") never clears a number.
  for (const std::string m : {"-", "( )", "138.0013.8009", "138/0013/8009", "138-0013 ext 5",
                              "1.38001E+10", "86+138 0013 8009", "++86 138"})
    CHECK(mobileAsSent(m) == m);
}

TEST_CASE("mobile: a (0) trunk prefix is left as written, neither kept in nor dropped",
          "[directory]") {
  for (const std::string m : {"(0)138 0013 8009", "+86 (0) 138-0013-8009",
                              "\xEF\xBC\x88"
                              "0\xEF\xBC\x89"
                              "13800138009"}) {
    CAPTURE(m);
    CHECK(hasTrunkZero(m));
    CHECK(mobileAsSent(m) == m);
  }
  CHECK_FALSE(hasTrunkZero("(010) 6552-1234"));
  CHECK(mobileAsSent("(010) 6552-1234") == "01065521234");
}

TEST_CASE("mobile: Excel's scientific notation is recognised, a plain number is not",
          "[directory]") {
  for (const std::string m :
       {"1.38001E+10", "8.6138E+12", "1.38E10", "1,38001E+10", "1e5", "1.38001e+010", "-1.5E-3"}) {
    CAPTURE(m);
    CHECK(inScientificNotation(m));
  }
  for (const std::string m : {"13800138009", "+8613800138009", "E10", "1.38001E", "1.38001E+",
                              "1.38001E+10 ", "1.3.8E+10", ""}) {
    CAPTURE(m);
    CHECK_FALSE(inScientificNotation(m));
  }
}
