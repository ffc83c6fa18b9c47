#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "jobs/core/random_source.h"
#include "jobs/core/secret.h"

namespace membersync::apply {

// Initial passwords of `length` ASCII letters and digits, drawn uniformly from the random
// source, each with at least one letter and one digit (a draw without both is drawn again).
// The random bytes come from one pool refilled a block at a time: a first sync makes thousands
// of passwords, and one system call each cost more than the rest of making them. The pool's
// unused bytes are wiped when the generator goes. Not thread-safe (nor is a RandomSource).
class PasswordGenerator {
 public:
  // length must be at least 2 (std::invalid_argument); the configuration allows 8 to 64.
  // `count`: how many passwords are wanted, which sizes the blocks drawn.
  PasswordGenerator(RandomSource& random, std::size_t length, std::size_t count);
  ~PasswordGenerator();
  PasswordGenerator(const PasswordGenerator&) = delete;
  PasswordGenerator& operator=(const PasswordGenerator&) = delete;

  Secret next();

 private:
  std::uint8_t nextByte();

  RandomSource& random_;
  std::size_t length_;
  std::size_t block_;
  std::vector<std::uint8_t> pool_;
  std::size_t used_ = 0;
};

// One password from a generator of its own (a password reset's).
Secret generatePassword(RandomSource& random, std::size_t length);

}  // namespace membersync::apply
