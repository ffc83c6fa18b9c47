// The real membersync binary reading DingTalk's organisation chart ([directory] format =
// dingtalk) from the emulator (tests/support/dingtalk_server.py) and syncing into the member
// center's emulator: Chinese names and department paths, and each fault either failing the read
// whole (exit 1, nothing planned, nobody deleted) or recovered from (the token fetched again
// once, a rate limit waited out); a configuration problem is 78; no secret in any output.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/dingtalk_process.h"
#include "tests/support/emulator_process.h"

using namespace membersync::testing;

namespace {

// 总部 (1) -> 工程部 (2) -> 隧道组 (4); 总部 -> 财务部 (3). The policy maps 工程部 and 财务部.
std::vector<DingDepartment> departments() {
  return {{1, 0, "总部"}, {2, 1, "工程部"}, {3, 1, "财务部"}, {4, 2, "隧道组"}};
}

std::vector<DingUser> users() {
  return {{"zhangsan", "张三", {2}, "zhangsan@acme.cn", "13800138000", true},
          {"lisi", "李四", {3}, "", "", false},      // not activated in DingTalk: still staff
          {"wangwu", "王五", {4, 3}, "", "", true},  // in two: the policy maps 财务部 only
          {"zhaoliu", "赵六", {2}, "", "", true}};
}

SyncOptions options(const DingTalkProcess& dingtalk) {
  SyncOptions o;
  o.departments = R"({"总部/工程部": 1001, "总部/财务部": 1002, "总部/工程部/隧道组": 1003})";
  o.directory = std::string("format = dingtalk\n") + "base_url = " + dingtalk.baseUrl() + "\n" +
                "app_key = " + DingTalkProcess::kAppKey + "\n" +
                "app_secret_file = secrets/dingtalk\n" + "column.account = {userid|lower}\n";
  return o;
}

struct Setup {
  EmulatorProcess emulator;
  DingTalkProcess dingtalk{departments(), users()};
  SyncFixture f{emulator, options(dingtalk)};
  Setup() {
    f.writeFile("secrets/dingtalk", std::string(DingTalkProcess::kAppSecret) + "\n");
    f.addSecret(DingTalkProcess::kAppSecret);
  }
  // The app secret, and every token DingTalk issued, in no output and not in the state.
  void checkNoSecretLeaked() {
    for (const std::string& token : dingtalk.tokens()) f.addSecret(token);
    f.checkNoSecretLeaked();
  }
};

}  // namespace

TEST_CASE(
    "dingtalk: a sync creates everyone once, named in Chinese, in the department the policy maps") {
  Setup s;
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  REQUIRE(r.exitCode == 0);
  const auto live = liveMembersByAccount(s.emulator);
  REQUIRE(live.count("zhangsan"));
  CHECK(live.at("zhangsan").name == "张三");
  CHECK(live.at("zhangsan").departmentId == 1001);
  CHECK(live.at("lisi").departmentId == 1002);    // not activated: an attribute, not departed
  CHECK(live.at("wangwu").departmentId == 1002);  // listed in 隧道组 first; 3 < 4 and mapped
  CHECK(live.count("zhaoliu"));
  // 1 token + 1 root + 4 listsub + 4 user/list: the fewest calls the walk can make.
  CHECK(s.dingtalk.stats().total == 10);
  s.checkNoSecretLeaked();
}

TEST_CASE("dingtalk: check walks everything and says what it found and what it cost") {
  Setup s;
  const auto r = s.f.run({"check"});
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("walked 4 departments, 4 people, 4 valid, 0 skipped"));
  CHECK_THAT(r.out, Catch::Contains("10 calls made"));
  CHECK_THAT(r.out + r.err, !Catch::Contains(DingTalkProcess::kAppSecret));
}

TEST_CASE(
    "dingtalk: validate shows the first people as read, with their department paths, and writes "
    "nothing") {
  Setup s;
  const auto r = s.f.run({"validate"});
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("as read (columns and templates applied)"));
  CHECK_THAT(r.out, Catch::Contains("zhangsan") && Catch::Contains("张三") &&
                        Catch::Contains("总部/工程部"));
  CHECK(stats(s.emulator).writes == 0);
  CHECK_THAT(r.out + r.err, !Catch::Contains(DingTalkProcess::kAppSecret));
}

TEST_CASE("dingtalk: a page error in the middle of the walk fails the read whole, nobody deleted") {
  Setup s;
  REQUIRE(s.f.sync().exitCode == 0);
  const int writes = stats(s.emulator).writes;
  s.dingtalk.setFaults(
      R"([{"path": "/topapi/v2/user/list", "at": 3, "errcode": 50001, "errmsg": "系统错误"}])");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err,
             Catch::Contains("50001") && Catch::Contains("nothing is planned from a partial list"));
  CHECK(stats(s.emulator).writes == writes);
  CHECK(liveMembersByAccount(s.emulator).count("zhaoliu"));
  s.checkNoSecretLeaked();
}

TEST_CASE("dingtalk: a token that expires mid-walk is fetched again once and the sync goes on") {
  Setup s;
  s.dingtalk.setFaults(
      R"([{"path": "/topapi/v2/department/listsub", "at": 2, "expire_tokens": true}])");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK(s.dingtalk.stats().tokens == 2);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE("dingtalk: a rate limit and an HTML page where JSON was expected are waited out") {
  Setup s;
  SyncOptions o = options(s.dingtalk);
  o.directory += "rate_limit_pause_ms = 10\n";  // the doubling pause from 10 ms, not 1 s
  s.f.configure(o);
  s.dingtalk.setFaults(
      R"([{"path": "/topapi/v2/user/list", "at": 1, "errcode": 90018, "errmsg": "调用频率超限"},
                           {"path": "/topapi/v2/user/list", "at": 2, "html": true}])");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK(s.dingtalk.stats().faultsFired == 2);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
}

TEST_CASE(
    "dingtalk: a spent monthly quota stops the read as a configuration problem, without retrying") {
  Setup s;
  s.dingtalk.setFaults(
      R"([{"path": "/topapi/v2/department/listsub", "at": 1, "errcode": 90020, "errmsg": "quota"}])");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK(s.dingtalk.stats().calls["/topapi/v2/department/listsub"] == 1);
  CHECK(stats(s.emulator).writes == 0);
}

TEST_CASE(
    "dingtalk: a department removed between two runs while a person still names it fails the "
    "read") {
  Setup s;
  REQUIRE(s.f.sync().exitCode == 0);
  const int writes = stats(s.emulator).writes;
  auto depts = departments();
  depts.pop_back();  // 隧道组 (4) is gone; wangwu's dept_id_list still names it
  s.dingtalk.setFixture(depts, users());
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("department 4"));
  CHECK(stats(s.emulator).writes == writes);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "dingtalk: a wrong app secret is a configuration problem that names the keys, never the "
    "secret") {
  Setup s;
  s.f.writeFile("secrets/dingtalk", "not-the-dingtalk-secret\n");
  s.f.addSecret("not-the-dingtalk-secret");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("app_secret_file"));
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "dingtalk: a walk that would pass max_calls_month does not start, the calls are kept in the "
    "state") {
  Setup s;
  SyncOptions o = options(s.dingtalk);
  o.directory += "max_calls_month = 15\n";  // one walk costs 10
  s.f.configure(o);
  REQUIRE(s.f.sync().exitCode == 0);
  const int calls = s.dingtalk.stats().total;
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("max_calls_month = 15") && Catch::Contains("and 10 of"));
  CHECK(s.dingtalk.stats().total == calls);  // not one call
  s.checkNoSecretLeaked();
}
