#pragma once

#include <string>

namespace membersync::console {

// Argon2id password hashes as PHC strings ("$argon2id$v=19$m=65536,t=3,p=1$salt$hash"), through
// libargon2. Each hash needs 64 MiB for a fraction of a second: at most two are computed at once
// (the others wait), so a burst of sign-ins cannot exhaust the host's memory.
struct HashCost {
  unsigned memoryKiB = 65536;  // m = 64 MiB
  unsigned iterations = 3;     // t
  unsigned lanes = 1;          // p
};

// A new hash of `password` with a random salt. Throws std::runtime_error when libargon2 fails.
std::string hashPassword(const std::string& password, const HashCost& cost = {});

// True when `password` matches `phc`. A string that is no Argon2id hash never matches.
bool verifyPassword(const std::string& phc, const std::string& password);

// Checks `password` against a hash computed once per process with the default cost, and answers
// false: a name nobody has costs as much time as a real one, so timing does not tell names apart.
void verifyAgainstDummy(const std::string& password);

}  // namespace membersync::console
