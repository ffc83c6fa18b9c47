#pragma once

#include <string_view>
#include <vector>

namespace membersync::directory {

// For JSON text whose top level is an array, the 1-based line each element starts on, in order
// (empty when the top level is not an array). The text must already have been accepted by a
// JSON parser: this only follows strings, escapes and nesting to find where elements begin, so
// HR problems can name a line as well as an item number.
std::vector<int> arrayElementLines(std::string_view json);

}  // namespace membersync::directory
