// Benchmark: walking an organisation platform's chart ([directory] format = dingtalk, wecom or
// feishu) against its emulator (tests/support/*_server.py) on loopback, in process, through the
// real PocoTransport: people per second, and the calls made against the fewest the platform's
// API allows (each walk's fewestCalls). The emulator (Python, one answer at a time) is most of
// the time; the figure is a floor for membersync's own cost. It asserts nothing.
//
//   build/tests/bench/platform_bench [--platform dingtalk|wecom|feishu|all] [--people 10000]
//                                    [--departments 300] [--rounds 3]
//
// The tree is the same for every platform: `departments` in all, the root included, three
// levels deep; person n in department 1 + n % departments (the root holds people too).

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "jobs/directory/platform/dingtalk_walk.h"
#include "jobs/directory/platform/feishu_walk.h"
#include "jobs/directory/platform/platform_reader.h"
#include "jobs/directory/platform/wecom_walk.h"
#include "tests/bench/bench_support.h"
#include "tests/support/dingtalk_process.h"
#include "tests/support/platform_server_process.h"

using namespace membersync;
using namespace membersync::testing;

namespace {

constexpr int kBranches = 17;

long parentOf(int i) {
  return i == 1 ? 0 : i <= kBranches + 1 ? 1 : 2 + (i % kBranches);
}

long departmentOf(int person, int departments) {
  return 1 + person % departments;
}

// max(1, ceil(members / pageSize)) summed over every department: the member pages of a walk.
long memberPages(int people, int departments, int pageSize) {
  std::vector<int> perDept(departments + 1, 0);
  for (int n = 0; n < people; ++n) ++perDept[departmentOf(n, departments)];
  long pages = 0;
  for (int d = 1; d <= departments; ++d)
    pages += perDept[d] == 0 ? 1 : (perDept[d] + pageSize - 1) / pageSize;
  return pages;
}

std::string mobile(int n) {
  return "138" + std::to_string(10000000 + n);
}

// One platform's emulator running with the tree, the settings that read it and the fewest calls.
struct Target {
  std::string name;
  directory::DirectorySettings cfg;
  long fewest = 0;
  std::shared_ptr<void> server;  // keeps the emulator running
};

Target dingTalk(int people, int departments) {
  std::vector<DingDepartment> depts;
  for (int i = 1; i <= departments; ++i)
    depts.push_back({i, parentOf(i), i == 1 ? "总部" : "部门" + std::to_string(i)});
  std::vector<DingUser> users;
  for (int n = 0; n < people; ++n)
    users.push_back({"user" + std::to_string(n),
                     "员工" + std::to_string(n),
                     {departmentOf(n, departments)},
                     "user" + std::to_string(n) + "@acme.cn",
                     mobile(n),
                     true});
  auto server = std::make_shared<DingTalkProcess>(depts, users);
  Target t{"DingTalk", {}, 0, server};
  t.cfg.format = directory::ExportFormat::DingTalk;
  t.cfg.platform.baseUrl = server->baseUrl();
  t.cfg.platform.appKey = DingTalkProcess::kAppKey;
  t.cfg.platform.appSecret = Secret(DingTalkProcess::kAppSecret);
  t.cfg.columns = {{"employee_id", "userid"}, {"account", "{userid|lower}"}};
  t.fewest = directory::platform::dingtalk::fewestCalls(
      departments, static_cast<int>(memberPages(people, departments, 100)));
  return t;
}

Target contacts(Platform platform, int people, int departments) {
  const bool wecom = platform == Platform::WeCom;
  // WeCom's ids are numbers from the root 1; Feishu's root is "0", implied, the others text.
  const auto id = [&](long i) {
    return wecom ? std::to_string(i) : i == 1 ? std::string("0") : "D" + std::to_string(i);
  };
  std::vector<PlatformDepartment> depts;
  for (int i = wecom ? 1 : 2; i <= departments; ++i)
    depts.push_back(
        {id(i), i == 1 ? "0" : id(parentOf(i)), i == 1 ? "总部" : "部门" + std::to_string(i)});
  std::vector<PlatformUser> users;
  for (int n = 0; n < people; ++n)
    users.push_back({"user" + std::to_string(n),
                     "员工" + std::to_string(n),
                     {id(departmentOf(n, departments))},
                     mobile(n),
                     "user" + std::to_string(n) + "@acme.cn",
                     ""});
  auto server = std::make_shared<PlatformServerProcess>(platform, depts, users);
  Target t{wecom ? "WeCom" : "Feishu", {}, 0, server};
  t.cfg.format = wecom ? directory::ExportFormat::WeCom : directory::ExportFormat::Feishu;
  t.cfg.platform.baseUrl = server->baseUrl();
  t.cfg.platform.appKey = server->appId();
  t.cfg.platform.appSecret = Secret(server->secret());
  const std::string userId = wecom ? "userid" : "user_id";
  t.cfg.columns = {{"employee_id", userId}, {"account", "{" + userId + "|lower}"}};
  t.fewest = wecom ? directory::platform::wecom::fewestCalls(departments, people)
                   : directory::platform::feishu::fewestCalls(departments - 1,
                                                              memberPages(people, departments, 50));
  return t;
}

void walk(const Target& t, int people, int departments, int rounds) {
  std::printf("%s: %d people in %d departments, emulator at %s\n", t.name.c_str(), people,
              departments, t.cfg.platform.baseUrl.c_str());
  for (int round = 1; round <= rounds; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu = bench::cpuSeconds();
    const directory::Export hr = directory::platform::readPlatform(t.cfg, "@acme", {}, {});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "  round %d: %zu people (%zu valid) in %zu departments, %.2f s, %.0f people/s; "
        "membersync CPU %.2f s; %d calls made, fewest possible %ld\n",
        round, hr.rowCount, hr.people.size(), hr.departmentCount, seconds,
        static_cast<double>(hr.rowCount) / seconds, bench::cpuSeconds() - cpu, hr.calls, t.fewest);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bench::printMachine();
  std::string platform = "all";
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--platform") == 0 && i + 1 < argc)
      platform = argv[++i];
    else
      rest.push_back(argv[i]);
  }
  int people = 10000, departments = 300, rounds = 3;
  bench::parseIntFlags(
      static_cast<int>(rest.size()), rest.data(),
      {{"people", &people}, {"departments", &departments}, {"rounds", &rounds}});
  const std::vector<std::pair<std::string, std::function<Target()>>> targets{
      {"dingtalk", [&] { return dingTalk(people, departments); }},
      {"wecom", [&] { return contacts(Platform::WeCom, people, departments); }},
      {"feishu", [&] { return contacts(Platform::Feishu, people, departments); }}};
  bool ran = false;
  for (const auto& [name, make] : targets) {
    if (platform != "all" && platform != name) continue;
    walk(make(), people, departments, rounds);
    ran = true;
  }
  if (!ran) {
    std::fprintf(stderr, "platform_bench: --platform is dingtalk, wecom, feishu or all\n");
    return 64;
  }
  std::printf("peak RSS of the bench process %ld kB\n", bench::peakRssKb());
  return 0;
}
