#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace membersync::policy {

// The policy file, parsed into plain values. Every key is optional.
struct Policy {
  std::string path;  // empty: no policy file configured
  std::string contentHash;  // SHA-256 of the file's bytes, lower-case hex; empty without a file
  // HR department value -> the center's departmentId (decimal digits, as sent in A1/A2).
  std::map<std::string, std::string> departments;
  // Account patterns (bare accounts or `*` globs, case-insensitive) never edited, stripped or
  // deleted.
  std::vector<std::string> protect;
};

// A policy mistake: what() names the file and the JSON path ("policy.json: departments.ENG: ...").
// membersync answers it with exit 78.
class PolicyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// True when `account` matches one of `policy.protect` (case-insensitive; `*` matches any run of
// characters, including none, within an account).
bool isProtected(const Policy& policy, const std::string& account);

}  // namespace membersync::policy
