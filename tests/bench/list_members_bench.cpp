// Benchmark: how fast the client reads a large member list from the emulator.
//
// Seeds the emulator with N members (the demo fixture with its members replaced), gives every
// answer `latency` of delay, and lists all members with max_concurrency 8 and 1. Prints the calls
// made against the minimum, the wall time against the bound that latency and concurrency allow,
// members per second, and peak RSS. It asserts nothing: the figures are for people to read.
//
//   build/tests/bench/list_members_bench [--members 10000] [--latency-ms 20] [--page-size 100]

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "jobs/center/member_center_client.h"
#include "jobs/center/poco_transport.h"
#include "jobs/center/session.h"
#include "jobs/core/clock.h"
#include "jobs/core/random_source.h"
#include "tests/bench/bench_support.h"
#include "tests/support/emulator_process.h"
#include "tests/support/temp_dir.h"

namespace {

using namespace membersync;

struct Args {
  int members = 10000;
  int latencyMs = 20;
  int pageSize = 100;
};

Args parseArgs(int argc, char** argv) {
  Args a;
  bench::parseIntFlags(argc, argv,
                       {{"members", &a.members}, {"latency-ms", &a.latencyMs},
                        {"page-size", &a.pageSize}});
  return a;
}

void runOnce(const testing::EmulatorProcess& emulator, const Args& args, int concurrency) {
  center::ClientOptions o;
  o.baseUrl = emulator.baseUrl();
  o.tokenUrl = emulator.tokenUrl();
  o.enterpriseGlobalId = "ENT-ACME-0001";
  o.clientId = "membersync-demo";
  o.clientSecret = Secret("demo-client-secret");
  o.adminUser = "admin@acme";
  o.adminPassword = Secret("demo-admin-pass1");
  o.maxConcurrency = concurrency;
  o.pageSize = args.pageSize;

  SystemClock clock;
  SystemRandom random;
  Scrubber scrubber;
  center::PocoTransport transport(o);
  center::Session session(o, transport, clock, random, scrubber);
  center::MemberCenterClient client(session);

  const auto start = std::chrono::steady_clock::now();
  auto all = client.listAllMembers();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!all.ok()) {
    std::cerr << "listing failed: " << all.error().describe() << "\n";
    std::exit(1);
  }
  const auto pages = session.stats().of(center::Endpoint::ListMembers);
  const auto tokens = session.stats().of(center::Endpoint::Token);
  const long pagesOfList = (args.members + args.pageSize - 1) / args.pageSize;
  // The pages, and page 1 again after the last when there are several.
  const long minimumPages = pagesOfList > 1 ? pagesOfList + 1 : pagesOfList;
  // Two token grants one after the other, page 1, then the other pages `concurrency` at a time,
  // then page 1 again.
  const double latency = args.latencyMs / 1000.0;
  const double bound =
      latency * (2 + 1 + std::ceil(static_cast<double>(pagesOfList - 1) / concurrency) +
                 static_cast<double>(minimumPages - pagesOfList));
  std::printf("%-12d %8zu %6llu/%-6ld %6llu/2 %9.3f %9.3f %6.2fx %10.0f\n", concurrency,
              all.value().size(), static_cast<unsigned long long>(pages.attempts), minimumPages,
              static_cast<unsigned long long>(tokens.attempts), seconds, bound, seconds / bound,
              all.value().size() / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parseArgs(argc, argv);
  bench::printMachine();
  testing::TempDir dir;
  testing::EmulatorProcess emulator(testing::EmulatorProcess::Options{
      bench::fixtureWithMembers(dir, args.members),
      {"--latency-ms", std::to_string(args.latencyMs), "--max-page-size", "1000"}});

  std::printf("list all members: %d members, %d ms latency, page size %d\n", args.members,
              args.latencyMs, args.pageSize);
  std::printf("%-12s %8s %13s %8s %9s %9s %7s %10s\n", "concurrency", "members", "A5 calls/min",
              "tokens", "wall s", "bound s", "ratio", "members/s");
  runOnce(emulator, args, 8);
  runOnce(emulator, args, 1);
  std::printf("peak RSS of this process: %ld KiB\n", bench::peakRssKb());
  return 0;
}
