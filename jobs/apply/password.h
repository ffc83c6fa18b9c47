#pragma once

#include <cstddef>

#include "jobs/core/random_source.h"
#include "jobs/core/secret.h"

namespace membersync::apply {

// An initial password of `length` ASCII letters and digits, drawn uniformly from the random
// source, with at least one letter and one digit (a draw without both is drawn again).
// length must be at least 2; the configuration allows 8 to 64.
Secret generatePassword(RandomSource& random, std::size_t length);

}  // namespace membersync::apply
