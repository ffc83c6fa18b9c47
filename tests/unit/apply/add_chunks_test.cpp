#include "jobs/apply/add_chunks.h"

#include <atomic>
#include <stdexcept>

#include "jobs/apply/parallel.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <mutex>
#include <set>

using membersync::apply::addInChunks;
using membersync::apply::AddObserver;
using membersync::apply::AddOutcome;
using namespace membersync::center;

namespace {

std::vector<NewMember> people(int n) {
  std::vector<NewMember> out;
  for (int i = 0; i < n; ++i) {
    NewMember m;
    m.account = "user" + std::to_string(i);
    m.name = "User " + std::to_string(i);
    out.push_back(m);
  }
  return out;
}

MemberRecord record(const std::string& account) {
  MemberRecord r;
  r.userName = account + "@acme";
  r.globalId = "g-" + account;
  return r;
}

Error error(ErrorKind kind, const std::string& code) {
  Error e;
  e.endpoint = "A1 add members";
  e.kind = kind;
  e.code = code;
  e.message = "refused";
  return e;
}

// A fake center: refuses a whole request holding any account in `bad` (10003), accepts the rest.
struct FakeCenter {
  std::set<std::string> bad;
  std::vector<std::size_t> requestSizes;
  std::mutex mutex;

  Result<AddMembersResult> operator()(const std::vector<NewMember>& batch) {
    std::lock_guard<std::mutex> lock(mutex);
    requestSizes.push_back(batch.size());
    for (const auto& m : batch) {
      if (bad.count(m.account)) return Result<AddMembersResult>::failure(error(ErrorKind::BadInput, "10003"));
    }
    AddMembersResult r;
    for (const auto& m : batch) r.succeeded.push_back(record(m.account));
    return Result<AddMembersResult>::success(r);
  }
};

}  // namespace

TEST_CASE("adds: 250 rows go out as 3 requests of at most 100", "[apply]") {
  FakeCenter center;
  auto outcomes = addInChunks(people(250), 100, 4, "@acme",
                              [&](const auto& b) { return center(b); });
  std::sort(center.requestSizes.begin(), center.requestSizes.end());
  CHECK(center.requestSizes == std::vector<std::size_t>{50, 100, 100});
  for (const auto& o : outcomes) CHECK(o.status == AddOutcome::Status::Created);
  CHECK(outcomes[249].member->globalId == "g-user249");
}

TEST_CASE("adds: a chunk refused whole is split until the bad row stands alone", "[apply]") {
  FakeCenter center;
  center.bad = {"user37"};
  auto outcomes = addInChunks(people(100), 100, 1, "@acme",
                              [&](const auto& b) { return center(b); });
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    INFO(i);
    CHECK(outcomes[i].status ==
          (i == 37 ? AddOutcome::Status::Refused : AddOutcome::Status::Created));
  }
  CHECK(outcomes[37].code == "10003");
  // Halving costs about 2 * log2(100) requests, not one per row.
  CHECK(center.requestSizes.size() <= 15);
}

TEST_CASE("adds: a 60027 answer marks each row created or refused", "[apply]") {
  auto send = [](const std::vector<NewMember>& batch) {
    AddMembersResult r;
    r.succeeded.push_back(record(batch[0].account));
    r.failed.push_back(FailedMember{batch[1].account + "@acme", "account already exists", ""});
    return Result<AddMembersResult>::success(r);
  };
  auto outcomes = addInChunks(people(3), 100, 1, "@acme", send);
  CHECK(outcomes[0].status == AddOutcome::Status::Created);
  CHECK(outcomes[1].status == AddOutcome::Status::Refused);
  CHECK(outcomes[1].message == "account already exists");
  // Neither listed as created nor as failed: unknown, settled later by reading.
  CHECK(outcomes[2].status == AddOutcome::Status::Unknown);
}

TEST_CASE("adds: a lost answer makes every row of that request unknown, sent once", "[apply]") {
  int calls = 0;
  auto send = [&](const std::vector<NewMember>&) {
    ++calls;
    Error e;
    e.kind = ErrorKind::RetryLater;
    return Result<AddMembersResult>::unknown(e);
  };
  auto outcomes = addInChunks(people(5), 100, 1, "@acme", send);
  CHECK(calls == 1);
  for (const auto& o : outcomes) CHECK(o.status == AddOutcome::Status::Unknown);
}

