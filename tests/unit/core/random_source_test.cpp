#include "jobs/core/random_source.h"

#include <catch2/catch.hpp>
#include <set>

using membersync::RandomSource;
using membersync::SystemRandom;

namespace {
// Replays a fixed byte sequence, so bias and rejection paths can be driven exactly.
class ScriptedRandom final : public RandomSource {
 public:
  explicit ScriptedRandom(std::vector<std::uint8_t> script) : script_(std::move(script)) {}
  void fill(std::uint8_t* out, std::size_t n) override {
    for (std::size_t i = 0; i < n; ++i) out[i] = script_[pos_++ % script_.size()];
  }

 private:
  std::vector<std::uint8_t> script_;
  std::size_t pos_ = 0;
};
}  // namespace

TEST_CASE("random: hex gives two lower-case digits per byte", "[core]") {
  ScriptedRandom r({0x00, 0xff, 0x0a});
  CHECK(r.hex(3) == "00ff0a");
}

TEST_CASE("random: the system source does not repeat 128-bit values", "[core]") {
  SystemRandom r;
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(r.hex(16));
  CHECK(seen.size() == 1000);
}

TEST_CASE("random: uniform rejects the biased top of the range instead of wrapping", "[core]") {
  // All 0xff bytes is the maximum uint64, which lies in the rejected tail for bound 3;
  // the next draw (all 0x01) must be used instead.
  std::vector<std::uint8_t> script(8, 0xff);
  script.insert(script.end(), 8, 0x01);
  ScriptedRandom r(script);
  CHECK(r.uniform(3) == 0x0101010101010101ULL % 3);
}

TEST_CASE("random: uniform stays below its bound", "[core]") {
  SystemRandom r;
  for (int i = 0; i < 1000; ++i) CHECK(r.uniform(62) < 62);
  CHECK_THROWS(r.uniform(0));
}
