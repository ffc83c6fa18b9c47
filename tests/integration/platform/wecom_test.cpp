// The real membersync binary reading WeCom's (企业微信) contacts ([directory] format = wecom) from
// the emulator (tests/support/wecom_server.py) and syncing into the member center's emulator:
// Chinese names and department paths, the main department chosen, the exact calls of a walk, and
// each fault either failing the read whole (exit 1, nothing planned, nobody deleted) or recovered
// from (the token fetched again once, a rate limit and an HTML page waited out); a configuration
// or permission problem is 78 and says what to do; no secret or token in any output.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/integration/platform/contacts_setup.h"
#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/emulator_process.h"
#include "tests/support/platform_server_process.h"

using namespace membersync::testing;

namespace {

// 总部 (1) -> 工程部 (2) -> 隧道组 (4); 总部 -> 财务部 (3). The policy maps all three below 总部.
std::vector<PlatformDepartment> departments() {
  return {{"1", "0", "总部"}, {"2", "1", "工程部"}, {"3", "1", "财务部"}, {"4", "2", "隧道组"}};
}

std::vector<PlatformUser> users() {
  return {{"ZhangSan", "张三", {"2"}, "13800138000", "zhangsan@acme.cn", ""},
          {"lisi", "李四", {"3"}, "", "", ""},
          // In two: WeCom's main department (财务部, 3) wins over the lowest id mapped (2).
          {"wangwu", "王五", {"2", "3"}, "", "", "3"},
          {"zhaoliu", "赵六", {"4"}, "", "", ""}};
}

// 1 gettoken + 1 simplelist + 4 department/get + 1 list_id + 4 user/get.
constexpr int kWalkCalls = 11;

// WeCom's user/get gives status 1 (activated), 2 (disabled), 4 (not yet activated) or 5 (quit).
// `active_status = 1` keeps these tests about the walk independent of the default for it, which
// the last test pins down.
SyncOptions options(const PlatformServerProcess& wecom, bool defaultStatus = false) {
  SyncOptions o;
  o.departments = R"({"总部/工程部": 1001, "总部/财务部": 1002, "总部/工程部/隧道组": 1003})";
  o.directory = "format = wecom\nbase_url = " + wecom.baseUrl() + "\ncorp_id = " + wecom.appId() +
                "\ncorp_secret_file = secrets/wecom\ncolumn.account = {userid|lower}\n"
                "rate_limit_pause_ms = 10\n";
  if (!defaultStatus) o.directory += "active_status = 1\n";
  return o;
}

struct Setup : ContactsSetup {
  PlatformServerProcess& wecom = server;
  explicit Setup(const std::vector<PlatformUser>& people = users())
      : ContactsSetup(Platform::WeCom, departments(), people, [](const PlatformServerProcess& p) { return options(p); }, "secrets/wecom") {}
  int apiCallsSoFar() const { return ContactsSetup::apiCallsSoFar("/cgi-bin/gettoken"); }
};

}  // namespace

TEST_CASE(
    "wecom: a sync creates everyone once, named in Chinese, in the department the policy maps, "
    "the main department first") {
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
  CHECK(live.at("wangwu").departmentId == 1002);  // main_department, not the lowest id (2)
  CHECK(live.at("zhaoliu").departmentId == 1003);
  CHECK(live.size() == 4 + 6);  // and the demo fixture's six
  const PlatformStats calls = s.wecom.stats();
  CHECK(calls.calls.at("/cgi-bin/gettoken") == 1);
  CHECK(calls.calls.at("/cgi-bin/department/simplelist") == 1);
  CHECK(calls.calls.at("/cgi-bin/department/get") == 4);
  CHECK(calls.calls.at("/cgi-bin/user/list_id") == 1);
  CHECK(calls.calls.at("/cgi-bin/user/get") == 4);  // wangwu listed twice, asked for once
  CHECK(calls.total == kWalkCalls);                 // the fewest WeCom allows
  s.checkNoSecretLeaked();
}

TEST_CASE("wecom: check walks everything and says what it found and what it cost") {
  Setup s;
  const auto r = s.f.run({"check"});
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("walked 4 departments, 4 people, 4 valid, 0 skipped"));
  CHECK_THAT(r.out, Catch::Contains(std::to_string(kWalkCalls) + " calls made"));
  CHECK(s.wecom.stats().total == kWalkCalls);
  CHECK(stats(s.emulator).writes == 0);
  s.checkOutputHasNoSecret(r);
}

