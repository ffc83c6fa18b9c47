#include "jobs/apply/password.h"

#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace membersync::apply {

Secret generatePassword(RandomSource& random, std::size_t length) {
  if (length < 2) throw std::invalid_argument("generatePassword: length must be at least 2");
  static const std::string kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  // Random bytes are drawn a password's worth at a time (one system call, not one a character:
  // a first sync generates thousands). A byte below 248 = 4 x 62 picks a character without bias;
  // a byte above is skipped.
  const std::size_t usable = 4 * kAlphabet.size();
  std::vector<std::uint8_t> pool;
  std::size_t next = 0;
  for (;;) {
    std::string password;
    password.reserve(length);
    bool letter = false;
    bool digit = false;
    while (password.size() < length) {
      if (next == pool.size()) {
        pool = random.bytes(2 * length);
        next = 0;
      }
      const std::uint8_t b = pool[next++];
      if (b >= usable) continue;
      const char c = kAlphabet[b % kAlphabet.size()];
      letter = letter || std::isalpha(static_cast<unsigned char>(c));
      digit = digit || std::isdigit(static_cast<unsigned char>(c));
      password.push_back(c);
    }
    // Redrawing the whole password (rather than patching one position) keeps every accepted
    // password equally likely.
    if (letter && digit) return Secret(std::move(password));
  }
}

}  // namespace membersync::apply
