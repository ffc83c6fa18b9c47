// The real membersync binary against the emulator's hostile answers: nothing the service sends
// can exhaust the machine. An answer that trickles in ends at [center] timeout_s; an answer
// larger than [center] max_answer_mb is refused after at most that many bytes (the client's
// count is in its error, the emulator's in /_emulator/stats); page objects whose counts do not add
// up fail the read. No assertion on elapsed time: a generous watchdog only keeps a hung run from
// hanging the suite.

#include <catch2/catch.hpp>

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <chrono>
#include <regex>
#include <string>
#include <thread>

#include "tests/integration/sync/sync_fixture.h"

namespace {

using namespace membersync::testing;
using Catch::Contains;
using Clock = std::chrono::steady_clock;

constexpr long long kMiB = 1 << 20;
// What the kernel may hold between the two ends of a loopback connection when the client stops
// reading (the emulator's send buffer is made small; the client's receive window is not): the
// emulator's count of bytes the connection accepted may exceed the client's by this much.
constexpr long long kSocketSlack = 8 * kMiB;

// Runs membersync; a run still going after `limit` is killed and fails the test.
CommandResult runGuarded(SyncFixture& f, const std::vector<std::string>& args,
                         std::chrono::seconds limit = std::chrono::seconds(240)) {
  auto child = launchCommand(membersyncExecutable(), f.commandLine(args));
  const auto until = Clock::now() + limit;
  while (child->running() && Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const bool hung = child->running();
  if (hung) child->kill();
  CommandResult r = child->wait();
  f.keep(r);
  INFO(r.err);
  REQUIRE_FALSE(hung);
  return r;
}

struct Streamed {
  long long answers = 0, finished = 0, cutShort = 0, bytes = 0;
};

Streamed streamed(const EmulatorProcess& emulator) {
  Poco::JSON::Parser parser;
  auto s = parser.parse(emulator.stats()).extract<Poco::JSON::Object::Ptr>()->getObject("streamed");
  return {s->getValue<long long>("answers"), s->getValue<long long>("finished"),
          s->getValue<long long>("cutShort"), s->getValue<long long>("bytes")};
}

// The emulator's counts once the `expected` answers it streamed have all ended (it learns that a
// peer left on its next write); waits at most a generous minute.
Streamed settled(const EmulatorProcess& emulator, long long expected) {
  const auto until = Clock::now() + std::chrono::seconds(60);
  Streamed s = streamed(emulator);
  while ((s.answers < expected || s.finished < s.answers) && Clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    s = streamed(emulator);
  }
  REQUIRE(s.answers == expected);
  REQUIRE(s.finished == expected);
  return s;
}

// The client's own count, from "refused after reading N bytes".
long long bytesReadByClient(const std::string& err) {
  static const std::regex kRead(R"(refused after reading (\d+) bytes)");
  std::smatch m;
  REQUIRE(std::regex_search(err, m, kRead));
  return std::stoll(m[1].str());
}

}  // namespace

TEST_CASE(
    "bounded: an answer that trickles in a byte at a time fails check at timeout_s, naming the key",
    "[bounded]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--drip-ms", "200"}});
  SyncOptions o;
  o.centerExtra = "timeout_s = 2\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(3));
  const auto r = runGuarded(f, {"check"});
  INFO(r.err);
  CHECK(r.exitCode == 1);
  // In A5, the first call that drips (the token endpoint does not).
  CHECK_THAT(r.err, Contains("no complete answer within [center] timeout_s = 2 s; raise it if "
                             "the link is slow"));
  const Streamed s = settled(emulator, stats(emulator).calls("A5"));
  CHECK(s.cutShort == s.answers);  // every attempt (a read is retried) was cut off
}