TEST_CASE("wecom: a page error in the middle of the walk fails the read whole, nobody deleted") {
  Setup s;
  REQUIRE(s.f.sync().exitCode == 0);
  const int writes = stats(s.emulator).writes;
  // The 7th API call of the next walk, its first user/get, answers errcode -1 (system busy).
  s.wecom.setFaults(R"({"page_error_after": )" + std::to_string(s.apiCallsSoFar() + 6) + "}");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("WeCom " + s.wecom.baseUrl()) &&
                        Catch::Contains("nothing is planned from a partial list"));
  CHECK(s.wecom.stats().calls.at("/cgi-bin/user/get") == 4 + 1);  // it stopped there
  CHECK(stats(s.emulator).writes == writes);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE("wecom: a token that expires mid-walk is fetched again once and the sync goes on") {
  Setup s;
  s.wecom.setFaults(R"({"expire_token_after": 3})");  // after simplelist and two department/get
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  const PlatformStats calls = s.wecom.stats();
  CHECK(calls.tokensIssued == 2);
  CHECK(calls.total == kWalkCalls + 2);  // the refused call and the second gettoken
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE("wecom: a rate limit (45009) and an HTML page where JSON was expected are waited out") {
  Setup s;
  s.wecom.setFaults(R"({"html": 1, "rate_limit": 2})");  // the first three API calls
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  CHECK(s.wecom.stats().total == kWalkCalls + 3);
  CHECK(liveMembersByAccount(s.emulator).size() == 4 + 6);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "wecom: a department removed between two runs takes its people out of the next read, who "
    "depart") {
  Setup s;
  SyncOptions o = options(s.wecom);
  o.minExportRatio = 0.5;  // one of four leaves
  s.f.configure(o);
  REQUIRE(s.f.sync().exitCode == 0);
  s.wecom.setFaults(R"({"remove_department": 4})");  // 隧道组, and zhaoliu with it
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  const auto live = liveMembersByAccount(s.emulator);
  CHECK(live.count("zhaoliu") == 0);
  CHECK(live.count("wangwu") == 1);
  CHECK(live.size() == 3 + 6);
  CHECK(s.wecom.stats().calls.at("/cgi-bin/department/get") == 4 + 3);
  s.checkNoSecretLeaked();
}

TEST_CASE("wecom: an untrusted IP (60020) exits 78 and says to add it to 企业可信IP") {
  Setup s;
  s.wecom.setFaults(R"({"untrusted_ip": true})");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("60020") && Catch::Contains("企业可信IP"));
  CHECK(s.wecom.stats().calls.at("/cgi-bin/department/simplelist") == 1);  // no retry
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "wecom: a withheld mobile and email (an app other than 通讯录同步) makes check, validate and "
    "sync exit 78 naming the secret to use") {
  Setup s;
  s.wecom.setFaults(R"({"withhold_contact": true})");
  for (const std::string verb : {"check", "validate", "sync"}) {
    const auto r = s.f.run({verb});
    INFO(verb << ": " << tail(r.out + r.err));
    CHECK(r.exitCode == 78);
    CHECK_THAT(r.out + r.err, Catch::Contains("mobile") && Catch::Contains("通讯录同步"));
  }
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "wecom: a wrong secret is a configuration problem that names the keys, never the secret") {
  Setup s;
  s.f.writeFile("secrets/wecom", "not-the-wecom-secret\n");
  s.f.addSecret("not-the-wecom-secret");
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 78);
  CHECK_THAT(r.err, Catch::Contains("40001") && Catch::Contains("corp_secret_file"));
  CHECK(s.wecom.stats().tokensIssued == 0);
  CHECK(stats(s.emulator).writes == 0);
  s.checkNoSecretLeaked();
}

TEST_CASE(
    "wecom: by default the activated and the not yet activated are staff, a disabled account "
    "is not") {
  auto people = users();
  people.push_back({"sunba", "孙八", {"2"}, "", "", "", 4});   // not yet activated: staff
  people.push_back({"qianqi", "钱七", {"2"}, "", "", "", 2});  // disabled by the admin
  Setup s(people);
  s.f.configure(options(s.wecom, true));
  const auto r = s.f.sync();
  INFO(tail(r.out + r.err));
  CHECK(r.exitCode == 0);
  const auto live = liveMembersByAccount(s.emulator);
  CHECK(live.size() == 5 + 6);
  CHECK(live.count("sunba"));
  CHECK_FALSE(live.count("qianqi"));
  s.checkNoSecretLeaked();
}
