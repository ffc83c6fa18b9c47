// The one rule that tells a refusal of membersync's settings (systemic: the run stops, no row is
// held) from a refusal of the rows, in both forms: a call refused whole, and an A1 call whose
// every row 60027 lists as failed.
#include "jobs/apply/systemic_refusal.h"

#include <catch2/catch.hpp>

using Catch::Contains;
using membersync::apply::CallRefusal;
using membersync::apply::isRowCode;
using membersync::apply::judgeRefusal;
using membersync::apply::kSystemicRows;
using membersync::apply::refusalOf;
using membersync::apply::RowRefusal;
using namespace membersync::center;

namespace {

const char* const kLength = "password length must lie between 8 and 20";

Error error(ErrorKind kind, const std::string& code, const std::string& message = "refused") {
  Error e;
  e.endpoint = "A1 add members";
  e.kind = kind;
  e.code = code;
  e.message = message;
  return e;
}

CallRefusal whole(const Error& e, std::size_t rows = 100) {
  CallRefusal call;
  call.rows = rows;
  call.whole = e;
  return call;
}

// `rows` rows, every one refused with `code` and `message`.
CallRefusal everyRow(std::size_t rows, const std::string& code, const std::string& message) {
  CallRefusal call;
  call.rows = rows;
  call.items.assign(rows, RowRefusal{code, message});
  return call;
}

std::vector<NewMember> batch(int n, bool withDepartment = true) {
  std::vector<NewMember> out;
  for (int i = 0; i < n; ++i) {
    NewMember m;
    m.account = "user" + std::to_string(i);
    if (withDepartment) m.departmentId = "1001";
    out.push_back(m);
  }
  return out;
}

}  // namespace

TEST_CASE(
    "systemic refusal: every row of a call of 10 or more refused with one message stops "
    "the run naming the password length",
    "[apply]") {
  const auto systemic = judgeRefusal(everyRow(kSystemicRows, "", kLength), true);
  REQUIRE(systemic);
  CHECK(systemic->perItem);
  CHECK(systemic->code.empty());
  CHECK_THAT(systemic->reason(), Contains("[sync] password_length") && Contains(kLength) &&
                                     Contains("all 10 rows") && Contains("nobody is held"));
  const Error e = systemic->asError("A1 add members");
  CHECK(e.kind == ErrorKind::Configuration);
  CHECK(e.code == "60027");
}

TEST_CASE(
    "systemic refusal: every row refused with one code that is not a row's is systemic, "
    "whatever the messages say",
    "[apply]") {
  CallRefusal call = everyRow(100, "50003", "");
  for (std::size_t i = 0; i < call.items.size(); ++i) {
    call.items[i].message = "userList[" + std::to_string(i) + "]: password length";
  }
  const auto systemic = judgeRefusal(call, true);
  REQUIRE(systemic);
  CHECK(systemic->code == "50003");
  CHECK(systemic->asError("A1 add members").code == "50003");
  CHECK_THAT(systemic->reason(), Contains("[sync] password_length"));
}

TEST_CASE("systemic refusal: the setting named follows the message's words", "[apply]") {
  auto settingFor = [](const std::string& message) {
    const auto s = judgeRefusal(everyRow(20, "", message), false);
    REQUIRE(s);
    return s->setting;
  };
  CHECK_THAT(settingFor("group id empty"), Contains("\"departments\""));
  CHECK_THAT(settingFor("部门不能为空"), Contains("\"departments\""));
  CHECK_THAT(settingFor("Enterprise suffix empty"), Contains("[center] account_suffix"));
  CHECK_THAT(settingFor("密码长度错误"), Contains("[sync] password_length"));
  CHECK_THAT(settingFor("something else"), Contains("[sync] password_length") &&
                                               Contains("\"departments\"") &&
                                               Contains("[center] account_suffix"));
}

TEST_CASE("systemic refusal: fewer than 10 rows all refused alike are the rows'", "[apply]") {
  CHECK_FALSE(judgeRefusal(everyRow(kSystemicRows - 1, "", kLength), true));
  CHECK_FALSE(judgeRefusal(everyRow(kSystemicRows - 1, "50003", kLength), true));
}

