// The emulator serves calls at once instead of queueing them, so --latency-ms overlaps. Shown
// without measuring time: eight calls meet in /_emulator/rendezvous, which answers only when all
// eight are inside it together (a server that queued them would leave the first alone until its
// generous time-out, and it would answer "met": false).
#include <catch2/catch.hpp>

#include <chrono>
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

TEST_CASE("emulator: hold-writes with acted=true carries the later writes out and holds only "
          "their answers, until released",
          "[emulator][concurrency]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  emu.holdAnswersAfter(0);
  auto add = std::async(std::launch::async, [&client] {
    return client
        .call("POST", "/me/api/v1/enterprise/ENT-ACME-0001/member",
              R"({"userList":[{"userName":"wuyi","password":"abcdefgh1","name":"Wu Yi"}]})")
        .status;
  });
  // The member list shows the add (a read is never held) while its answer waits: polled, with a
  // generous bound.
  bool listed = false;
  for (int polls = 0; polls < 100000 && !listed; ++polls) {
    const auto list = client.call(
        "GET", "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=1&pageSize=5&keyword=wuyi");
    listed = parseJson(list.body)->getObject("data")->getArray("list")->size() == 1;
  }
  CHECK(listed);
  CHECK(add.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);  // still held
  emu.releaseWrites();
  CHECK(add.get() == 200);
}
