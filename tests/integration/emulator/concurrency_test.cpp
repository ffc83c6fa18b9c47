// --latency-ms is served concurrently: eight clients waiting at once take about one latency,
// not eight. (The bound is loose on purpose; serialised calls would take 8 x 250 ms.)
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <vector>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;

TEST_CASE("emulator concurrency: calls with latency overlap instead of queueing",
          "[emulator][concurrency]") {
  EmulatorProcess::Options options;
  options.extraArgs = {"--latency-ms", "250"};
  EmulatorProcess emu(options);
  CenterClient client(emu);  // logging in is slowed down too: once is enough

  const auto start = std::chrono::steady_clock::now();
  std::vector<std::future<int>> calls;
  for (int i = 0; i < 8; ++i) {
    calls.push_back(std::async(std::launch::async, [&client] {
      return client.call("GET", "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=5")
          .status;
    }));
  }
  for (auto& f : calls) CHECK(f.get() == 200);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(elapsed < std::chrono::milliseconds(1000));
  CHECK(parseJson(emu.stats())->getObject("endpoints")->getObject("A5")->getValue<int>("calls") ==
        8);
}
