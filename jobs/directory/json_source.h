#pragma once

#include <string>
#include <string_view>

#include "jobs/directory/source_table.h"

namespace membersync::directory {

// A JSON export as a SourceTable. The file must be well-formed UTF-8 JSON (a leading byte order
// mark is dropped) whose top level is an array of objects, one per person. Values are strings;
// numbers are taken as their text ("employee_id": 1007 is "1007"); null is "". A boolean, object
// or array value makes that row unusable (SourceRow::unusable), not the file. Throws ExportError
// naming the file and line (and item) for malformed JSON, a top level that is not an array and
// an element that is not an object.
SourceTable jsonSource(std::string_view bytes, const std::string& fileName);

}  // namespace membersync::directory
