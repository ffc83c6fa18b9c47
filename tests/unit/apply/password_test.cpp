#include "jobs/apply/password.h"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "jobs/apply/password_outbox.h"
#include "tests/support/temp_dir.h"

using membersync::RandomSource;
using membersync::Secret;
using membersync::SystemRandom;
using membersync::apply::FileOutbox;
using membersync::apply::generatePassword;

namespace {
// Returns the same byte forever: the first draws are all one character class.
class StuckRandom final : public RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) out[i] = calls_ < 64 ? 0 : static_cast<std::uint8_t>(i * 37 + calls_);
    ++calls_;
  }
  int calls_ = 0;
};

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("password: letters and digits of the asked length, both present", "[apply]") {
  SystemRandom random;
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    auto p = generatePassword(random, 16).reveal();
    REQUIRE(p.size() == 16);
    bool letter = false, digit = false;
    for (char c : p) {
      REQUIRE(std::isalnum(static_cast<unsigned char>(c)));
      letter |= std::isalpha(static_cast<unsigned char>(c)) != 0;
      digit |= std::isdigit(static_cast<unsigned char>(c)) != 0;
    }
    CHECK(letter);
    CHECK(digit);
    seen.insert(p);
  }
  CHECK(seen.size() == 200);
}

TEST_CASE("password: a draw without a digit is drawn again, not patched", "[apply]") {
  StuckRandom random;  // its first draws give only 'A'
  auto p = generatePassword(random, 8).reveal();
  CHECK(p != "AAAAAAAA");
  CHECK(p.size() == 8);
}

TEST_CASE("outbox: new file is 0600 with a header, lines appended in order", "[apply]") {
  membersync::testing::TempDir dir;
  const auto path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append("zhangwei", Secret("Abc12345"), "2026-11-21T02:00:00Z");
  outbox.append("lina", Secret("Xyz98765"), "2026-11-21T02:00:01Z");
  struct stat st {};
  REQUIRE(stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(read(path) ==
        "account,password,created,status\n"
        "zhangwei,Abc12345,2026-11-21T02:00:00Z,pending\n"
        "lina,Xyz98765,2026-11-21T02:00:01Z,pending\n");
}

TEST_CASE("outbox: set and void lines carry no password", "[apply]") {
  membersync::testing::TempDir dir;
  const auto path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append("zhangwei", Secret("Abc12345"), "t1");
  outbox.mark({"zhangwei"}, membersync::apply::OutboxMark::Set, "t2");
  outbox.mark({"lina", "wangfang"}, membersync::apply::OutboxMark::Void, "t3");
  CHECK(read(path) ==
        "account,password,created,status\n"
        "zhangwei,Abc12345,t1,pending\n"
        "zhangwei,,t2,set\n"
        "lina,,t3,void\n"
        "wangfang,,t3,void\n");
}

TEST_CASE("outbox: a file left world-readable is tightened before a password goes in",
          "[apply]") {
  membersync::testing::TempDir dir;
  const auto path = dir.write("outbox.csv", "account,password,created\n").string();
  chmod(path.c_str(), 0644);
  FileOutbox(path).append("zhangwei", Secret("Abc12345"), "t");
  struct stat st {};
  REQUIRE(stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
}

TEST_CASE("outbox: an unwritable location is an error naming the file and the key", "[apply]") {
  FileOutbox outbox("/nonexistent-dir/new-passwords.csv");
  CHECK_THROWS_WITH(outbox.append("a", Secret("Abc12345"), "t"),
                    Catch::Contains("/nonexistent-dir/new-passwords.csv") &&
                        Catch::Contains("password_outbox") && !Catch::Contains("Abc12345"));
}
