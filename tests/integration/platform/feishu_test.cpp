// The real membersync binary reading Feishu's (飞书) contacts ([directory] format = feishu) from
// the emulator (tests/support/feishu_server.py) and syncing into the member center's emulator:
// Chinese names and department paths below the unnamed root, the lowest mapped department for a
// person in two, the exact calls of a walk with its pages, and each fault either failing the
// read whole (exit 1, nothing planned, nobody deleted) or recovered from (the token fetched again
// once, HTTP 429 and an HTML page waited out); a configuration or permission problem is 78 and
// says what to do; no secret or token in any output.

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "tests/integration/platform/contacts_setup.h"
#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/emulator_process.h"
#include "tests/support/platform_server_process.h"

using namespace membersync::testing;

namespace {

// (root 0, no name) -> 工程部 (D100) -> 隧道组 (D110); root -> 财务部 (D200).
std::vector<PlatformDepartment> departments() {
  return {{"D100", "0", "工程部"}, {"D110", "D100", "隧道组"}, {"D200", "0", "财务部"}};
}

std::vector<PlatformUser> users() {
  return {{"ZhangSan", "张三", {"D100"}, "+8613800138000", "zhangsan@acme.cn", ""},
          {"lisi", "李四", {"D200"}, "+8613800138001", "", ""},
          // Listed in 财务部 first; the lowest id the policy maps is 隧道组 (D110).
          {"wangwu", "王五", {"D200", "D110"}, "+8613800138002", "", ""},
          {"zhaoliu", "赵六", {"D110"}, "", "zhaoliu@acme.cn", ""}};
}

// 1 token + 1 page of departments + one page of members for each of D100, D110, D200 and the
// root.
constexpr int kWalkCalls = 6;

SyncOptions options(const PlatformServerProcess& feishu) {
  SyncOptions o;
  o.departments = R"({"工程部": 1001, "财务部": 1002, "工程部/隧道组": 1003})";
  o.directory = "format = feishu\nbase_url = " + feishu.baseUrl() + "\napp_id = " + feishu.appId() +
                "\napp_secret_file = secrets/feishu\ncolumn.account = {user_id|lower}\n"
                "rate_limit_pause_ms = 10\n";
  return o;
}

struct Setup : ContactsSetup {
  PlatformServerProcess& feishu = server;
  explicit Setup(const std::vector<PlatformUser>& people = users())
      : ContactsSetup(Platform::Feishu, departments(), people, options, "secrets/feishu") {}
  int apiCallsSoFar() const { return ContactsSetup::apiCallsSoFar("/open-apis/auth/v3/tenant_access_token/internal"); }
};

constexpr const char* kChildren = "/open-apis/contact/v3/departments/:id/children";
constexpr const char* kMembers = "/open-apis/contact/v3/users/find_by_department";

}  // namespace

TEST_CASE(
    "feishu: a sync creates everyone once, named in Chinese, in the lowest department the policy "
    "maps, paths below the root") {
  Setup s;
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  REQUIRE(r.exitCode == 0);
  const auto live = liveMembersByAccount(s.emulator);
  REQUIRE(live.count("zhangsan"));
  CHECK(live.at("zhangsan").name == "张三");
  CHECK(live.at("zhangsan").departmentId == 1001);
  CHECK(live.at("lisi").departmentId == 1002);
  CHECK(live.at("wangwu").name == "王五");
  CHECK(live.at("wangwu").departmentId == 1003);  // D110 < D200, whatever the list's order
  CHECK(live.at("zhaoliu").departmentId == 1003);
  CHECK(live.size() == 4 + 6);  // and the demo fixture's six
  const PlatformStats calls = s.feishu.stats();
  CHECK(calls.calls.at(kChildren) == 1);
  CHECK(calls.calls.at(kMembers) == 4);
  CHECK(calls.total == kWalkCalls);  // the fewest Feishu allows
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: check walks everything, a department of 52 people in two pages, and says what it "
    "found and what it cost") {
  std::vector<PlatformUser> people = users();
  for (int i = 1; i <= 51; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "gc%02d", i);
    people.push_back(
        {id, "工程师" + std::to_string(i), {"D100"}, "", std::string(id) + "@acme.cn", ""});
  }
  Setup s(people);
  const auto r = s.f.run({"check"});
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  // The root counts: people may be in it.
  CHECK_THAT(r.out, Catch::Contains("walked 4 departments, 55 people, 55 valid, 0 skipped"));
  // D100's 52 members take two pages of 50.
  CHECK_THAT(r.out, Catch::Contains(std::to_string(kWalkCalls + 1) + " calls made"));
  CHECK(s.feishu.stats().calls.at(kMembers) == 5);
  CHECK(stats(s.emulator).writes == 0);
  s.checkOutputHasNoSecret(r);
}

