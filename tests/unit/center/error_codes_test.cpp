#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "jobs/center/error_codes.h"

using namespace membersync::center;

namespace {

// The kind each code of spec section 7 must map to: the contract callers act on.
const std::map<std::string, ErrorKind> kMemberCenterKinds = {
    {"60000", ErrorKind::RenewTokens},   {"60005", ErrorKind::RenewTokens},
    {"70001", ErrorKind::Configuration}, {"500", ErrorKind::RetryLater},
    {"80001", ErrorKind::RetryLater},    {"40000", ErrorKind::BadInput},
    {"40021", ErrorKind::BadInput},      {"60013", ErrorKind::BadInput},
    {"40008", ErrorKind::BadInput},      {"40001", ErrorKind::BadInput},
    {"40009", ErrorKind::Configuration}, {"40022", ErrorKind::BadInput},
    {"50003", ErrorKind::Configuration},      {"30002", ErrorKind::BadInput},
    {"30003", ErrorKind::BadInput},      {"10003", ErrorKind::BadInput},
    {"10004", ErrorKind::BadInput},      {"40006", ErrorKind::Configuration},
    {"60009", ErrorKind::Configuration}, {"60027", ErrorKind::BadInput},
    {"60002", ErrorKind::NotFound},      {"60017", ErrorKind::Configuration},
    {"60024", ErrorKind::NotFound},      {"60023", ErrorKind::Conflict},
    {"60025", ErrorKind::Conflict},      {"60026", ErrorKind::NotFound},
    {"60028", ErrorKind::Conflict},      {"33006", ErrorKind::Conflict},
    {"33003", ErrorKind::Conflict},      {"33007", ErrorKind::Conflict},
    {"33008", ErrorKind::Conflict},      {"33018", ErrorKind::Conflict},
    {"33009", ErrorKind::Conflict},
};

const std::map<std::string, ErrorKind> kActivityKinds = {
    {"1001", ErrorKind::BadInput}, {"1002", ErrorKind::RetryLater}, {"1004", ErrorKind::BadInput},
    {"2001", ErrorKind::Conflict}, {"3001", ErrorKind::Configuration}, {"3002", ErrorKind::Conflict},
};

}  // namespace

TEST_CASE("error codes: the table holds the spec's 33 member-center and 7 activity codes", "[center]") {
  std::set<std::string> member, activity;
  for (const auto& row : codeTable())
    (row.service == Service::MemberCenter ? member : activity).insert(std::string(row.code));
  CHECK(member.size() == 33);
  CHECK(activity.size() == 7);
  for (const auto& [code, kind] : kMemberCenterKinds) CHECK(member.count(code) == 1);
  CHECK(activity.count("0000") == 1);
}

TEST_CASE("error codes: every member-center code maps to the kind a caller acts on", "[center]") {
  for (const auto& [code, kind] : kMemberCenterKinds) {
    INFO("code " << code);
    const CodeInfo* row = findCode(Service::MemberCenter, code);
    REQUIRE(row);
    CHECK(row->kind == kind);
    CHECK_FALSE(row->text.empty());
    const Error e = serviceError(Endpoint::AddMembers, Service::MemberCenter, code, "server text", "c", {}, 299);
    CHECK(e.kind == kind);
    CHECK(e.code == code);
    CHECK(e.endpoint == "A1 add members");
    CHECK(e.serverMessage == "server text");
    CHECK(e.cause == "c");
    CHECK(e.httpStatus == 299);
  }
}

TEST_CASE("error codes: every activity code maps to the kind a caller acts on, 0000 is success", "[center]") {
  for (const auto& [code, kind] : kActivityKinds) {
    INFO("code " << code);
    const CodeInfo* row = findCode(Service::Activity, code);
    REQUIRE(row);
    CHECK(row->kind == kind);
    CHECK_FALSE(row->success);
  }
  REQUIRE(findCode(Service::Activity, "0000"));
  CHECK(findCode(Service::Activity, "0000")->success);
  CHECK(findCode(Service::MemberCenter, "1001") == nullptr);  // the services' codes do not mix
}

TEST_CASE("error codes: templated messages are filled from data, the server's text kept", "[center]") {
  const Error length = serviceError(Endpoint::AddMembers, Service::MemberCenter, "50003",
                                    "密码长度必须在{0}和{1}之间", "", {"8", "20"}, 299);
  CHECK(length.message == "the password length must lie between 8 and 20");
  CHECK(length.serverMessage == "密码长度必须在{0}和{1}之间");
  const Error trial = serviceError(Endpoint::AddMembers, Service::MemberCenter, "60009",
                                   "最多可创建{0}个试用成员账号", "", {"5"}, 299);
  CHECK(trial.message == "the enterprise account may create at most 5 trial member accounts");
  CHECK(trial.describe().find("最多可创建{0}个试用成员账号") != std::string::npos);
  const Error noData = serviceError(Endpoint::ResetPassword, Service::MemberCenter, "50003", "x", "", {}, 299);
  CHECK(noData.message == "the password length must lie between ? and ?");
}

TEST_CASE("error codes: a code the spec does not list is a Protocol error keeping the code", "[center]") {
  const Error e = serviceError(Endpoint::ListMembers, Service::MemberCenter, "99999", "新错误", "", {}, 299);
  CHECK(e.kind == ErrorKind::Protocol);
  CHECK(e.code == "99999");
  CHECK(e.describe().find("99999") != std::string::npos);
  CHECK(e.describe().find("新错误") != std::string::npos);
}

TEST_CASE("error codes: fillTemplate leaves text that is not a placeholder alone", "[center]") {
  CHECK(fillTemplate("{0}-{1}-{0}", {"a", "b"}) == "a-b-a");
  CHECK(fillTemplate("{x} {} {", {"a"}) == "{x} {} {");
  CHECK(fillTemplate("{2}", {"a"}) == "?");
}
