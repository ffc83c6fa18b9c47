#include "jobs/directory/utf8.h"

#include <string>

#include <catch2/catch.hpp>

using namespace membersync::directory;

TEST_CASE("directory: well-formed UTF-8 passes, Chinese and emoji included", "[directory]") {
  CHECK_FALSE(firstInvalidUtf8("plain ascii"));
  CHECK_FALSE(firstInvalidUtf8("赵磊 and 😀"));
  CHECK_FALSE(firstInvalidUtf8(""));
}

TEST_CASE("directory: the first ill-formed UTF-8 byte is found, overlongs and surrogates too",
          "[directory]") {
  CHECK(firstInvalidUtf8("ab\xE9") == 2u);             // Latin-1 é
  CHECK(firstInvalidUtf8("a\xC0\xAF") == 1u);          // overlong '/'
  CHECK(firstInvalidUtf8("\xED\xA0\x80") == 0u);       // a UTF-16 surrogate
  CHECK(firstInvalidUtf8("ok\xF4\x90\x80\x80") == 2u); // past U+10FFFF
  CHECK(firstInvalidUtf8("\xE8\xB5") == 0u);           // cut short
  CHECK(firstInvalidUtf8("x\x80") == 1u);              // a stray continuation byte
}

TEST_CASE("directory: lengths count code points, not bytes", "[directory]") {
  CHECK(codePoints("abc") == 3u);
  CHECK(codePoints("赵磊") == 2u);
  CHECK(codePoints("😀") == 1u);
}

TEST_CASE("directory: positions count LF, CRLF and lone CR as line ends", "[directory]") {
  const std::string text = "a\nb\r\nc\rd赵x";
  CHECK(positionOf(text, 0).line == 1);
  CHECK(positionOf(text, 2).line == 2);
  CHECK(positionOf(text, 5).line == 3);
  const auto at = positionOf(text, text.find('x'));
  CHECK(at.line == 4);
  CHECK(at.column == 3);
}

TEST_CASE("directory: bytes that are not UTF-8 are shown as U+FFFD, text is kept as it is",
          "[directory]") {
  using membersync::directory::withInvalidReplaced;
  CHECK(withInvalidReplaced("张伟 ok") == "张伟 ok");
  CHECK(withInvalidReplaced("Sm\xe9th") == "Sm\xEF\xBF\xBDth");
  CHECK(withInvalidReplaced("\xff\xfe") == "\xEF\xBF\xBD\xEF\xBF\xBD");
}
