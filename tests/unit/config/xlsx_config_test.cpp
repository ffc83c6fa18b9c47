// [directory] format = xlsx: sheet and sheet_index, what the loader accepts and refuses.

#include <catch2/catch.hpp>

#include "config/loader.h"
#include "tests/support/temp_dir.h"
#include "tests/unit/config/config_files.h"

using membersync::config::ConfigError;
using membersync::config::loadConfig;
using membersync::directory::ExportFormat;
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
               "path = hr.xlsx\n" +
                   directory)
        .string();
  }
};

}  // namespace

TEST_CASE("config xlsx: format = xlsx reads the sheet by name or by index, the first by default",
          "[config]") {
  Fixture f;
  auto c = loadConfig(f.config("format = xlsx\n"), {});
  CHECK(c.directory.format == ExportFormat::Xlsx);
  CHECK(c.directory.sheet.empty());
  CHECK(c.directory.sheetIndex == 0);
  c = loadConfig(f.config("format = xlsx\nsheet = 员工\n"), {});
  CHECK(c.directory.sheet == "员工");
  c = loadConfig(f.config("format = xlsx\nsheet_index = 2\n"), {});
  CHECK(c.directory.sheetIndex == 2);
}

TEST_CASE(
    "config xlsx: sheet and sheet_index together, or either for CSV, are refused naming the key",
    "[config]") {
  Fixture f;
  CHECK(errorOf(f.config("format = xlsx\nsheet = 员工\nsheet_index = 2\n"))
            .find("[directory] sheet_index: and sheet both pick the sheet; keep one of them") !=
        std::string::npos);
  CHECK(errorOf(f.config("format = csv\nsheet = 员工\n"))
            .find("[directory] sheet: is for Excel workbooks") != std::string::npos);
  CHECK(errorOf(f.config("format = xlsx\nsheet_index = 0\n")).find("[directory] sheet_index") !=
        std::string::npos);
  CHECK(errorOf(f.config("format = xlsx\ndelimiter = ;\n"))
            .find("[directory] delimiter: is for CSV exports") != std::string::npos);
}