TEST_CASE("adds: a quota refusal is retried later for every row, not split", "[apply]") {
  int calls = 0;
  auto send = [&](const std::vector<NewMember>&) {
    ++calls;
    return Result<AddMembersResult>::failure(error(ErrorKind::Configuration, "60009"));
  };
  auto outcomes = addInChunks(people(4), 100, 1, "@acme", send);
  CHECK(calls == 1);
  for (const auto& o : outcomes) CHECK(o.status == AddOutcome::Status::RetryLater);
}

TEST_CASE("adds: every request is announced before it is sent", "[apply]") {
  FakeCenter center;
  center.bad = {"user2"};
  std::vector<std::size_t> announced;
  std::mutex m;
  AddObserver observer;
  observer.sending = [&](const std::vector<std::size_t>& idx) {
    std::lock_guard<std::mutex> lock(m);
    announced.insert(announced.end(), idx.begin(), idx.end());
  };
  addInChunks(people(4), 100, 1, "@acme", [&](const auto& b) { return center(b); }, observer);
  // 4 rows, then 2 + 2, then 1 + 1 for the half holding the bad row.
  CHECK(announced.size() == 4 + 4 + 2);
}

TEST_CASE("adds: each decided row is answered once and before it is finished", "[apply]") {
  FakeCenter center;
  center.bad = {"user2"};
  std::vector<int> answered(4, 0);
  std::vector<bool> answeredBeforeFinished(4, false);
  AddObserver observer;  // one worker: no lock needed
  observer.answered = [&](const std::vector<std::size_t>& idx, const std::vector<AddOutcome>& o) {
    REQUIRE(idx.size() == o.size());
    for (std::size_t i : idx) ++answered[i];
  };
  observer.finished = [&](std::size_t i, const AddOutcome&) {
    answeredBeforeFinished[i] = answered[i] == 1;
  };
  addInChunks(people(4), 100, 1, "@acme", [&](const auto& b) { return center(b); }, observer);
  // The whole refusals that were split decide nothing: only the final requests answer rows.
  CHECK(answered == std::vector<int>{1, 1, 1, 1});
  CHECK(answeredBeforeFinished == std::vector<bool>{true, true, true, true});
}

TEST_CASE("parallel: an exception in a worker reaches the caller after every thread is joined",
          "[apply]") {
  std::atomic<int> running{0};
  std::atomic<int> calls{0};
  auto run = [&] {
    membersync::apply::parallelFor(100, 4, [&](std::size_t i) {
      ++running;
      ++calls;
      if (i == 10) {
        --running;
        throw std::runtime_error("state database is locked");
      }
      --running;
    });
  };
  CHECK_THROWS_WITH(run(), "state database is locked");
  CHECK(running.load() == 0);  // every call had returned: every thread was joined
  CHECK(calls.load() >= 11);   // index 10 and, on whichever threads, the calls before it
}

TEST_CASE("parallel: no index starts after a call has thrown", "[apply]") {
  // One worker makes the order fixed: indices 0..10, then nothing.
  std::vector<std::size_t> started;
  auto run = [&] {
    membersync::apply::parallelFor(100, 1, [&](std::size_t i) {
      started.push_back(i);
      if (i == 10) throw std::runtime_error("state database is locked");
    });
  };
  CHECK_THROWS_WITH(run(), "state database is locked");
  CHECK(started.size() == 11);
  CHECK(started.back() == 10);
}

TEST_CASE("parallel: no index starts after the stop flag is seen", "[apply]") {
  std::atomic<bool> stop{false};
  std::vector<std::size_t> started;
  membersync::apply::parallelFor(
      100, 1,
      [&](std::size_t i) {
        started.push_back(i);
        if (i == 5) stop = true;
      },
      &stop);
  CHECK(started.size() == 6);
}

TEST_CASE("parallel: with several workers every index runs exactly once", "[apply]") {
  std::vector<std::atomic<int>> seen(1000);
  membersync::apply::parallelFor(1000, 4, [&](std::size_t i) { ++seen[i]; });
  for (const auto& s : seen) CHECK(s.load() == 1);
}
