#include "jobs/core/file_text.h"

#include <catch2/catch.hpp>

#include "tests/support/temp_dir.h"

using namespace membersync;
using membersync::testing::TempDir;

TEST_CASE("file text: every byte comes back unchanged", "[core]") {
  TempDir dir;
  const std::string bytes("\xEF\xBB\xBF" "a,b\r\nc\0d\n", 12);
  CHECK(readWholeFile(dir.write("export.csv", bytes).string()) == bytes);
  CHECK(readWholeFile(dir.write("empty", "").string()).empty());
}

TEST_CASE("file text: a missing file is an error with the system's reason", "[core]") {
  TempDir dir;
  CHECK_THROWS_WITH(readWholeFile((dir.path() / "missing").string()),
                    "No such file or directory");
}

TEST_CASE("file text: a folder is an error, not an empty file", "[core]") {
  TempDir dir;
  CHECK_THROWS_AS(readWholeFile(dir.path().string()), FileReadError);
  CHECK_THROWS_WITH(readWholeFile(dir.path().string()), "it is a folder");
}
