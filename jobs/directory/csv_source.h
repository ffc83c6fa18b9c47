#pragma once

#include <string>
#include <string_view>

#include "jobs/directory/source_table.h"

namespace membersync::directory {

// A CSV export as a SourceTable (parseCsv, then the header's names checked: each must be
// non-empty and unique after trimming, or rows could not be read unambiguously). Throws
// ExportError naming the file and line.
SourceTable csvSource(std::string_view bytes, char delimiter, const std::string& fileName);

}  // namespace membersync::directory
