// The one walk (platform_walk.h): departments and their users -> the rows every source ends in,
// and the export built from them as for CSV and LDAP.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "jobs/directory/export_builder.h"
#include "jobs/directory/person.h"
#include "jobs/directory/platform/platform_walk.h"

using namespace membersync::directory;
using namespace membersync::directory::platform;

namespace {

constexpr const char* kSource = "dingtalk https://oapi.dingtalk.com";

User user(const std::string& id, const std::string& name, std::vector<std::string> depts,
          const std::string& main = "") {
  User u;
  u.userId = id;
  u.fields = {{"userid", id}, {"name", name}, {"active", "true"}};
  u.departmentIds = std::move(depts);
  u.mainDepartmentId = main;
  return u;
}

// 总部 (1) -> 工程部 (10) -> 隧道组 (200); 总部 -> 财务部 (9)
WalkResult company() {
  WalkResult w;
  w.departments = {
      {"1", "", "总部"}, {"10", "1", "工程部"}, {"200", "10", "隧道组"}, {"9", "1", "财务部"}};
  w.usersByDepartment = {
      {"1", {}}, {"10", {user("zhangsan", "张三", {"10"})}}, {"9", {}}, {"200", {}}};
  return w;
}

const SourceRow& rowOf(const SourceTable& t, const std::string& userId) {
  for (const SourceRow& r : t.rows)
    if (r.dn == "userid=" + userId) return r;
  FAIL("no row for " << userId);
  throw 0;
}

}  // namespace

TEST_CASE("walk: the department is the path of names from the root, its id an attribute") {
  WalkResult w = company();
  w.usersByDepartment[3].second = {user("lisi", "李四", {"200"})};
  const SourceTable t = walkTable(kSource, w, {});
  CHECK(t.kind == SourceKind::Platform);
  REQUIRE(t.rows.size() == 2);
  CHECK(rowOf(t, "lisi").cells.at("department") == "总部/工程部/隧道组");
  CHECK(rowOf(t, "lisi").cells.at("department_id") == "200");
  CHECK(rowOf(t, "zhangsan").cells.at("department") == "总部/工程部");
  CHECK(rowOf(t, "zhangsan").cells.at("name") == "张三");
}

TEST_CASE(
    "walk: a person listed in several departments is one row, in the lowest id when the policy "
    "maps none") {
  WalkResult w = company();
  // Listed first in 200, then in 10 and 9: never the list's order. 9 < 10 < 200 as numbers.
  const User u = user("wangwu", "王五", {"200", "10", "9"});
  w.usersByDepartment = {{"200", {u}}, {"10", {u}}, {"9", {u}}};
  const SourceTable t = walkTable(kSource, w, {});
  REQUIRE(t.rows.size() == 1);
  CHECK(t.rows[0].cells.at("department") == "总部/财务部");
  CHECK(t.rows[0].cells.at("department_ids") == "9,10,200");
}

TEST_CASE(
    "walk: a person in several departments gets the lowest id the policy maps, by path or id") {
  WalkResult w = company();
  const User u = user("wangwu", "王五", {"9", "200", "10"});
  w.usersByDepartment = {{"9", {u}}, {"200", {u}}, {"10", {u}}};
  CHECK(walkTable(kSource, w, {"总部/工程部/隧道组", "总部/工程部"})
            .rows[0]
            .cells.at("department_id") == "10");
  CHECK(walkTable(kSource, w, {"200"}).rows[0].cells.at("department_id") == "200");
}

TEST_CASE("walk: the main department, when the platform names one, wins") {
  WalkResult w = company();
  const User u = user("wangwu", "王五", {"9", "200"}, "200");
  w.usersByDepartment = {{"9", {u}}, {"200", {u}}};
  CHECK(walkTable(kSource, w, {"总部/财务部"}).rows[0].cells.at("department") ==
        "总部/工程部/隧道组");
}

TEST_CASE("walk: every field is a column, empty for a user who lacks it") {
  WalkResult w = company();
  User u = user("lisi", "李四", {"9"});
  u.fields.push_back({"email", "lisi@acme.cn"});
  w.usersByDepartment[2].second = {u};
  const SourceTable t = walkTable(kSource, w, {});
  CHECK(std::count(t.columns.begin(), t.columns.end(), "email") == 1);
  CHECK(rowOf(t, "zhangsan").cells.at("email").empty());
  CHECK(rowOf(t, "lisi").cells.at("email") == "lisi@acme.cn");
}

TEST_CASE("walk: a tree that cannot be trusted fails the read, naming the department") {
  WalkResult w = company();
  SECTION("a user in a department the walk did not find") {
    w.usersByDepartment[1].second[0].departmentIds = {"10", "77"};
    CHECK_THROWS_WITH(walkTable(kSource, w, {}),
                      Catch::Contains("department 77") && Catch::Contains("zhangsan"));
  }
  SECTION("a duplicate id") {
    w.departments.push_back({"9", "1", "财务二部"});
    CHECK_THROWS_WITH(walkTable(kSource, w, {}), Catch::Contains("id 9 appears twice"));
  }
  SECTION("a cycle") {
    w.departments = {
        {"1", "", "总部"}, {"10", "200", "工程部"}, {"200", "10", "隧道组"}, {"9", "1", "财务部"}};
    CHECK_THROWS_WITH(walkTable(kSource, w, {}), Catch::Contains("cycle"));
  }
  SECTION("a parent not in the tree") {
    w.departments.push_back({"300", "301", "孤儿部"});
    CHECK_THROWS_WITH(walkTable(kSource, w, {}), Catch::Contains("parent 301"));
  }
  SECTION("users of a department not in the tree") {
    w.usersByDepartment.push_back({"55", {user("x", "x", {"55"})}});
    CHECK_THROWS_WITH(walkTable(kSource, w, {}), Catch::Contains("department 55"));
  }
}

TEST_CASE("walk: the rows build an export as CSV and LDAP do, the userid as employee_id") {
  WalkResult w = company();
  w.usersByDepartment[2].second = {user("lisi", "李四", {"9"})};
  DirectorySettings cfg;
  cfg.columns = {{"employee_id", "userid"}, {"account", "{userid|lower}"}};
  const Export hr = buildExport(walkTable(kSource, w, {}), cfg, "@acme");
  REQUIRE(hr.people.size() == 2);
  CHECK(hr.problems.empty());
  const Person& p = hr.people[0].employeeId == "lisi" ? hr.people[0] : hr.people[1];
  CHECK(p.account == "lisi");
  CHECK(p.name == "李四");
  CHECK(p.department == "总部/财务部");
  CHECK(p.active);
  CHECK(p.attributes.at("active") == "true");
  CHECK(p.attributes.at("department_id") == "9");
}
