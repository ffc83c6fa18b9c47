// Column templates: literal text and {source|filter...} parts, every filter, what a template that
// does not parse says, and the record values a filter cannot compute.

#include <catch2/catch.hpp>

#include <map>

#include "jobs/directory/column_template.h"

using namespace membersync::directory;

namespace {

Rendered renderWith(const std::string& text, const std::map<std::string, std::string>& record) {
  return ColumnTemplate::parse(text).render([&](std::string_view source) -> std::optional<std::string> {
    auto it = record.find(std::string(source));
    if (it == record.end()) return std::nullopt;
    return it->second;
  });
}

std::string value(const std::string& text, const std::map<std::string, std::string>& record) {
  const Rendered r = renderWith(text, record);
  INFO(r.error.value_or(""));
  REQUIRE_FALSE(r.error);
  return r.value;
}

std::string parseError(const std::string& text) {
  try {
    ColumnTemplate::parse(text);
  } catch (const TemplateError& e) {
    return e.what();
  }
  return "(parsed)";
}

}  // namespace

TEST_CASE("template: an account from the e-mail's local part, letters and digits in lower case",
          "[directory][template]") {
  CHECK(value("{mail|localpart|alnum|lower}", {{"mail", "Wei.Zhang-2@Acme.example"}}) ==
        "weizhang2");
}

TEST_CASE("template: literal text, several sources and doubled braces", "[directory][template]") {
  CHECK(value("{sn} {givenName} ({{ext}})", {{"sn", "Zhang"}, {"givenName", "Wei"}}) ==
        "Zhang Wei ({ext})");
  CHECK(ColumnTemplate::parse("{sn}-{givenName}-{sn}").sources() ==
        std::vector<std::string>{"sn", "givenName"});
  CHECK_FALSE(ColumnTemplate::isTemplate("mail"));
  CHECK(ColumnTemplate::isTemplate("{mail}"));
}

TEST_CASE("template: a missing value is empty and default applies", "[directory][template]") {
  CHECK(value("{department|default:OPS}", {}) == "OPS");
  CHECK(value("{department|default:OPS}", {{"department", "ENG"}}) == "ENG");
  CHECK(value("{department|trim|default:OPS}", {{"department", "   "}}) == "OPS");
  CHECK(value("x{missing}y", {}) == "xy");
}

TEST_CASE("template: case and white space filters touch ASCII only", "[directory][template]") {
  CHECK(value("{n|upper}", {{"n", "zhang 张"}}) == "ZHANG 张");
  CHECK(value("{n|lower}", {{"n", "ÄB"}}) == "Äb");
  CHECK(value("{n|trim}", {{"n", " \t a b \r\n"}}) == "a b");
  CHECK(value("{n|alnum}", {{"n", "a-b_c.1 张"}}) == "abc1");
  CHECK(value("{n|localpart}", {{"n", "no-at-sign"}}) == "no-at-sign");
}

TEST_CASE("template: truncate counts code points, never splitting one", "[directory][template]") {
  CHECK(value("{n|truncate:2}", {{"n", "张伟强"}}) == "张伟");
  CHECK(value("{n|truncate:10}", {{"n", "short"}}) == "short");
}

TEST_CASE("template: hex and guid render binary values, guid as Get-ADUser shows it",
          "[directory][template]") {
  const std::string guid("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10", 16);
  CHECK(value("{objectGUID|guid}", {{"objectGUID", guid}}) ==
        "04030201-0605-0807-090a-0b0c0d0e0f10");
  CHECK(value("{b|hex}", {{"b", std::string("\x00\xff\x10", 3)}}) == "00ff10");
  const Rendered bad = renderWith("{objectGUID|guid}", {{"objectGUID", "short"}});
  REQUIRE(bad.error);
  CHECK(*bad.error == "{objectGUID|guid}: the value is 5 bytes, not the 16 of an objectGUID");
}

