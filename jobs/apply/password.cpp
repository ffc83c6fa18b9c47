#include "jobs/apply/password.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

namespace membersync::apply {
namespace {

const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
constexpr std::size_t kLargestBlock = 4096;  // some 250 passwords of 16 characters a refill

}  // namespace

PasswordGenerator::PasswordGenerator(RandomSource& random, std::size_t length, std::size_t count)
    : random_(random), length_(length) {
  if (length < 2) throw std::invalid_argument("generatePassword: length must be at least 2");
  // Twice the characters asked for covers the skipped bytes and most redraws.
  block_ = std::max(2 * length, std::min(2 * length * std::max<std::size_t>(count, 1), kLargestBlock));
}

PasswordGenerator::~PasswordGenerator() {
  // Volatile, so that the wipe of a buffer about to be freed is not optimised away.
  volatile std::uint8_t* bytes = pool_.data();
  for (std::size_t i = 0; i < pool_.size(); ++i) bytes[i] = 0;
}

std::uint8_t PasswordGenerator::nextByte() {
  if (used_ == pool_.size()) {
    pool_.resize(std::max(block_, pool_.size()));
    random_.fill(pool_.data(), pool_.size());  // over the used bytes: nothing of them is left
    used_ = 0;
  }
  return pool_[used_++];
}

Secret PasswordGenerator::next() {
  // A byte below 248 = 4 x 62 picks a character without bias; a byte above is skipped.
  const std::size_t usable = 4 * kAlphabet.size();
  for (;;) {
    std::string password;
    password.reserve(length_);
    bool letter = false;
    bool digit = false;
    while (password.size() < length_) {
      const std::uint8_t b = nextByte();
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

Secret generatePassword(RandomSource& random, std::size_t length) {
  return PasswordGenerator(random, length, 1).next();
}

}  // namespace membersync::apply
