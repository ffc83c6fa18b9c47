#include "jobs/core/display_width.h"

#include <catch2/catch.hpp>

#include <string>

using namespace membersync;

TEST_CASE("display width: ASCII takes one column a character", "[core]") {
  CHECK(codePointWidth(U'a') == 1);
  CHECK(displayWidth("") == 0);
  CHECK(displayWidth("zhangwei") == 8);
}

TEST_CASE("display width: East Asian Wide and Fullwidth take two columns", "[core]") {
  CHECK(codePointWidth(U'\u5F20') == 2);      // 张, a CJK ideograph (W)
  CHECK(codePointWidth(U'\uD55C') == 2);      // 한, a Hangul syllable (W)
  CHECK(codePointWidth(U'\uFF21') == 2);      // Ａ, fullwidth A (F)
  CHECK(codePointWidth(U'\U0001F600') == 2);  // 😀, an emoji (W)
  CHECK(codePointWidth(U'\u3000') == 2);      // the ideographic space (F)
  CHECK(codePointWidth(U'\U0002A6D6') == 2);  // plane 2, an Extension B ideograph
  CHECK(codePointWidth(U'\U0001F680') == 2);  // 🚀, an emoji past the first emoji blocks
  CHECK(codePointWidth(U'\u231A') == 2);      // ⌚, an emoji among the technical symbols
  CHECK(codePointWidth(U'\U0001B000') == 2);  // a kana supplement character
  CHECK(codePointWidth(U'\uFE10') == 2);      // a vertical form of the ideographic comma
  CHECK(displayWidth("张伟") == 4);
  CHECK(displayWidth("John 张") == 7);
  CHECK(displayWidth("한국") == 4);
  CHECK(displayWidth("Ａ") == 2);
  CHECK(displayWidth("😀") == 2);
  CHECK(displayWidth("研发部（北京）") == 14);  // fullwidth parentheses too
}

TEST_CASE("display width: halfwidth and narrow forms take one column", "[core]") {
  CHECK(codePointWidth(U'\uFF71') == 1);  // ｱ, halfwidth katakana (H)
  CHECK(displayWidth("ｱｲｳ") == 3);
  CHECK(codePointWidth(U'\u00E9') == 1);      // é, precomposed
  CHECK(codePointWidth(U'\u0416') == 1);      // Ж, Cyrillic (N)
  CHECK(codePointWidth(U'\U0001F321') == 1);  // 🌡, an emoji that is text by default (N)
  CHECK(codePointWidth(U'\u4DC0') == 1);      // a Yijing hexagram, between two CJK blocks (N)
  CHECK(codePointWidth(U'\u2014') == 1);      // an em dash, ambiguous (A): one outside East Asia
}

TEST_CASE("display width: combining marks and zero-width characters take no column", "[core]") {
  CHECK(codePointWidth(U'\u0301') == 0);  // combining acute accent (Mn)
  CHECK(displayWidth("e\u0301") == 1);    // é written as e and a combining acute
  CHECK(codePointWidth(U'\u20DD') == 0);  // combining enclosing circle (Me)
  CHECK(codePointWidth(U'\u200B') == 0);  // zero width space
  CHECK(codePointWidth(U'\u200D') == 0);  // zero width joiner
  CHECK(codePointWidth(U'\uFEFF') == 0);  // byte order mark
}

TEST_CASE("display width: bytes that are not UTF-8 count one column each", "[core]") {
  CHECK(displayWidth("\xff") == 1);
  CHECK(displayWidth("\x80\x80") == 2);  // stray continuation bytes
  CHECK(displayWidth("\xe5\xbc") == 2);  // 张 cut after two of its three bytes
  CHECK(displayWidth("a\xe5\xbc"
                     "b") == 4);                     // ... in the middle of a word
  CHECK(displayWidth("\xc0\xaf") == 2);              // an overlong '/'
  CHECK(displayWidth("\xed\xa0\x80") == 3);          // a UTF-16 surrogate
  CHECK(displayWidth("\xf4\x90\x80\x80") == 4);      // above U+10FFFF
  CHECK(displayWidth(std::string("a\0b", 3)) == 3);  // a NUL is a byte like any other
}
