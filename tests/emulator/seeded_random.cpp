#include "tests/emulator/seeded_random.h"

namespace membersync::emulator {

void SeededRandom::fill(std::uint8_t* out, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    std::uint64_t word = engine_();
    for (int b = 0; b < 8 && i < n; ++b, ++i) {
      out[i] = static_cast<std::uint8_t>(word >> (8 * b));
    }
  }
}

bool SeededRandom::chance(double p) {
  if (p <= 0) return false;
  // 53 random bits as a double in [0, 1): exact, and the same on every platform.
  const double u = static_cast<double>(engine_() >> 11) * (1.0 / 9007199254740992.0);
  return u < p;
}

}  // namespace membersync::emulator
