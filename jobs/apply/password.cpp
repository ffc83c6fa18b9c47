#include "jobs/apply/password.h"

#include <cctype>
#include <stdexcept>
#include <string>

namespace membersync::apply {

Secret generatePassword(RandomSource& random, std::size_t length) {
  if (length < 2) throw std::invalid_argument("generatePassword: length must be at least 2");
  static const std::string kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  for (;;) {
    std::string password;
    password.reserve(length);
    bool letter = false;
    bool digit = false;
    for (std::size_t i = 0; i < length; ++i) {
      const char c = kAlphabet[random.uniform(kAlphabet.size())];
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
