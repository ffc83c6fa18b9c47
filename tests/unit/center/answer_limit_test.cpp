// The size limit of [center] max_answer_mb (AnswerMeter), the large-answer permit, the deadline
// watch, and how the Session classifies an answer that was refused for its size.
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "jobs/center/answer_meter.h"
#include "jobs/center/deadline_watch.h"
#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;
using Catch::Contains;
using Verdict = AnswerMeter::Verdict;

namespace {

constexpr std::uint64_t kMiB = 1 << 20;

// Feeds `total` bytes through the meter in reads of `chunk`, as a transport would; returns the
// last verdict and counts the times it said BecameLarge.
Verdict feed(AnswerMeter& meter, std::uint64_t total, std::size_t chunk, int& becameLarge) {
  Verdict v = meter.announced(std::nullopt);
  std::uint64_t left = total;
  while (v != Verdict::Refuse) {
    const std::size_t want = meter.nextRead(chunk);
    const std::size_t got = static_cast<std::size_t>(std::min<std::uint64_t>(want, left));
    left -= got;
    v = meter.received(got);
    if (v == Verdict::BecameLarge) ++becameLarge;
    if (got < want) break;
  }
  return v;
}

}  // namespace

TEST_CASE("answer limit: an announced length over max_answer_mb is refused before any byte is read",
          "[center][limits]") {
  AnswerMeter meter(64, 4 * kMiB);
  CHECK(meter.announced(std::uint64_t{1} << 30) == Verdict::Refuse);
  CHECK(meter.bytesRead() == 0);
  CHECK_THAT(meter.refusal(), Contains("answer larger than [center] max_answer_mb = 64 MB") &&
                                  Contains("announced 1073741824 bytes and was not read") &&
                                  Contains("raise max_answer_mb"));
}

TEST_CASE(
    "answer limit: an announced length at the limit is read, and over the threshold it is large",
    "[center][limits]") {
  AnswerMeter exact(1, 4 * kMiB);
  CHECK(exact.announced(kMiB) == Verdict::Read);  // 1 MiB under a 4 MiB threshold
  AnswerMeter large(64, 4 * kMiB);
  CHECK(large.announced(5 * kMiB) == Verdict::BecameLarge);
  AnswerMeter small(64, 4 * kMiB);
  CHECK(small.announced(1000) == Verdict::Read);
}

TEST_CASE(
    "answer limit: a chunked answer is refused once one byte past the limit has arrived, never "
    "more",
    "[center][limits]") {
  for (std::size_t chunk : {std::size_t{1000}, std::size_t{65536}, std::size_t{3 * kMiB}}) {
    AnswerMeter meter(2, 4 * kMiB);
    int large = 0;
    CHECK(feed(meter, 100 * kMiB, chunk, large) == Verdict::Refuse);
    CHECK(meter.bytesRead() == 2 * kMiB + 1);
    CHECK_THAT(meter.refusal(), Contains("[center] max_answer_mb = 2 MB") &&
                                    Contains("refused after reading 2097153 bytes"));
  }
}

TEST_CASE("answer limit: an answer of exactly max_answer_mb is read whole", "[center][limits]") {
  AnswerMeter meter(1, 4 * kMiB);
  int large = 0;
  CHECK(feed(meter, kMiB, 65536, large) == Verdict::Read);
  CHECK(meter.bytesRead() == kMiB);
}

TEST_CASE("answer limit: a chunked answer becomes large once, when it passes the threshold",
          "[center][limits]") {
  AnswerMeter meter(64, 4 * kMiB);
  int large = 0;
  CHECK(feed(meter, 10 * kMiB, 65536, large) == Verdict::Read);
  CHECK(large == 1);
  AnswerMeter under(64, 4 * kMiB);
  int none = 0;
  CHECK(feed(under, 4 * kMiB, 65536, none) == Verdict::Read);
  CHECK(none == 0);
}

TEST_CASE("answer limit: the large-answer permit is held by one answer at a time",
          "[center][limits]") {
  LargeAnswerGate gate;
  auto first = gate.tryAcquire();
  REQUIRE(first);
  CHECK_FALSE(gate.tryAcquire());
  auto copy = first;  // travels with the answer into its envelope
  first.reset();
  CHECK_FALSE(gate.tryAcquire());  // the envelope still holds it
  copy.reset();
  CHECK(gate.tryAcquire());
}

TEST_CASE("answer limit: a read whose answer was too large fails as a protocol error, not retried",
          "[center][limits]") {
  Rig rig;
  rig.service.push(
      TransportResult::tooLarge(200, "answer larger than [center] max_answer_mb = 64 MB (x)"));
  auto assets = rig.members.listAssetNumbers();
  REQUIRE(assets.failed());
  CHECK(assets.error().kind == ErrorKind::Protocol);
  CHECK_THAT(assets.error().message, Contains("max_answer_mb"));
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("answer limit: a write whose answer was too large is in doubt, to settle by reading",
          "[center][limits]") {
  Rig rig;
  rig.service.push(
      TransportResult::tooLarge(200, "answer larger than [center] max_answer_mb = 64 MB (x)"));
  auto added = rig.members.addMembers({NewMember{"a", membersync::Secret("Passw0rd1234"),
                                                 std::nullopt, "A", std::nullopt, std::nullopt}});
  CHECK(added.outcome() == Outcome::Unknown);
  CHECK_THAT(added.error().message, Contains("max_answer_mb"));
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("deadline watch: a socket past its deadline is shut down, and a blocked read returns",
          "[center][limits]") {
  int fds[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
  DeadlineWatch watch;
  {
    auto guard = watch.watch(fds[0], DeadlineWatch::Clock::now());
    char c = 0;
    CHECK(::recv(fds[0], &c, 1, 0) == 0);  // blocks until the watch shuts the socket down
    CHECK(guard.expired());
  }
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST_CASE("deadline watch: a socket whose exchange ended in time is left open and usable",
          "[center][limits]") {
  int fds[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
  DeadlineWatch watch;
  {
    auto guard = watch.watch(fds[0], DeadlineWatch::Clock::now() + std::chrono::hours(1));
    guard.pause();
    guard.resume();
    CHECK_FALSE(guard.expired());
  }
  CHECK(::send(fds[1], "x", 1, 0) == 1);
  char c = 0;
  CHECK(::recv(fds[0], &c, 1, 0) == 1);
  CHECK(c == 'x');
  ::close(fds[0]);
  ::close(fds[1]);
}
