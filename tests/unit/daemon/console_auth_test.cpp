// The console's sign-in pieces on a ManualClock: sessions (a new id at sign-in, idle and
// absolute expiry), the throttle of failed sign-ins, tokens, password hashes (with the dummy for
// unknown names) and the users file.

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <fstream>

#include "daemon/console/auth/password_hash.h"
#include "daemon/console/auth/sessions.h"
#include "daemon/console/auth/users_file.h"
#include "jobs/core/manual_clock.h"
#include "jobs/core/random_source.h"
#include "tests/support/temp_dir.h"

using namespace membersync;
using namespace membersync::console;
using namespace std::chrono_literals;

namespace {

// The cheapest Argon2id: these tests are about the logic, not the cost (the default is 64 MiB).
const HashCost kCheap{8, 1, 1};

}  // namespace

TEST_CASE("console sessions: each sign-in gets a new random id and token", "[console]") {
  ManualClock clock;
  SystemRandom random;
  Sessions sessions(clock, random);
  const Session a = sessions.create("alice", "approver:h");
  const Session b = sessions.create("alice", "approver:h");
  CHECK(a.id.size() == 64);  // 32 bytes, hex
  CHECK(a.id != b.id);
  CHECK(a.csrf != a.id);
  CHECK(sessions.find(a.id).has_value());
  CHECK_FALSE(sessions.find("0123").has_value());
}

TEST_CASE("console sessions: idle for 30 minutes, a session is gone", "[console]") {
  ManualClock clock;
  SystemRandom random;
  Sessions sessions(clock, random);
  const Session s = sessions.create("alice", "viewer:h");
  clock.advance(29min);
  REQUIRE(sessions.find(s.id).has_value());  // a request resets the idle time
  clock.advance(29min);
  REQUIRE(sessions.find(s.id).has_value());
  clock.advance(30min);
  CHECK_FALSE(sessions.find(s.id).has_value());
}

TEST_CASE("console sessions: a busy session still ends after 12 hours", "[console]") {
  ManualClock clock;
  SystemRandom random;
  Sessions sessions(clock, random);
  const Session s = sessions.create("alice", "viewer:h");
  for (int i = 0; i < 47; ++i) {
    clock.advance(15min);
    REQUIRE(sessions.find(s.id).has_value());
  }
  clock.advance(15min);  // 12 h
  CHECK_FALSE(sessions.find(s.id).has_value());
}

TEST_CASE("console sessions: sign-out ends the session", "[console]") {
  ManualClock clock;
  SystemRandom random;
  Sessions sessions(clock, random);
  const Session s = sessions.create("alice", "viewer:h");
  sessions.end(s.id);
  CHECK_FALSE(sessions.find(s.id).has_value());
}

TEST_CASE("console throttle: failures double the wait from 1 s to 15 minutes, a success resets",
          "[console]") {
  ManualClock clock;
  Throttle throttle(clock);
  CHECK_FALSE(throttle.blocked("name:alice"));
  throttle.failed("name:alice");
  CHECK(throttle.blocked("name:alice"));
  CHECK_FALSE(throttle.blocked("name:bob"));
  clock.advance(1s);
  CHECK_FALSE(throttle.blocked("name:alice"));
  throttle.failed("name:alice");  // second: 2 s
  clock.advance(1s);
  CHECK(throttle.blocked("name:alice"));
  clock.advance(1s);
  CHECK_FALSE(throttle.blocked("name:alice"));
  for (int i = 0; i < 20; ++i) throttle.failed("name:alice");
  clock.advance(15min - 1s);
  CHECK(throttle.blocked("name:alice"));
  clock.advance(1s);  // never longer than 15 minutes: no permanent lock-out
  CHECK_FALSE(throttle.blocked("name:alice"));
  throttle.failed("name:alice");
  throttle.succeeded("name:alice");
  CHECK_FALSE(throttle.blocked("name:alice"));
}

TEST_CASE("console tokens: compared whole, an empty one never matches", "[console]") {
  CHECK(sameToken("abc", "abc"));
  CHECK_FALSE(sameToken("abc", "abd"));
  CHECK_FALSE(sameToken("abc", "ab"));
  CHECK_FALSE(sameToken("", ""));
}

TEST_CASE("console passwords: Argon2id PHC strings, verified, the default cost is m=64 MiB t=3 p=1",
          "[console]") {
  const std::string phc = hashPassword("correct horse", kCheap);
  CHECK(phc.rfind("$argon2id$v=19$m=8,t=1,p=1$", 0) == 0);
  CHECK(verifyPassword(phc, "correct horse"));
  CHECK_FALSE(verifyPassword(phc, "correct horsE"));
  CHECK_FALSE(verifyPassword("plain text", "plain text"));
  const HashCost standard;
  CHECK(standard.memoryKiB == 65536);
  CHECK(standard.iterations == 3);
  CHECK(standard.lanes == 1);
  verifyAgainstDummy("anything");  // an unknown name: the same work, and no match
}

TEST_CASE("console users file: name:role:hash, a bad line names the file and line", "[console]") {
  const std::string h = "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA";
  const auto users = parseUsers("# users\nalice:approver:" + h + "\n\nbob:viewer:" + h + "\n", "u");
  REQUIRE(users.size() == 2);
  CHECK(users[0].role == Role::Approver);
  CHECK(users[1].role == Role::Viewer);
  CHECK_THROWS_WITH(parseUsers("alice:admin:" + h + "\n", "/etc/u"),
                    Catch::Contains("/etc/u:1:") && Catch::Contains("viewer or approver"));
  CHECK_THROWS_WITH(parseUsers("\nalice\n", "/etc/u"), Catch::Contains("/etc/u:2:"));
  CHECK_THROWS_WITH(parseUsers("alice:viewer:secret\n", "u"), Catch::Contains("Argon2id"));
  CHECK_THROWS_WITH(parseUsers("a:viewer:" + h + "\na:approver:" + h + "\n", "u"),
                    Catch::Contains("u:2:") && Catch::Contains("twice"));
}

TEST_CASE("console users file: written atomically with mode 0640 and read back", "[console]") {
  testing::TempDir dir;
  const std::string path = (dir.path() / "console-users").string();
  CHECK(readUsersFile(path).empty());  // none yet
  writeUsersFile(path, {{"alice", Role::Approver, hashPassword("pw-alice-123", kCheap)}});
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0640);
  const auto back = readUsersFile(path);
  REQUIRE(back.size() == 1);
  CHECK(back[0].name == "alice");
  CHECK(verifyPassword(back[0].hash, "pw-alice-123"));
}

TEST_CASE("console users file: re-read when it changes, a broken file means no users",
          "[console]") {
  testing::TempDir dir;
  const std::string path = (dir.path() / "console-users").string();
  writeUsersFile(path, {{"alice", Role::Approver, hashPassword("pw-alice-123", kCheap)}});
  UsersWatch watch(path);
  CHECK(watch.current()->size() == 1);
  writeUsersFile(path, {});
  CHECK(watch.current()->empty());
  std::ofstream(path) << "garbage\n";
  std::string problem;
  CHECK(watch.current(&problem)->empty());
  CHECK_THAT(problem, Catch::Contains(path + ":1:"));
}
