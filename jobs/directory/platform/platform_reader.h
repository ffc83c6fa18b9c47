#pragma once

#include <set>
#include <string>
#include <vector>

#include "jobs/center/transport.h"
#include "jobs/core/clock.h"
#include "jobs/core/scrubber.h"
#include "jobs/directory/directory_settings.h"
#include "jobs/directory/person.h"

namespace membersync::directory::platform {

// "DingTalk https://oapi.dingtalk.com": how messages name the source.
std::string platformSourceName(const DirectorySettings& cfg);

// Walks the platform `cfg.format` names through `transport` (<vendor>_walk.h), builds the rows
// (walkTable, with the policy's `mappedDepartments`) and the export from them as for any
// source (buildExport). The app secret and every token join `scrubber`. Export::calls and
// departmentCount say what the walk cost and found. Throws ExportError (the read fails whole),
// PlatformConfigError (a configuration problem: exit 78).
Export readPlatform(const DirectorySettings& cfg, const std::string& accountSuffix,
                    const std::vector<std::string>& alsoNeeded,
                    const std::set<std::string>& mappedDepartments, center::Transport& transport,
                    Clock& clock, Scrubber& scrubber);

// The same through a PocoTransport made from `cfg.platform`, the system clock and a scrubber of
// its own (what readExport calls).
Export readPlatform(const DirectorySettings& cfg, const std::string& accountSuffix,
                    const std::vector<std::string>& alsoNeeded,
                    const std::set<std::string>& mappedDepartments);

}  // namespace membersync::directory::platform