TEST_CASE("bounded: a sync against a service that trickles fails at timeout_s and writes nothing",
          "[bounded]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--drip-ms", "200"}});
  SyncOptions o;
  o.centerExtra = "timeout_s = 2\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(1));
  const auto r = runGuarded(f, {"sync"});
  INFO(r.err);
  CHECK(r.exitCode != 0);
  CHECK_THAT(r.err + r.out, Contains("[center] timeout_s = 2 s"));
  CHECK(stats(emulator).calls("A1") == 0);  // the member list never came, so nothing was written
}

TEST_CASE(
    "bounded: a huge chunked A6 answer is refused naming max_answer_mb, after at most that much",
    "[bounded]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--huge-answer-mb", "256"}});
  SyncOptions o;
  o.centerExtra = "max_answer_mb = 2\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(3));
  const auto r = runGuarded(f, {"check"});
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Contains("listing asset numbers") &&
                        Contains("answer larger than [center] max_answer_mb = 2 MB") &&
                        Contains("raise"));
  CHECK(bytesReadByClient(r.err) == 2 * kMiB + 1);
  CHECK(stats(emulator).calls("A6") == 1);  // the same answer would come again: not retried
  const Streamed s = settled(emulator, 1);
  CHECK(s.cutShort == 1);
  INFO("the emulator's connection accepted " << s.bytes << " bytes of a 256 MiB answer");
  CHECK(s.bytes <= 2 * kMiB + kSocketSlack);
}

TEST_CASE("bounded: a huge A6 answer that announces its length is refused unread", "[bounded]") {
  EmulatorProcess emulator(
      EmulatorProcess::Options{"", {"--huge-answer-mb", "256", "--huge-answer-length"}});
  SyncOptions o;
  o.centerExtra = "max_answer_mb = 2\n";
  SyncFixture f(emulator, o);
  f.writeHr(staff(3));
  const auto r = runGuarded(f, {"check"});
  INFO(r.err);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Contains("answer larger than [center] max_answer_mb = 2 MB (it announced") &&
                        Contains("bytes and was not read"));
  const Streamed s = settled(emulator, 1);
  CHECK(s.cutShort == 1);
  INFO("the emulator's connection accepted " << s.bytes << " bytes of a 256 MiB answer");
  CHECK(s.bytes <= 2 * kMiB + kSocketSlack);
}

TEST_CASE("bounded: a huge answer within max_answer_mb is read and used", "[bounded]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--huge-answer-mb", "6"}});
  SyncFixture f(emulator);  // max_answer_mb 128: a 6 MiB answer is large, read one at a time
  f.writeHr(staff(3));
  const auto r = runGuarded(f, {"check"});
  INFO(r.err);
  CHECK(r.exitCode == 0);
  // Every asset of the answer counted: the demo's 30 and the tens of thousands it adds (check
  // shows only the first 10).
  std::smatch counted;
  REQUIRE(std::regex_search(r.out, counted, std::regex("asset numbers: ([0-9]+) ")));
  CHECK(std::stoll(counted[1].str()) > 10000);
}

TEST_CASE("bounded: page objects whose counts do not add up fail check and sync, naming the counts",
          "[bounded]") {
  EmulatorProcess emulator(EmulatorProcess::Options{"", {"--bogus-pages"}});
  SyncFixture f(emulator);
  f.writeHr(staff(3));
  const auto check = runGuarded(f, {"check"});
  INFO(check.err);
  CHECK(check.exitCode == 1);
  CHECK_THAT(check.err,
             Contains("do not add up: pages is 1001, but total 6 in pages of 100 makes 1"));
  const auto sync = runGuarded(f, {"sync"});
  INFO(sync.err);
  CHECK(sync.exitCode == 1);
  CHECK_THAT(sync.err + sync.out, Contains("do not add up"));
  // Page 1: once by check, and by sync once ahead (one attempt, failed) and once by its list;
  // never the 1000 bogus pages.
  CHECK(stats(emulator).calls("A5") == 3);
  CHECK(stats(emulator).writes == 0);
  f.checkNoSecretLeaked();
}