TEST_CASE("template: uac maps userAccountControl to active or disabled", "[directory][template]") {
  CHECK(value("{userAccountControl|uac}", {{"userAccountControl", "512"}}) == "active");
  CHECK(value("{userAccountControl|uac}", {{"userAccountControl", "514"}}) == "disabled");
  CHECK(value("{userAccountControl|uac}", {{"userAccountControl", "66050"}}) == "disabled");
  const Rendered bad = renderWith("{userAccountControl|uac}", {{"userAccountControl", "x"}});
  REQUIRE(bad.error);
  CHECK(*bad.error == "{userAccountControl|uac}: the value is not a number");
}

TEST_CASE("template: one that does not parse says what and where", "[directory][template]") {
  CHECK(parseError("{mail|frob}") ==
        "unknown filter 'frob' (at character 7); the filters are lower, upper, trim, localpart, "
        "alnum, truncate:N, default:TEXT, hex, guid, uac");
  CHECK(parseError("{mail") == "a '{' that is never closed (at character 1)");
  CHECK(parseError("mail}") == "a '}' without its '{' (at character 5); write }} for a brace");
  CHECK(parseError("{|lower}") == "a {...} without a source (at character 2)");
  CHECK(parseError("{a{b}}") == "a '{' inside {...} (at character 1)");
  CHECK(parseError("{n|truncate}") ==
        "truncate needs a count of code points, e.g. truncate:20, not '' (at character 4)");
  CHECK(parseError("{n|truncate:0}") ==
        "truncate needs a count of code points, e.g. truncate:20, not '0' (at character 4)");
  CHECK(parseError("{n|lower:x}") == "filter 'lower' takes no argument (at character 4)");
}

// Through the readers.

#include "tests/unit/directory/hr_file.h"

using membersync::directory::testing::HrFile;

TEST_CASE("template: a CSV export computes the account from the mail column, which stays an "
          "attribute",
          "[directory][template]") {
  HrFile f;
  f.cfg.columns["account"] = "{mail|localpart|alnum|lower}";
  const Export hr = f.read("employee_id,mail,name\nE1,Wei.Zhang@acme.example,Zhang Wei\n");
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].account == "weizhang");
  CHECK(hr.people[0].attributes.at("mail") == "Wei.Zhang@acme.example");
}

TEST_CASE("template: a source column absent from a CSV header fails the read naming it",
          "[directory][template]") {
  HrFile f;
  f.cfg.columns["account"] = "{mail|localpart}";
  const std::string error = f.error("employee_id,account,name\nE1,a,A\n");
  CHECK(error.find("the header has no column \"mail\" for account ([directory] column.account)") !=
        std::string::npos);
}

TEST_CASE("template: a JSON record without the source is empty, and default applies",
          "[directory][template]") {
  HrFile f;
  f.cfg.columns["department"] = "{dept|default:OPS}";
  const Export hr = f.readJson(
      R"([{"employee_id":"E1","account":"a","name":"A","dept":"ENG"},)"
      R"({"employee_id":"E2","account":"b","name":"B"}])");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].department == "ENG");
  CHECK(hr.people[1].department == "OPS");
}

TEST_CASE("template: a row whose value a filter cannot compute is skipped like a bad row",
          "[directory][template]") {
  HrFile f;
  f.cfg.columns["status"] = "{uac|uac}";
  const Export hr = f.read("employee_id,account,name,uac\nE1,a,A,512\nE2,b,B,oops\nE3,c,C,514\n");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[0].active);
  CHECK_FALSE(hr.people[1].active);  // 514: disabled, not one of active_status
  REQUIRE(hr.problems.size() == 1);
  CHECK(hr.problems[0].employeeId == "E2");
  CHECK(membersync::i18n::english(hr.problems[0].message) ==
        "status: {uac|uac}: the value is not a number");
  CHECK(hr.skippedEmployeeIds.count("E2") == 1);
}
