#pragma once

#include <cstdint>
#include <random>

#include "jobs/core/random_source.h"

namespace membersync::emulator {

// A reproducible RandomSource: the same seed gives the same global ids, tokens and fault
// choices. Not thread-safe (used under the Emulator's mutex).
class SeededRandom final : public RandomSource {
 public:
  explicit SeededRandom(std::uint64_t seed) : engine_(seed) {}

  void fill(std::uint8_t* out, std::size_t n) override;
  // True with probability p (0 never, 1 always).
  bool chance(double p);

 private:
  std::mt19937_64 engine_;
};

}  // namespace membersync::emulator
