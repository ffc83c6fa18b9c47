#include "jobs/core/random_source.h"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace membersync {

std::vector<std::uint8_t> RandomSource::bytes(std::size_t n) {
  std::vector<std::uint8_t> out(n);
  if (n > 0) fill(out.data(), n);
  return out;
}

std::uint64_t RandomSource::uniform(std::uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("RandomSource::uniform: bound must be positive");
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = max - (max % bound);  // values >= limit would bias the result
  for (;;) {
    std::uint64_t v = 0;
    fill(reinterpret_cast<std::uint8_t*>(&v), sizeof v);
    if (v < limit) return v % bound;
  }
}

std::string RandomSource::hex(std::size_t nBytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(nBytes * 2);
  for (std::uint8_t b : bytes(nBytes)) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 0x0f]);
  }
  return out;
}

void SystemRandom::fill(std::uint8_t* out, std::size_t n) {
  std::size_t done = 0;
  while (done < n) {
    ssize_t got = getrandom(out + done, n - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("getrandom failed: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(got);
  }
}

}  // namespace membersync
