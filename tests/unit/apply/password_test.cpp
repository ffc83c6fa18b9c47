#include "jobs/apply/password.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <set>
#include <vector>


using membersync::RandomSource;
using membersync::Secret;
using membersync::SystemRandom;
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

namespace {
// A deterministic stream of well-mixed bytes (xorshift64), with the size of every draw kept.
class CountingBytes final : public RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) {
      state_ ^= state_ << 13;
      state_ ^= state_ >> 7;
      state_ ^= state_ << 17;
      out[i] = static_cast<std::uint8_t>(state_ >> 56);
    }
    draws.push_back(n);
  }
  std::vector<std::size_t> draws;

 private:
  std::uint64_t state_ = 0x9E3779B97F4A7C15ull;
};
}  // namespace

TEST_CASE("password: a generator for many passwords draws its random bytes a block at a time, "
          "each password from bytes no other used",
          "[apply]") {
  CountingBytes random;
  membersync::apply::PasswordGenerator passwords(random, 16, 1000);
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(passwords.next().reveal());
  CHECK(seen.size() == 1000);
  // Some 17,500 bytes (16,000 characters, the bytes skipped and the passwords drawn again
  // without a digit) in blocks of 4,096: a handful of draws, not one a password.
  CHECK(random.draws.size() <= 6);
  for (std::size_t n : random.draws) CHECK(n == 4096);

  CountingBytes one;
  CHECK(generatePassword(one, 12).reveal().size() == 12);
  REQUIRE_FALSE(one.draws.empty());
  CHECK(one.draws.front() == 24);  // a single password draws twice its length at a time
}
