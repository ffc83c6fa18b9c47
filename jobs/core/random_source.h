#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace membersync {

// The source of every random choice that matters: g_nonce values, generated passwords and
// retry jitter. Passed in, so a test can make it repeat on purpose (a replayed nonce).
class RandomSource {
 public:
  virtual ~RandomSource() = default;
  // Fills `out` with `n` random bytes. Throws std::runtime_error if the source fails.
  virtual void fill(std::uint8_t* out, std::size_t n) = 0;

  std::vector<std::uint8_t> bytes(std::size_t n);
  // A uniformly distributed integer in [0, bound); bound > 0. Rejection sampling, no modulo bias.
  std::uint64_t uniform(std::uint64_t bound);
  // `nBytes` random bytes as lower-case hex (2 * nBytes characters).
  std::string hex(std::size_t nBytes);
};

// The kernel's CSPRNG (getrandom(2)). Thread-safe.
class SystemRandom final : public RandomSource {
 public:
  void fill(std::uint8_t* out, std::size_t n) override;
};

}  // namespace membersync
