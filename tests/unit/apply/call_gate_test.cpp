// CallGate: the adds phase's bound on A1 calls on the wire, and its last look at a stop.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "jobs/apply/call_gate.h"

using namespace membersync;

namespace {

std::optional<center::Error> never() { return std::nullopt; }

// Waits, re-checking every millisecond, until `done` holds; the generous time-out only bounds a
// broken gate's failure.
template <class Done>
bool within60s(std::mutex& m, std::condition_variable& cv, Done done) {
  std::unique_lock<std::mutex> lock(m);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!done() && std::chrono::steady_clock::now() < deadline)
    cv.wait_for(lock, std::chrono::milliseconds(1));
  return done();
}

// A caller of take() on a thread of its own; what it got is read once finish() returns.
struct Taker {
  Taker(apply::CallGate& g, std::mutex& mutex, std::condition_variable& changed)
      : gate(g), m(mutex), cv(changed), thread([this] {
          auto taken = gate.take();
          std::lock_guard<std::mutex> lock(m);
          got = std::move(taken);
          done = true;
          cv.notify_all();
        }) {}
  // Whether the take returned. When it did not, a slot given here frees the thread, so that the
  // test fails instead of hanging.
  bool finish() {
    const bool returned = within60s(m, cv, [&] { return done; });
    if (!returned) gate.give();
    thread.join();
    return returned;
  }

  apply::CallGate& gate;
  std::mutex& m;
  std::condition_variable& cv;
  bool done = false;
  std::optional<center::Error> got;
  std::thread thread;  // last: it starts once the members above are made
};

}  // namespace

TEST_CASE("call gate: no more callers hold a slot at once than it has, the others wait",
          "[apply]") {
  apply::CallGate gate(2, never);
  std::mutex m;
  std::condition_variable cv;
  int holding = 0, most = 0;
  bool release = false;
  std::atomic<int> withheld{0};  // Catch's assertions are not for other threads: counted here
  std::vector<std::thread> threads;
  for (int i = 0; i < 6; ++i) {
    threads.emplace_back([&] {
      if (gate.take()) ++withheld;
      {
        std::unique_lock<std::mutex> lock(m);
        most = std::max(most, ++holding);
        cv.notify_all();
        cv.wait_for(lock, std::chrono::seconds(60), [&] { return release; });
        --holding;
      }
      gate.give();
    });
  }
  // gate.waiting() changes without a notification: hence the polling wait.
  const bool settled = within60s(m, cv, [&] { return holding == 2 && gate.waiting() == 4; });
  {
    std::lock_guard<std::mutex> lock(m);
    release = true;
  }
  cv.notify_all();
  for (auto& t : threads) t.join();
  CHECK(settled);
  CHECK(withheld == 0);
  CHECK(most == 2);
  CHECK(gate.waiting() == 0);
}

TEST_CASE("call gate: a caller that gets its slot once the run is stopping is withheld, and the "
          "slot is free again",
          "[apply]") {
  std::atomic<bool> stopping{false};
  apply::CallGate gate(1, [&]() -> std::optional<center::Error> {
    if (!stopping) return std::nullopt;
    center::Error e;
    e.code = "cancelled";
    return e;
  });
  REQUIRE_FALSE(gate.take());  // this thread holds the only slot

  std::mutex m;
  std::condition_variable cv;
  Taker waiter(gate, m, cv);
  CHECK(within60s(m, cv, [&] { return gate.waiting() == 1; }));
  stopping = true;  // the stop comes while the waiter waits for the slot
  gate.give();
  REQUIRE(waiter.finish());
  REQUIRE(waiter.got);
  CHECK(waiter.got->code == "cancelled");

  // The withheld caller gave its slot back: the next caller gets it.
  stopping = false;
  Taker next(gate, m, cv);
  CHECK(next.finish());
  CHECK_FALSE(next.got);
}
