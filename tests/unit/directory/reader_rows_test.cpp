// readExport's per-row rules: the center's limits, keys, duplicates; skipped rows' keys.
#include <catch2/catch.hpp>

#include "jobs/directory/describe.h"
#include "tests/unit/directory/hr_file.h"

using namespace membersync::directory;
using namespace membersync::directory::testing;

namespace {

// An export of one valid row (line 2) and the given row (line 3).
Export withRow(HrFile& f, const std::string& row) {
  return f.read(std::string(kHeader) + "E0,okay,Valid Person,,,,\n" + row + "\n");
}

const RowProblem& onlyProblem(const Export& hr) {
  REQUIRE(hr.problems.size() == 1);
  return hr.problems[0];
}

}  // namespace

TEST_CASE("directory: a row with a 31-character name is skipped and its account is remembered",
          "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1007,ZhaoLei," + repeat("n", 31) + ",,,,");
  CHECK(hr.rowCount == 2);
  CHECK(hr.people.size() == 1);
  const RowProblem& p = onlyProblem(hr);
  CHECK(p.line == 3);
  CHECK(p.employeeId == "E1007");
  CHECK(p.account == "ZhaoLei");
  CHECK(membersync::i18n::english(p.message) ==
        "name is 31 characters; the center allows at most 30");
  CHECK(hr.skippedAccounts == std::set<std::string>{"zhaolei"});
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E1007"});
}

TEST_CASE("directory: a 30-character Chinese name (90 bytes) is valid", "[directory]") {
  HrFile f;
  const std::string name = repeat("赵", 30);
  REQUIRE(name.size() == 90);
  const Export hr = withRow(f, "E1,zhao," + name + ",,,,");
  CHECK(hr.problems.empty());
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.people[1].name == name);
}

TEST_CASE("directory: a 31-character Chinese name is skipped", "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1,zhao," + repeat("赵", 31) + ",,,,");
  CHECK(membersync::i18n::english(onlyProblem(hr).message) ==
        "name is 31 characters; the center allows at most 30");
}

TEST_CASE("directory: an empty or blank name is skipped", "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1,ann,   ,,,,");
  CHECK(membersync::i18n::english(onlyProblem(hr).message).find("name is empty") == 0);
}

TEST_CASE("directory: an empty employee_id is skipped and the account remembered",
          "[directory]") {
  HrFile f;
  const Export hr = withRow(f, ",Ann1,Ann,,,,");
  CHECK(membersync::i18n::english(onlyProblem(hr).message).find("employee_id is empty") == 0);
  CHECK(hr.skippedEmployeeIds.empty());
  CHECK(hr.skippedAccounts == std::set<std::string>{"ann1"});
}

TEST_CASE("directory: an empty account is skipped and the employee id remembered",
          "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1,,Ann,,,,");
  CHECK(membersync::i18n::english(onlyProblem(hr).message).find("account is empty") == 0);
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E1"});
  CHECK(hr.skippedAccounts.empty());
}

TEST_CASE("directory: an account with anything but ASCII letters and digits is skipped",
          "[directory]") {
  HrFile f;
  for (const std::string account : {"zhao.lei", "zhao_lei", "zhao lei", "赵磊", "ann@acme"}) {
    const Export hr = withRow(f, "E1," + account + ",Ann,,,,");
    CAPTURE(account);
    CHECK(membersync::i18n::english(onlyProblem(hr).message)
              .find("may hold only ASCII letters and digits") != std::string::npos);
  }
}

TEST_CASE("directory: account plus suffix must stay under 63 characters", "[directory]") {
  HrFile f;  // suffix "@acme" is 5 characters
  const Export ok = withRow(f, "E1," + repeat("a", 57) + ",Ann,,,,");
  CHECK(ok.problems.empty());
  const Export tooLong = withRow(f, "E1," + repeat("a", 58) + ",Ann,,,,");
  const std::string message = membersync::i18n::english(onlyProblem(tooLong).message);
  CHECK(message.find("is 58 characters, 63 with the suffix \"@acme\"") != std::string::npos);
  CHECK(message.find("at most 62") != std::string::npos);
}

TEST_CASE("directory: a remark over 200 characters is skipped, counted in code points",
          "[directory]") {
  HrFile f;
  CHECK(withRow(f, "E1,ann,Ann,," + repeat("备", 200) + ",,").problems.empty());
  const Export hr = withRow(f, "E1,ann,Ann,," + repeat("x", 201) + ",,");
  CHECK(membersync::i18n::english(onlyProblem(hr).message) ==
        "remark is 201 characters; the center allows at most 200");
}

