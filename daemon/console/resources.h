#pragma once

#include <map>
#include <string>

namespace membersync::console {

// The console's templates and static files, compiled into the binary (a CMake step turns every
// file of daemon/console/templates/ and static/ into resources.cpp), by "templates/NAME" and
// "static/NAME": nothing to install beside the binary.
const std::map<std::string, std::string>& resources();

}  // namespace membersync::console