TEST_CASE("feishu: a page error in the middle of the walk fails the read whole, nobody deleted") {
  Setup s;
  REQUIRE(s.f.sync().exitCode == 0);
  const int writes = stats(s.emulator).writes;
  // The 3rd contact call of the next walk, its second page of members, answers code 40003.
  s.feishu.setFaults(R"({"page_error_after": )" + std::to_string(s.apiCallsSoFar() + 2) + "}");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("Feishu " + s.feishu.baseUrl()) &&
                        Catch::Contains("nothing is planned from a partial list"));
  CHECK(s.feishu.stats().calls.at(kMembers) == 4 + 2);  // it stopped there
  CHECK(stats(s.emulator).writes == writes);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE("feishu: a token that expires mid-walk is fetched again once and the sync goes on") {
  Setup s;
  s.feishu.setFaults(R"({"expire_token_after": 2})");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  const PlatformStats calls = s.feishu.stats();
  CHECK(calls.tokensIssued == 2);
  CHECK(calls.total == kWalkCalls + 2);  // the refused call and the second token
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a rate limit (HTTP 429, 99991400) and an HTML page where JSON was expected are "
    "waited out") {
  Setup s;
  s.feishu.setFaults(R"({"html": 1, "rate_limit": 2})");  // the first three contact calls
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK(s.feishu.stats().total == kWalkCalls + 3);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a department removed between two runs takes its people out of the next read, who "
    "depart") {
  Setup s;
  SyncOptions o = options(s.feishu);
  o.minExportRatio = 0.5;  // one of four leaves
  s.f.configure(o);
  REQUIRE(s.f.sync().exitCode == 0);
  s.feishu.setFaults(R"({"remove_department": "D110"})");  // 隧道组, and zhaoliu with it
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  const auto live = liveMembersByAccount(s.emulator);
  CHECK(live.count("zhaoliu") == 0);
  REQUIRE(live.count("wangwu") == 1);
  CHECK(live.at("wangwu").departmentId == 1002);  // 财务部 is all that is left of theirs
  CHECK(live.size() == 3 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a contact scope short of all staff exits 78 and says to set 通讯录权限范围 to "
    "全部成员") {
  Setup s;
  s.feishu.setFaults(R"({"no_all_staff": true})");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("40004") && Catch::Contains("全部成员"));
  CHECK(s.feishu.stats().calls.at(kChildren) == 1);  // no retry
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a spent monthly quota (HTTP 429, 99991403) stops the read as a configuration "
    "problem, without retrying") {
  Setup s;
  s.feishu.setFaults(R"({"quota": true})");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("99991403") && Catch::Contains("max_calls_month"));
  CHECK(s.feishu.stats().calls.at(kChildren) == 1);  // no retry
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a withheld mobile and email (a scope missing) makes check, validate and sync exit 78 "
    "naming the scope") {
  Setup s;
  s.feishu.setFaults(R"({"withhold_contact": true})");
  for (const std::string verb : {"check", "validate", "sync"}) {
    const auto r = s.f.run({verb});
    INFO(verb << ": " << tail(r.out + r.err));
    CHECK(r.exitCode == 78);
    CHECK_THAT(r.out + r.err,
               Catch::Contains("mobile") && Catch::Contains("contact:user.phone:readonly"));
  }
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "feishu: a wrong app secret is a configuration problem that names the keys, never the secret") {
  Setup s;
  s.f.writeFile("secrets/feishu", "not-the-feishu-secret\n");
  s.f.addSecret("not-the-feishu-secret");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("10014") && Catch::Contains("app_secret_file"));
  CHECK(s.feishu.stats().tokensIssued == 0);
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}