TEST_CASE("directory: a mobile must be 5 to 20 digits with an optional leading +",
          "[directory]") {
  HrFile f;
  for (const std::string& ok :
       std::vector<std::string>{"+8613800000000", "13800000000", "12345", repeat("9", 20), ""}) {
    CAPTURE(ok);
    CHECK(withRow(f, "E1,ann,Ann,,," + ok + ",").problems.empty());
  }
  CHECK(membersync::i18n::english(onlyProblem(withRow(f, "E1,ann,Ann,,,138/0000/0000,")).message) ==
        "mobile \"138/0000/0000\" may hold only digits, with an optional leading '+' (spaces, "
        "hyphens and brackets between them are removed)");
  CHECK(membersync::i18n::english(onlyProblem(withRow(f, "E1,ann,Ann,,,-,")).message)
            .find("may hold only digits") != std::string::npos);
  CHECK(membersync::i18n::english(onlyProblem(withRow(f, "E1,ann,Ann,,,+1234,")).message) ==
        "mobile \"+1234\" has 4 digits; it needs 5 to 20");
  CHECK(membersync::i18n::english(
            onlyProblem(withRow(f, "E1,ann,Ann,,," + repeat("1", 21) + ",")).message)
            .find("has 21 digits") != std::string::npos);
}

TEST_CASE(
    "directory: a mobile written with spaces, hyphens or brackets is read as its digits, "
    "the same row as the digits written plain",
    "[directory]") {
  HrFile f;
  for (const auto& [written, sent] : std::vector<std::pair<std::string, std::string>>{
           {"138-0013-8009", "13800138009"},
           {"\"(+86) 138 0013 8009\"", "+8613800138009"},
           {"+86-139-1234-5678", "+8613912345678"}}) {
    CAPTURE(written);
    const Export hr = withRow(f, "E1,ann,Ann,,," + written + ",");
    CHECK(hr.problems.empty());
    REQUIRE(hr.people.size() == 2);
    CHECK(hr.people[1].mobile == std::optional<std::string>(sent));
    CHECK(hr.contentHash == withRow(f, "E1,ann,Ann,,," + sent + ",").contentHash);
  }
}

TEST_CASE(
    "directory: a mobile Excel saved in scientific notation is refused, naming the line "
    "and the column to format as text",
    "[directory]") {
  HrFile f;
  f.cfg.columns["mobile"] = "手机";
  const Export hr =
      f.read("employee_id,account,name,手机\nE0,okay,Valid,\nE1,ann,Ann,1.38001E+10\n");
  const RowProblem& p = onlyProblem(hr);
  CHECK(describe(hr, p) ==
        f.cfg.path +
            ":3: E1 (ann): mobile \"1.38001E+10\" is in scientific notation, as Excel "
            "saves a long number, and has lost digits; in Excel, format the column "
            "\"手机\" as Text, check that every number shows all its digits, and save "
            "the export again");
  CHECK(hr.skippedAccounts == std::set<std::string>{"ann"});
}

TEST_CASE("directory: a mobile with a (0) trunk prefix is refused, saying to write it without",
          "[directory]") {
  HrFile f;
  CHECK(membersync::i18n::english(
            onlyProblem(withRow(f, "E1,ann,Ann,,,(0)138 0013 8009,")).message) ==
        "mobile \"(0)138 0013 8009\" has a \"(0)\", a prefix dialled only within the country; "
        "write the number without it");
}

TEST_CASE("directory: every problem of a row is reported in one message", "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1,a.b," + repeat("n", 31) + ",,,12,");
  const std::string message = membersync::i18n::english(onlyProblem(hr).message);
  CHECK(message.find("account \"a.b\" may hold only") != std::string::npos);
  CHECK(message.find(". name is 31 characters") != std::string::npos);
  CHECK(message.find(". mobile \"12\" has 2 digits") != std::string::npos);
}

TEST_CASE("directory: the same employee_id twice skips both rows, each naming the other",
          "[directory]") {
  HrFile f;
  const Export hr = f.read(std::string(kHeader) +
                           "E1,ann,Ann,,,,\nE2,bob,Bob,,,,\nE1,cy,Cy,,,,\n");
  CHECK(hr.rowCount == 3);
  REQUIRE(hr.people.size() == 1);
  CHECK(hr.people[0].account == "bob");
  REQUIRE(hr.problems.size() == 2);
  CHECK(hr.problems[0].line == 2);
  CHECK(membersync::i18n::english(hr.problems[0].message) ==
        "employee_id \"E1\" is also at line 4; each person must appear once");
  CHECK(hr.problems[1].line == 4);
  CHECK(membersync::i18n::english(hr.problems[1].message).find("is also at line 2") !=
        std::string::npos);
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E1"});
  CHECK(hr.skippedAccounts == std::set<std::string>{"ann", "cy"});
}

