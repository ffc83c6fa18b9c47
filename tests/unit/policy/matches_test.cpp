// Rule matching: `when` against an HR person's fields and attributes.

#include <catch2/catch.hpp>

#include "jobs/policy/rules.h"

using membersync::directory::Person;
using membersync::policy::fieldValue;
using membersync::policy::matches;
using membersync::policy::When;

namespace {

Person engineer() {
  Person p;
  p.employeeId = "E1";
  p.account = "alice";
  p.name = "Alice";
  p.department = "ENG";
  p.status = "active";
  p.attributes = {{"title", "Viewer Lead"}, {"lock", ""}, {"site", "HQ"}};
  return p;
}

}  // namespace

TEST_CASE("policy: when matches a field by string, ignoring case", "[policy]") {
  CHECK(matches(When{{"department", {"ENG"}}}, engineer()));
  CHECK(matches(When{{"department", {"eng"}}}, engineer()));
  CHECK_FALSE(matches(When{{"department", {"DESIGN"}}}, engineer()));
  CHECK_FALSE(matches(When{{"department", {"EN"}}}, engineer()));  // the whole value
}

TEST_CASE("policy: when matches attributes by glob", "[policy]") {
  CHECK(matches(When{{"title", {"Viewer*"}}}, engineer()));
  CHECK(matches(When{{"title", {"*lead"}}}, engineer()));
  CHECK_FALSE(matches(When{{"title", {"Editor*"}}}, engineer()));
}

TEST_CASE("policy: when takes any pattern of a list", "[policy]") {
  CHECK(matches(When{{"department", {"DESIGN", "ENG"}}}, engineer()));
  CHECK_FALSE(matches(When{{"department", {"DESIGN", "SALES"}}}, engineer()));
}

TEST_CASE("policy: * never matches an empty or missing value", "[policy]") {
  CHECK_FALSE(matches(When{{"lock", {"*"}}}, engineer()));    // present, empty
  CHECK_FALSE(matches(When{{"badge", {"*"}}}, engineer()));   // no such column
  CHECK_FALSE(matches(When{{"remark", {"*"}}}, engineer()));  // optional field not exported
  CHECK(matches(When{{"site", {"*"}}}, engineer()));
  CHECK(matches(When{{"lock", {""}}}, engineer()));  // "" asks for an empty value
  CHECK(matches(When{{"badge", {""}}}, engineer()));
}

TEST_CASE("policy: several when keys must all match", "[policy]") {
  CHECK(matches(When{{"department", {"ENG"}}, {"site", {"HQ"}}}, engineer()));
  CHECK_FALSE(matches(When{{"department", {"ENG"}}, {"site", {"Branch*"}}}, engineer()));
  CHECK_FALSE(matches(When{{"department", {"OPS"}}, {"site", {"HQ"}}}, engineer()));
}

TEST_CASE("policy: when matches a multi-valued LDAP attribute when any of its values matches",
          "[policy]") {
  Person p = engineer();
  p.multiAttributes["memberOf"] = {"cn=ops,ou=groups,dc=example,dc=com",
                                   "cn=engineering,ou=groups,dc=example,dc=com"};
  CHECK(matches(When{{"memberOf", {"cn=eng*"}}}, p));  // the second value
  CHECK_FALSE(matches(When{{"memberOf", {"cn=sales*"}}}, p));
  CHECK_FALSE(matches(When{{"memberOf", {"cn=eng*"}}}, engineer()));  // no such attribute
}

TEST_CASE("policy: an empty when matches everyone", "[policy]") {
  CHECK(matches(When{}, engineer()));
  CHECK(matches(When{}, Person{}));
}

TEST_CASE("policy: when reads the HR fields by their names", "[policy]") {
  Person p = engineer();
  p.remark = "night shift";
  p.mobile = "13800138000";
  CHECK(matches(When{{"employee_id", {"E*"}}}, p));
  CHECK(matches(When{{"account", {"ALICE"}}}, p));
  CHECK(matches(When{{"name", {"Al*"}}}, p));
  CHECK(matches(When{{"status", {"active"}}}, p));
  CHECK(matches(When{{"remark", {"*shift"}}}, p));
  CHECK(matches(When{{"mobile", {"138*"}}}, p));
  CHECK(fieldValue(p, "title") == std::optional<std::string>("Viewer Lead"));
  CHECK_FALSE(fieldValue(p, "Title"));  // attribute names are the export's headers, exactly
}

TEST_CASE("policy: validate's report counts the active people each rule matches", "[policy]") {
  membersync::policy::Policy policy;
  membersync::policy::AssetRule seat;
  seat.rule = "cad-seat";
  seat.when = {{"department", {"ENG"}}};
  membersync::policy::AssetRule nobody;
  nobody.rule = "viewer";
  nobody.when = {{"titel", {"Viewer*"}}};  // a typo: no such column
  membersync::policy::LockRule lock;
  lock.rule = "offline";
  lock.lockFrom = "lock";
  membersync::policy::ActivityRule welcome;
  welcome.rule = "welcome";
  welcome.identityFrom = "email";
  policy.assets = {seat, nobody};
  policy.locks = {lock};
  policy.activities = {welcome};

  Person withLock = engineer();
  withLock.attributes["lock"] = "LK-1";
  Person left = engineer();
  left.active = false;
  Person sales = engineer();
  sales.department = "SALES";
  const auto reports = membersync::policy::reportRules(policy, {engineer(), withLock, left, sales});
  REQUIRE(reports.size() == 4);
  CHECK(reports[0].section == "assets");
  CHECK(reports[0].rule == "cad-seat");
  CHECK(reports[0].people == 2);  // the departed engineer does not count
  CHECK(reports[0].unknownColumns.empty());
  CHECK(reports[1].people == 0);
  CHECK(reports[1].unknownColumns == std::vector<std::string>{"titel"});
  CHECK(reports[2].section == "locks");
  CHECK(reports[2].people == 1);  // only one has a lock number
  CHECK(reports[3].section == "activities");
  CHECK(reports[3].people == 3);
  CHECK(reports[3].unknownColumns == std::vector<std::string>{"email"});
}
