#include "jobs/apply/password.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <set>


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