TEST_CASE("directory: the same account twice, in any case, skips both rows", "[directory]") {
  HrFile f;
  const Export hr = f.read(std::string(kHeader) +
                           "E1,ZhaoLei,Zhao,,,,\nE2,zhaolei,Zhao Two,,,,\nE3,zhaolei3,Z3,,,,\n"
                           "E4,ZHAOLEI,Zhao Four,,,,\n");
  REQUIRE(hr.people.size() == 1);
  REQUIRE(hr.problems.size() == 3);
  CHECK(membersync::i18n::english(hr.problems[0].message)
            .find("account \"ZhaoLei\" is also at line 3, line 5") == 0);
  CHECK(membersync::i18n::english(hr.problems[2].message)
            .find("account \"ZHAOLEI\" is also at line 2, line 3") == 0);
  CHECK(hr.skippedAccounts == std::set<std::string>{"zhaolei"});
  CHECK(hr.skippedEmployeeIds == std::set<std::string>{"E1", "E2", "E4"});
}

TEST_CASE(
    "directory: a row whose only fault is a shared account keeps the person it holds, so "
    "the state can tell whose account it is",
    "[directory]") {
  HrFile f;
  const Export hr =
      f.read(std::string(kHeader) + "E1,ZhaoLei,Zhao,,,,\nE2,zhaolei,Zhao Two,,,,\n" +
             "E3,zhaolei," + repeat("n", 31) + ",,,,\nE4,ann,Ann,,,,\nE4,bob,Bob,,,,\n");
  REQUIRE(hr.problems.size() == 5);
  REQUIRE(hr.problems[0].sharesAccountOnly);
  CHECK(hr.problems[0].sharesAccountOnly->employeeId == "E1");
  CHECK(hr.problems[0].sharesAccountOnly->name == "Zhao");
  CHECK(hr.problems[0].sharesAccountOnly->line == 2);
  REQUIRE(hr.problems[1].sharesAccountOnly);
  CHECK_FALSE(hr.problems[2].sharesAccountOnly);  // its name is too long, too
  CHECK_FALSE(hr.problems[3].sharesAccountOnly);  // a shared employee_id is never resolved
  CHECK_FALSE(hr.problems[4].sharesAccountOnly);
}

TEST_CASE("directory: a duplicate of an invalid row still skips the valid one", "[directory]") {
  HrFile f;
  const Export hr = f.read(std::string(kHeader) + "E1,ann," + repeat("n", 31) +
                           ",,,,\nE1,ann2,Ann,,,,\n");
  CHECK(hr.people.empty());
  CHECK(hr.problems.size() == 2);
}

TEST_CASE("directory: a problem is described with file, line, keys and message", "[directory]") {
  HrFile f;
  const Export hr = withRow(f, "E1007,zhaolei," + repeat("n", 31) + ",,,,");
  CHECK(describe(hr, onlyProblem(hr)) ==
        f.cfg.path + ":3: E1007 (zhaolei): name is 31 characters; the center allows at most 30");
  RowProblem keyless;
  keyless.line = 9;
  keyless.message = membersync::i18n::verbatim("m");
  CHECK(describe(hr, keyless) == f.cfg.path + ":9: m");
  keyless.account = "ann";
  CHECK(describe(hr, keyless) == f.cfg.path + ":9: (ann): m");
}

TEST_CASE(
    "directory: a skipped row's problems stay messages, each sentence one format string, "
    "and its description is their English",
    "[directory][i18n]") {
  HrFile f;
  const Export hr = withRow(f, "E1007,ZhaoLei," + repeat("n", 31) + ",,,12,");
  const RowProblem& p = onlyProblem(hr);
  CHECK(p.message.id == "{sentences}. {sentence}");
  REQUIRE(p.message.arguments.size() == 2);
  REQUIRE(p.message.arguments[0].message.size() == 1);
  CHECK(p.message.arguments[0].message[0].id ==
        "name is {length} characters; the center allows at most {max}");
  const auto described = describeMessage(hr, p);
  CHECK(described.id == "{place}: {who}: {problem}");
  CHECK(membersync::i18n::english(described) == describe(hr, p));
  CHECK(describe(hr, p) == hr.path +
                               ":3: E1007 (ZhaoLei): name is 31 characters; the center "
                               "allows at most 30. mobile \"12\" has 2 digits; it needs 5 "
                               "to 20");
}
