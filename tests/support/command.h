#pragma once

#include <map>
#include <string>
#include <vector>

namespace membersync::testing {

struct CommandResult {
  int exitCode = -1;
  std::string out;  // everything written to stdout
  std::string err;  // everything written to stderr
};

// Runs `executable` with `args` to completion, capturing both output streams (read concurrently,
// so a chatty child cannot block on a full pipe). `env` entries are added to the environment.
CommandResult runCommand(const std::string& executable, const std::vector<std::string>& args,
                         const std::map<std::string, std::string>& env = {});

}  // namespace membersync::testing
