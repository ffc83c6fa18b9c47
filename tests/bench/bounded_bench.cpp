// Benchmark: what a hostile answer costs the real membersync binary.
//
// 1. Peak RSS of `membersync check` (its own, from wait4) against the emulator's huge A6 answer
//    (default 1 GiB), chunked and with its length announced, under max_answer_mb 128: refused
//    after at most 128 MiB. For scale: a plain check, and an answer within the limit (default
//    48 MiB), read and decoded; with --pool-assets N, also the A6 of a fixture with N free
//    asset numbers (the emulator's own answer, about 118 bytes an asset: 400,000 make 45 MiB).
// 2. The seconds `check` takes to give up on a service whose answers drip a byte every 200 ms,
//    with timeout_s 2: A5 is a read, so it is sent four times, with the backoff in between.
// It asserts nothing: the figures are for people to read.
//
//   build/tests/bench/bounded_bench [--huge-mb 1024] [--within-mb 48] [--max-answer-mb 128]
//                                   [--timeout-s 2] [--drip-ms 200] [--pool-assets 0]

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/bench/bench_support.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;

struct Args {
  int hugeMb = 1024;
  int withinMb = 48;
  int maxAnswerMb = 128;
  int timeoutS = 2;
  int dripMs = 200;
  int poolAssets = 0;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  bench::parseIntFlags(argc, argv,
                       {{"huge-mb", &a.hugeMb}, {"within-mb", &a.withinMb},
                        {"max-answer-mb", &a.maxAnswerMb}, {"timeout-s", &a.timeoutS},
                        {"drip-ms", &a.dripMs}, {"pool-assets", &a.poolAssets}});
  return a;
}

// membersync --config CONFIG check, measured by wait4.
bench::MeasuredRun runCheck(const testing::TempDir& dir, const std::filesystem::path& config) {
  return bench::runMeasured(testing::membersyncExecutable(), {"--config", config.string(), "check"},
                            dir);
}

std::filesystem::path writeConfig(const testing::TempDir& dir,
                                  const testing::EmulatorProcess& emulator,
                                  const std::string& centerExtra) {
  dir.write("secrets/client", "demo-client-secret\n");
  dir.write("secrets/admin", "demo-admin-pass1\n");
  dir.write("hr.csv", "employee_id,account,name\n");
  return dir.write("membersync.ini",
                   "[center]\nbase_url = " + emulator.baseUrl() +
                       "\ntoken_url = " + emulator.tokenUrl() +
                       "\nenterprise_global_id = ENT-ACME-0001\n"
                       "enterprise_code = acme\nclient_id = membersync-demo\n"
                       "client_secret_file = secrets/client\n"
                       "admin_user = admin@acme\nadmin_password_file = secrets/admin\n" +
                       centerExtra + "[directory]\npath = hr.csv\n");
}

// The bytes of streamed answers the emulator's connections accepted, once they have all ended.
long long streamedBytes(const testing::EmulatorProcess& emulator) {
  for (int i = 0; i < 3000; ++i) {
    Poco::JSON::Parser parser;
    auto s =
        parser.parse(emulator.stats()).extract<Poco::JSON::Object::Ptr>()->getObject("streamed");
    if (s->getValue<long long>("finished") == s->getValue<long long>("answers"))
      return s->getValue<long long>("bytes");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

// One check against an emulator started with `flags`; prints a row of the table.
// The fixture with `poolAssets` free asset numbers, built in a child process: building 400,000
// takes a process past a GiB, and a program this one starts afterwards would report that peak as
// its own (posix_spawn execs from a vfork, and wait4's maxrss keeps the larger).
std::string fixtureOfPool(const testing::TempDir& dir, int poolAssets) {
  const pid_t pid = fork();
  if (pid == 0) {
    bench::fixtureWithMembers(dir, 0, poolAssets);
    std::_Exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return (dir.path() / ("fixture-0-" + std::to_string(poolAssets) + ".json")).string();
}

// `poolAssets` > 0: the emulator's fixture has that many free asset numbers more.
void row(const std::string& what, const std::vector<std::string>& flags,
         const std::string& centerExtra, int poolAssets = 0) {
  testing::TempDir dir;
  const std::string fixture = poolAssets > 0 ? fixtureOfPool(dir, poolAssets) : "";
  testing::EmulatorProcess emulator(testing::EmulatorProcess::Options{fixture, flags});
  const bench::MeasuredRun run = runCheck(dir, writeConfig(dir, emulator, centerExtra));
  const long long sent = streamedBytes(emulator);
  std::printf("%-44s %4d %8.2f %10.1f %14s\n", what.c_str(), run.exitCode, run.seconds,
              run.peakRssKb / 1024.0, sent > 0 ? std::to_string(sent).c_str() : "-");
  const auto why = run.err.find("A6 list asset numbers");
  if (run.exitCode != 0)
    std::printf("    %s", (why != std::string::npos ? run.err.substr(why) : run.err).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parseArgs(argc, argv);
  bench::printMachine();
  const std::string limit = "max_answer_mb = " + std::to_string(a.maxAnswerMb) + "\n";
  std::printf("membersync check against hostile answers (max_answer_mb %d)\n", a.maxAnswerMb);
  std::printf("%-44s %4s %8s %10s %14s\n", "case", "exit", "wall s", "peak MiB", "emulator sent");
  row("plain demo fixture", {}, limit);
  row("A6 of " + std::to_string(a.withinMb) + " MiB, chunked (within the limit)",
      {"--huge-answer-mb", std::to_string(a.withinMb)}, limit);
  if (a.poolAssets > 0)
    row("A6 of a fixture of " + std::to_string(a.poolAssets) + " assets", {}, limit, a.poolAssets);
  row("A6 of " + std::to_string(a.hugeMb) + " MiB, chunked",
      {"--huge-answer-mb", std::to_string(a.hugeMb)}, limit);
  row("A6 of " + std::to_string(a.hugeMb) + " MiB, Content-Length announced",
      {"--huge-answer-mb", std::to_string(a.hugeMb), "--huge-answer-length"}, limit);
  std::printf("\nmembersync check against answers dripping a byte every %d ms (timeout_s %d)\n",
              a.dripMs, a.timeoutS);
  std::printf("%-44s %4s %8s %10s %14s\n", "case", "exit", "wall s", "peak MiB", "emulator sent");
  row("every member-center answer dripping", {"--drip-ms", std::to_string(a.dripMs)},
      "timeout_s = " + std::to_string(a.timeoutS) + "\n");
  return 0;
}
