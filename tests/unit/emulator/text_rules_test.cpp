#include <catch2/catch.hpp>

#include "tests/emulator/text_rules.h"

using namespace membersync::emulator;

TEST_CASE("text rules: lengths count code points, so 30 Chinese characters are a valid name",
          "[emulator][validation]") {
  std::string thirty;
  for (int i = 0; i < 30; ++i) thirty += "张";
  CHECK(thirty.size() == 90);
  CHECK(codePointCount(thirty) == 30);
  CHECK(codePointCount(thirty + "伟") == 31);
  CHECK(codePointCount("") == 0);
  CHECK(codePointCount("abc") == 3);
  CHECK(codePointCount("😀x") == 2);  // four bytes, one code point
}

TEST_CASE("text rules: accounts are ASCII letters and digits under 63 characters with the suffix",
          "[emulator][validation]") {
  const std::string suffix = "@acme";  // 5 characters
  CHECK(checkAccount("zhangwei", suffix) == AccountCheck::kOk);
  CHECK(checkAccount("User42", suffix) == AccountCheck::kOk);
  CHECK(checkAccount("", suffix) == AccountCheck::kEmpty);
  CHECK(checkAccount("zhang.wei", suffix) == AccountCheck::kNotAlphanumeric);
  CHECK(checkAccount("zhang wei", suffix) == AccountCheck::kNotAlphanumeric);
  CHECK(checkAccount("bob@acme", suffix) == AccountCheck::kNotAlphanumeric);
  CHECK(checkAccount("张伟", suffix) == AccountCheck::kNotAlphanumeric);
  CHECK(checkAccount(std::string(57, 'a'), suffix) == AccountCheck::kOk);       // 62 in all
  CHECK(checkAccount(std::string(58, 'a'), suffix) == AccountCheck::kTooLong);  // 63 in all
}

TEST_CASE("text rules: the suffix template expands every {code}", "[emulator][validation]") {
  CHECK(expandSuffix("@{code}", "acme") == "@acme");
  CHECK(expandSuffix("{code}", "acme") == "acme");
  CHECK(expandSuffix(".{code}.{code}", "x") == ".x.x");
  CHECK(expandSuffix("@fixed", "acme") == "@fixed");
  CHECK(expandSuffix("@{code}", "") == "@");
}

TEST_CASE("text rules: a passwordMobile is 11 digits, 1 then 3-9, optionally after +86",
          "[emulator][validation]") {
  CHECK(isValidPasswordMobile("13800138000"));
  CHECK(isValidPasswordMobile("19912345678"));
  CHECK(isValidPasswordMobile("+8613912345678"));
  CHECK_FALSE(isValidPasswordMobile("12800138000"));  // second digit 2
  CHECK_FALSE(isValidPasswordMobile("23800138000"));  // not starting with 1
  CHECK_FALSE(isValidPasswordMobile("1380013800"));   // 10 digits
  CHECK_FALSE(isValidPasswordMobile("138001380001"));
  CHECK_FALSE(isValidPasswordMobile("+113800138000"));
  CHECK_FALSE(isValidPasswordMobile("138-0013-800"));
  CHECK_FALSE(isValidPasswordMobile(""));
}

TEST_CASE("text rules: activity identities may be mobiles or e-mail addresses",
          "[emulator][validation]") {
  CHECK(isMobileIdentity("13800138000"));
  CHECK(isMobileIdentity("12000000000"));
  CHECK_FALSE(isMobileIdentity("+8613800138000"));
  CHECK_FALSE(isMobileIdentity("23800138000"));
  CHECK(isEmailIdentity("zhang.wei@example.com"));
  CHECK_FALSE(isEmailIdentity("zhangwei@acme"));  // no dotted domain: an account, not a mail
  CHECK_FALSE(isEmailIdentity("@example.com"));
  CHECK_FALSE(isEmailIdentity("a@@example.com"));
  CHECK_FALSE(isEmailIdentity("a b@example.com"));
  CHECK_FALSE(isEmailIdentity("a@example."));
}

TEST_CASE("text rules: passwords must be 8 to 20 characters", "[emulator][validation]") {
  CHECK_FALSE(isValidPasswordLength("1234567"));
  CHECK(isValidPasswordLength("12345678"));
  CHECK(isValidPasswordLength(std::string(20, 'x')));
  CHECK_FALSE(isValidPasswordLength(std::string(21, 'x')));
  CHECK(isValidPasswordLength("密码密码密码密码"));  // 8 characters, 24 bytes
}

TEST_CASE("text rules: case-insensitive comparison folds ASCII only", "[emulator][validation]") {
  CHECK(equalsIgnoreCase("ZhangWei@ACME", "zhangwei@acme"));
  CHECK_FALSE(equalsIgnoreCase("zhangwei", "zhangwei2"));
  CHECK(containsIgnoreCase("John Smith", "SMI"));
  CHECK(containsIgnoreCase("张伟", "伟"));
  CHECK(containsIgnoreCase("abc", ""));
  CHECK_FALSE(containsIgnoreCase("abc", "abcd"));
  CHECK(toLowerAscii("AbC张") == "abc张");
}

TEST_CASE("text rules: integers are strict decimal and never overflow", "[emulator][validation]") {
  CHECK(parseInt64("42") == 42);
  CHECK(parseInt64("-7") == -7);
  CHECK(parseInt64("9223372036854775807") == INT64_MAX);
  CHECK(parseInt64("-9223372036854775808") == INT64_MIN);
  CHECK_FALSE(parseInt64("9223372036854775808"));
  CHECK_FALSE(parseInt64(""));
  CHECK_FALSE(parseInt64("1.0"));
  CHECK_FALSE(parseInt64("12a"));
  CHECK_FALSE(parseInt64(" 1"));
  CHECK_FALSE(parseInt64("-"));
}

TEST_CASE("text rules: activity dates are yyyy-MM-dd HH:mm:ss in UTC", "[emulator][validation]") {
  CHECK(formatUtcDateTime(0) == "1970-01-01 00:00:00");
  CHECK(formatUtcDateTime(1767225600000) == "2026-01-01 00:00:00");
  CHECK(formatUtcDateTime(1767225600000 + 3723999) == "2026-01-01 01:02:03");
}
