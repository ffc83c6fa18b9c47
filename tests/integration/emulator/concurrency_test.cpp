// The emulator serves calls at once instead of queueing them, so --latency-ms overlaps. Shown
// without measuring time: eight calls meet in /_emulator/rendezvous, which answers only when all
// eight are inside it together (a server that queued them would leave the first alone until its
// generous time-out, and it would answer "met": false).
#include <catch2/catch.hpp>

#include <future>
#include <vector>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;

TEST_CASE("emulator concurrency: eight calls are served together, not one after another",
          "[emulator][concurrency]") {
  EmulatorProcess emu;
  CenterClient client(emu);

  std::vector<std::future<std::string>> calls;
  for (int i = 0; i < 8; ++i) {
    calls.push_back(std::async(std::launch::async, [&client] {
      return client.call("GET", "/_emulator/rendezvous?parties=8&timeoutMs=60000").body;
    }));
  }
  for (auto& f : calls) CHECK(parseJson(f.get())->getValue<bool>("met"));
}

TEST_CASE("emulator concurrency: a rendezvous nobody else reaches times out and says so",
          "[emulator][concurrency]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  const auto answer = client.call("GET", "/_emulator/rendezvous?parties=2&timeoutMs=10");
  CHECK(answer.status == 200);
  CHECK_FALSE(parseJson(answer.body)->getValue<bool>("met"));
}

TEST_CASE("emulator concurrency: calls with latency all succeed and are counted once each",
          "[emulator][concurrency]") {
  EmulatorProcess::Options options;
  options.extraArgs = {"--latency-ms", "50"};
  EmulatorProcess emu(options);
  CenterClient client(emu);

  std::vector<std::future<int>> calls;
  for (int i = 0; i < 8; ++i) {
    calls.push_back(std::async(std::launch::async, [&client] {
      return client.call("GET", "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=5")
          .status;
    }));
  }
  for (auto& f : calls) CHECK(f.get() == 200);
  CHECK(parseJson(emu.stats())->getObject("endpoints")->getObject("A5")->getValue<int>("calls") ==
        8);
}
