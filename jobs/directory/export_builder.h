#pragma once

#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/directory/directory_settings.h"
#include "jobs/directory/source_table.h"

namespace membersync::directory {

// Turns a parsed export into people: maps columns to fields (mapColumns), trims every cell,
// checks each row against the center's limits (checkPerson) and for employee ids and accounts
// that appear twice (findDuplicates), and sorts rows into Export::people and Export::problems,
// remembering the keys of skipped rows. Sets everything but `path`, `legacyContentHash` and
// `notices`: the content hash over the rows as mapped, with the attributes the run reads besides
// the fields (`readAttributes`, see ExportHash).
// Throws ExportError when a required column is missing or the export has no data rows (an empty
// export would make everyone look departed).
Export buildExport(const SourceTable& table, const DirectorySettings& cfg,
                   const std::string& accountSuffix,
                   const std::vector<std::string>& readAttributes = {});

}  // namespace membersync::directory
