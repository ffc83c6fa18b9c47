#pragma once

#include <stdexcept>
#include <string>

#include "tests/emulator/model.h"

namespace membersync::emulator {

// A fixture that cannot be used. what() names the file and the JSON path of the offending
// value, e.g. "demo.json: members[2].departmentId: no department 4711".
class FixtureError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads and checks a fixture file (format: tests/emulator/README.md). Unknown keys, missing
// required keys, wrong types and dangling references are errors. Throws FixtureError.
Fixture loadFixture(const std::string& path);

// The same for fixture text; `origin` names it in error messages.
Fixture parseFixture(const std::string& text, const std::string& origin);

}  // namespace membersync::emulator