TEST_CASE("systemic refusal: per-row codes are never systemic, even on every row", "[apply]") {
  for (const char* code : {"10003", "10004", "30002", "30003", "40008", "40022"}) {
    INFO(code);
    CHECK(isRowCode(code, false));
    CHECK_FALSE(judgeRefusal(everyRow(100, code, "phone number invalid"), false));
  }
  SECTION("40009 is a row's while the policy maps departments, the settings' otherwise") {
    CHECK_FALSE(judgeRefusal(everyRow(100, "40009", "group id empty"), true));
    CHECK(judgeRefusal(everyRow(100, "40009", "group id empty"), false));
    CHECK_FALSE(judgeRefusal(whole(error(ErrorKind::Configuration, "40009")), true));
    CHECK(judgeRefusal(whole(error(ErrorKind::Configuration, "40009")), false));
  }
}

TEST_CASE(
    "systemic refusal: a message alone for rows that all lack a department, while the "
    "policy maps departments, may be one unmapped department's",
    "[apply]") {
  CallRefusal call = everyRow(30, "", "group id empty");
  call.rowsLackDepartment = true;
  CHECK_FALSE(judgeRefusal(call, true));
  CHECK(judgeRefusal(call, false));
  call.items.assign(30, RowRefusal{"50003", kLength});  // a code says what it is
  CHECK(judgeRefusal(call, true));
}

TEST_CASE(
    "systemic refusal: rows refused for different reasons, a row created or a row not "
    "named are not systemic",
    "[apply]") {
  CallRefusal mixed = everyRow(20, "", kLength);
  mixed.items[3].message = "phone number invalid";
  CHECK_FALSE(judgeRefusal(mixed, true));

  CallRefusal mixedCodes = everyRow(20, "50003", kLength);
  mixedCodes.items[3].code = "";
  CHECK_FALSE(judgeRefusal(mixedCodes, true));

  CallRefusal created = everyRow(20, "", kLength);
  created.created = 1;
  CHECK_FALSE(judgeRefusal(created, true));

  CallRefusal unnamed = everyRow(20, "", kLength);
  unnamed.items.pop_back();
  CHECK_FALSE(judgeRefusal(unnamed, true));
}

TEST_CASE(
    "systemic refusal: a whole call is judged by its code: configuration codes but the "
    "trial quota stop the run, a row's codes are isolated",
    "[apply]") {
  const auto length = judgeRefusal(whole(error(ErrorKind::Configuration, "50003",
                                               "the password length must lie between 8 and 20"),
                                         3),
                                   true);
  REQUIRE(length);  // whatever the call's size: the code names the setting
  CHECK_FALSE(length->perItem);
  CHECK_THAT(length->reason(), Contains("refused membersync's credentials or settings") &&
                                   Contains("[sync] password_length") &&
                                   Contains("between 8 and 20"));
  CHECK(judgeRefusal(whole(error(ErrorKind::Configuration, "40006")), true));
  CHECK(judgeRefusal(whole(error(ErrorKind::Configuration, "60017")), true));
  CHECK_FALSE(judgeRefusal(whole(error(ErrorKind::Configuration, "60009")), true));
  CHECK_FALSE(judgeRefusal(whole(error(ErrorKind::BadInput, "10003")), true));
  CHECK_FALSE(judgeRefusal(whole(error(ErrorKind::BadInput, "40000")), true));
  CHECK_FALSE(judgeRefusal(whole(error(ErrorKind::RetryLater, "500")), true));
}

TEST_CASE("systemic refusal: an A1 answer is matched to the call's rows by account", "[apply]") {
  const auto rows = batch(12);
  AddMembersResult answer;
  for (const auto& m : rows)
    answer.failed.push_back({"USER" + m.account.substr(4) + "@acme", kLength, ""});
  auto call = refusalOf(rows, Result<AddMembersResult>::success(answer), "@acme");
  CHECK(call.rows == 12);
  CHECK(call.items.size() == 12);
  CHECK_FALSE(call.rowsLackDepartment);
  CHECK(judgeRefusal(call, true));

  SECTION("an entry for an account the call did not carry counts for nothing") {
    answer.failed.back().userName = "stranger@acme";
    call = refusalOf(rows, Result<AddMembersResult>::success(answer), "@acme");
    CHECK(call.items.size() == 11);
    CHECK_FALSE(judgeRefusal(call, true));
  }
  SECTION("a refusal of the whole call, and a call in doubt") {
    call = refusalOf(batch(12, false),
                     Result<AddMembersResult>::failure(error(ErrorKind::Configuration, "50003")),
                     "@acme");
    CHECK(call.whole);
    CHECK(call.rowsLackDepartment);
    call = refusalOf(rows, Result<AddMembersResult>::unknown(error(ErrorKind::RetryLater, "")),
                     "@acme");
    CHECK_FALSE(call.whole);
    CHECK_FALSE(judgeRefusal(call, true));
  }
}
