#include "jobs/report/text_table.h"

#include <catch2/catch.hpp>
#include <sstream>

using membersync::report::displayWidth;
using membersync::report::TextTable;

TEST_CASE("text table: Chinese characters count two columns", "[report]") {
  CHECK(displayWidth("abc") == 3);
  CHECK(displayWidth("张伟") == 4);
  CHECK(displayWidth("John 张") == 7);
  CHECK(displayWidth("\xff") == 1);  // an invalid byte is counted, not skipped
}

TEST_CASE("text table: columns line up across Latin and Chinese cells", "[report]") {
  TextTable t({"account", "name", "dept"});
  t.addRow({"zhangwei", "张伟", "ENG"});
  t.addRow({"johnsmith", "John Smith", "ENG"});
  std::ostringstream os;
  t.print(os, "");
  CHECK(os.str() ==
        "account    name        dept\n"
        "zhangwei   张伟        ENG\n"
        "johnsmith  John Smith  ENG\n");
}
