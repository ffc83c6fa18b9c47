// text_encoding: the encoding names [directory] encoding accepts, and GB18030 -> UTF-8 through
// glibc's iconv, with its refusals.
#include <catch2/catch.hpp>

#include "jobs/directory/person.h"
#include "jobs/directory/text_encoding.h"

using namespace membersync::directory;

namespace {

// The ExportError's text, or "" when the bytes decoded.
std::string decodeError(const std::string& bytes) {
  try {
    gb18030ToUtf8(bytes, "hr.csv");
  } catch (const ExportError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("text encoding: utf-8 and the GB names are accepted in any case, others are not",
          "[directory][encoding]") {
  CHECK(textEncodingNamed("utf-8") == TextEncoding::Utf8);
  CHECK(textEncodingNamed("UTF8") == TextEncoding::Utf8);
  CHECK(textEncodingNamed("gb18030") == TextEncoding::Gb18030);
  CHECK(textEncodingNamed("GBK") == TextEncoding::Gb18030);
  CHECK(textEncodingNamed("Gb2312") == TextEncoding::Gb18030);
  CHECK_FALSE(textEncodingNamed("latin1"));
  CHECK_FALSE(textEncodingNamed("big5"));
  CHECK_FALSE(textEncodingNamed(""));
}

TEST_CASE("text encoding: GB18030 one, two and four byte characters become UTF-8",
          "[directory][encoding]") {
  // 张伟 (2 bytes each), € (A2 E3), 𠀀 U+20000 (95 32 82 36), and ASCII as it is.
  CHECK(gb18030ToUtf8("id,\xD5\xC5\xCE\xB0\n", "hr.csv") == "id,张伟\n");
  CHECK(gb18030ToUtf8("\xA2\xE3", "hr.csv") == "€");
  CHECK(gb18030ToUtf8("a\x95\x32\x82\x36z", "hr.csv") == "a𠀀z");
  CHECK(gb18030ToUtf8("", "hr.csv").empty());
}

TEST_CASE("text encoding: a lone 0x80 is the euro sign, as in code page 936",
          "[directory][encoding]") {
  CHECK(gb18030ToUtf8("\x80", "hr.csv") == "€");
  CHECK(gb18030ToUtf8("price \x80\x80 5\n\xD5\xC5\x80", "hr.csv") == "price €€ 5\n张€");
  // Grows the output past its first guess (3 bytes for each byte in).
  CHECK(gb18030ToUtf8(std::string(1000, '\x80'), "hr.csv").size() == 3000);
}

TEST_CASE("text encoding: a byte that starts no GB18030 character names line, column and byte",
          "[directory][encoding]") {
  const std::string e = decodeError("id,name\nE1,\xD5\xC5x\xFF\n");
  CHECK(e.find("hr.csv:2: not valid GB18030 (byte 0xFF at column 6)") == 0);
  CHECK(e.find("check that the HR system exports GB18030") != std::string::npos);
  // 0x81 0x30 then a letter: a four-byte sequence broken in the middle (not at the end).
  CHECK(decodeError("a\r\n\xD5\xC5\x81\x30z\n")
            .find("hr.csv:2: not valid GB18030 (byte 0x81 at "
                  "column 2)") == 0);
}

TEST_CASE("text encoding: a file that ends inside a GB18030 character is truncated",
          "[directory][encoding]") {
  CHECK(decodeError("id\n\xD5\xC5\xD5")
            .find("hr.csv:2: the file ends in the middle of a GB18030 "
                  "character (byte 0xD5 at column 2); it looks "
                  "truncated") == 0);
  CHECK(decodeError("\x95\x32\x82").find("hr.csv:1: the file ends in the middle") == 0);
}

TEST_CASE("text encoding: a UTF-8 file declared GB18030 is refused with the setting to use",
          "[directory][encoding]") {
  CHECK(decodeError("\xEF\xBB\xBFid,name\n")
            .find("hr.csv:1: starts with a UTF-8 byte order mark, "
                  "so it is UTF-8, not GB18030; set [directory] "
                  "encoding = utf-8") == 0);
  // Without a BOM, UTF-8 text that GB18030 cannot read: said when the decoding stops.
  const std::string e = decodeError("id,name\nE1,Ren\xC3\xA9\xE2\x82\xAC\n");
  CHECK(e.find("not valid GB18030") != std::string::npos);
  CHECK(e.find("the file is valid UTF-8: set [directory] encoding = utf-8") != std::string::npos);
}
