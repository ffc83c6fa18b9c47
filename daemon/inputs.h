#pragma once

#include "config/config.h"
#include "jobs/directory/person.h"
#include "jobs/policy/policy.h"

namespace membersync::cli {

// The HR export and the policy, read as the configuration says. Throws directory::ExportError
// (the file or a line is unusable) and policy::PolicyError (exit 78), both naming the file.
directory::Export readHrExport(const config::Config& config);
policy::Policy readPolicy(const config::Config& config);

}  // namespace membersync::cli
