// [directory] encoding: the names the loader accepts, and the formats that refuse it.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "jobs/core/text.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::testing::TempDir;

using membersync::config::testing::errorOf;
using membersync::config::testing::kCenterSection;

namespace {

struct Fixture {
  TempDir dir;
  Fixture() {
    dir.write("client-secret", "s3cr3t-value\n");
    dir.write("admin-password", "p4ss-value\n");
  }
  std::string config(const std::string& directory) const {
    return dir
        .write("membersync.ini",
               std::string(kCenterSection) +
               "[directory]\n"
               "path = hr.csv\n" +
                   directory)
        .string();
  }
};

}  // namespace

TEST_CASE("config encoding: utf-8 and the GB names are accepted for CSV in any case",
          "[config][encoding]") {
  Fixture f;
  for (const char* name : {"utf-8", "UTF8", "gb18030", "GB18030", "gbk", "Gbk", "gb2312"}) {
    CAPTURE(name);
    const auto c = loadConfig(f.config(std::string("encoding = ") + name + "\n"), {});
    CHECK(c.directory.encoding == membersync::lowerAscii(name));
  }
}

TEST_CASE("config encoding: another name is refused, naming the key and what to do",
          "[config][encoding]") {
  Fixture f;
  const std::string e = errorOf(f.config("encoding = big5\n"));
  CHECK(e.find("[directory] encoding: 'big5' is not supported; use utf-8, or gb18030 (which reads "
               "gbk and gb2312 too), or convert the file: iconv -f ENCODING -t UTF-8") !=
        std::string::npos);
}

TEST_CASE("config encoding: a JSON export declared GB18030 is refused, since JSON is UTF-8",
          "[config][encoding]") {
  Fixture f;
  CHECK(errorOf(f.config("format = json\nencoding = gbk\n"))
            .find("[directory] encoding: 'gbk' is for CSV exports; JSON is UTF-8 (RFC 8259)") !=
        std::string::npos);
  CHECK(errorOf(f.config("format = json\nencoding = utf-8\n")).empty());
}

TEST_CASE("config encoding: xlsx still refuses the key, whatever the encoding",
          "[config][encoding]") {
  Fixture f;
  CHECK(errorOf(f.config("format = xlsx\nencoding = gb18030\n"))
            .find("[directory] encoding: is for CSV exports") != std::string::npos);
}
