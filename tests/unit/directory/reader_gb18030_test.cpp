// readExport on CSV files declared GB18030 ([directory] encoding = gb18030, gbk or gb2312).
#include <catch2/catch.hpp>

#include "tests/unit/directory/hr_file.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;

namespace {

// The same two people, in UTF-8 and in GB18030: 张伟 (D5C5 CEB0), 赵磊 (D5D4 C0DA) and 𠀀
// (95 32 82 36, four bytes).
const std::string kUtf8 = std::string(kHeader) +
                          "E1,zhangwei,张伟,ENG,,+8613800000001,active\n"
                          "E2,zhaolei,赵磊𠀀,ENG,,+8613800000002,active\n";
const std::string kGb18030 = std::string(kHeader) +
                             "E1,zhangwei,\xD5\xC5\xCE\xB0,ENG,,+8613800000001,active\n"
                             "E2,zhaolei,\xD5\xD4\xC0\xDA\x95\x32\x82\x36,ENG,,+8613800000002,"
                             "active\n";

}  // namespace

TEST_CASE("directory: a GB18030 export is read as its UTF-8 copy, with the same content hash",
          "[directory][encoding]") {
  HrFile utf8;
  const Export expected = utf8.read(kUtf8);
  for (const char* name : {"gb18030", "gbk", "GB2312"}) {
    HrFile gb;
    gb.cfg.encoding = name;
    const Export hr = gb.read(kGb18030);
    REQUIRE(hr.people.size() == 2);
    CHECK(hr.people[0].name == "张伟");
    CHECK(hr.people[1].name == "赵磊𠀀");
    CHECK(hr.people[1].mobile == std::optional<std::string>("+8613800000002"));
    CHECK(hr.people[1].line == 3);
    CHECK(hr.problems.empty());
    // Re-encoding the file is not a new export for the grace rules.
    CHECK(hr.contentHash == expected.contentHash);
    CHECK(hr.legacyContentHash.empty());  // nothing earlier read GB18030
  }
}

TEST_CASE("directory: a GB18030 export's bad byte fails the whole read with line and column",
          "[directory][encoding]") {
  HrFile f;
  f.cfg.encoding = "gb18030";
  const std::string e = f.error(kGb18030 + "E3,x,\xD5\xFF,ENG,,,\n");
  CHECK(e.find(f.cfg.path + ":4: not valid GB18030 (byte 0xD5 at column 6)") == 0);
}

TEST_CASE("directory: a UTF-8 export with a BOM declared GB18030 is refused",
          "[directory][encoding]") {
  HrFile f;
  f.cfg.encoding = "gbk";
  CHECK(f.error("\xEF\xBB\xBF" + kUtf8).find("set [directory] encoding = utf-8") !=
        std::string::npos);
}

TEST_CASE("directory: a JSON export declared GB18030 is refused (JSON is UTF-8)",
          "[directory][encoding]") {
  HrFile f;
  f.cfg.encoding = "gb18030";
  CHECK(f.jsonError("[]").find("a JSON export is UTF-8 (RFC 8259)") != std::string::npos);
}
