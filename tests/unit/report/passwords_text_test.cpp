// `membersync passwords --format csv`: for programs as it always was, for Excel with a BOM.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "jobs/report/passwords_text.h"

using namespace membersync;

namespace {

std::vector<deliver::ListedPassword> twoPeople() {
  deliver::ListedPassword a;
  a.account = a.hrAccount = "zhaolei";
  a.login = "zhaolei@acme";
  a.name = "赵磊";
  a.password = Secret("Kq7-example-1");
  a.created = "2026-11-21 09:52";
  deliver::ListedPassword b = a;
  b.account = b.hrAccount = "wangfang";
  b.login = "wangfang@acme";
  b.name = "王芳, Shanghai";
  return {a, b};
}

std::string csv(report::CsvReader reader) {
  std::ostringstream os;
  report::printPasswordsCsv(os, twoPeople(), reader);
  return os.str();
}

}  // namespace

TEST_CASE("passwords csv: for Excel it starts with the UTF-8 BOM and is otherwise the same",
          "[report]") {
  const std::string plain = csv(report::CsvReader::Program);
  const std::string excel = csv(report::CsvReader::Excel);
  CHECK(plain.rfind("account,login,name,password,created,delivery\n", 0) == 0);
  CHECK_THAT(plain, Catch::Contains("\"王芳, Shanghai\""));
  REQUIRE(excel.size() == plain.size() + 3);
  CHECK(excel.substr(0, 3) == "\xEF\xBB\xBF");
  CHECK(excel.substr(3) == plain);
}

TEST_CASE("passwords csv: with nothing to hand out, Excel still gets the BOM and the header",
          "[report]") {
  std::ostringstream os;
  report::printPasswordsCsv(os, {}, report::CsvReader::Excel);
  CHECK(os.str() ==
        "\xEF\xBB\xBF"
        "account,login,name,password,created,delivery\n");
}
