#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "daemon/exit_codes.h"

namespace membersync::cli {

// Parses the command line, loads the configuration and runs one verb. Writes results to `out` and
// diagnostics to `err`. Never throws: every failure becomes an exit code and a message.
ExitCode run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace membersync::cli
