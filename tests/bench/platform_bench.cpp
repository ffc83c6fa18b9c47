// Benchmark: walking DingTalk's organisation chart ([directory] format = dingtalk) against the
// emulator (tests/support/dingtalk_server.py) on loopback, in process, through the real
// PocoTransport: people per second, and the calls made against the fewest the API allows
// (1 gettoken + 1 root + one listsub per department + max(1, ceil(users / 100)) user/list
// pages per department). The emulator (Python, one answer at a time) is most of the time; the
// figure is a floor for membersync's own cost. It asserts nothing.
//
//   build/tests/bench/platform_bench [--people 10000] [--departments 300] [--rounds 3]

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "jobs/directory/platform/dingtalk_walk.h"
#include "jobs/directory/platform/platform_reader.h"
#include "tests/bench/bench_support.h"
#include "tests/support/dingtalk_process.h"

using namespace membersync;
using testing::DingDepartment;
using testing::DingTalkProcess;
using testing::DingUser;

int main(int argc, char** argv) {
  int people = 10000, departments = 300, rounds = 3;
  bench::parseIntFlags(
      argc, argv, {{"--people", &people}, {"--departments", &departments}, {"--rounds", &rounds}});
  // A tree three levels deep: the root, 1 + sqrt-ish branches under it, the rest under those.
  std::vector<DingDepartment> depts{{1, 0, "总部"}};
  const int branches = 17;
  for (int i = 2; i <= departments; ++i)
    depts.push_back({i, i <= branches + 1 ? 1 : 2 + (i % branches), "部门" + std::to_string(i)});
  std::vector<DingUser> users;
  std::vector<int> perDept(departments + 1, 0);
  for (int n = 0; n < people; ++n) {
    const long dept = 1 + n % departments;
    ++perDept[dept];
    users.push_back({"user" + std::to_string(n),
                     "员工" + std::to_string(n),
                     {dept},
                     "user" + std::to_string(n) + "@acme.cn",
                     "138" + std::to_string(10000000 + n),
                     true});
  }
  int userPages = 0;
  for (int d = 1; d <= departments; ++d) userPages += perDept[d] == 0 ? 1 : (perDept[d] + 99) / 100;
  const int fewest = directory::platform::dingtalk::fewestCalls(departments, userPages);

  DingTalkProcess dingtalk(depts, users);
  directory::DirectorySettings cfg;
  cfg.format = directory::ExportFormat::DingTalk;
  cfg.platform.baseUrl = dingtalk.baseUrl();
  cfg.platform.appKey = DingTalkProcess::kAppKey;
  cfg.platform.appSecret = Secret(DingTalkProcess::kAppSecret);
  cfg.columns = {{"employee_id", "userid"}, {"account", "{userid|lower}"}};
  std::printf("platform_bench: %d people in %d departments, DingTalk emulator at %s\n", people,
              departments, cfg.platform.baseUrl.c_str());
  for (int round = 1; round <= rounds; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu = bench::cpuSeconds();
    const directory::Export hr = directory::platform::readPlatform(cfg, "@acme", {}, {});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "  round %d: %zu people (%zu valid) in %zu departments, %.2f s, %.0f people/s; "
        "membersync CPU %.2f s; %d calls made, fewest possible %d\n",
        round, hr.rowCount, hr.people.size(), hr.departmentCount, seconds,
        static_cast<double>(hr.rowCount) / seconds, bench::cpuSeconds() - cpu, hr.calls, fewest);
  }
  std::printf("  peak RSS of the bench process %ld kB\n", bench::peakRssKb());
  return 0;
}
