#pragma once

#include "config/config.h"
#include "jobs/directory/person.h"
#include "jobs/policy/policy.h"

namespace membersync::cli {

// The policy and the HR export, read as the configuration says. Throws policy::PolicyError (exit
// 78) and directory::ExportError (the file, a line or the directory is unusable), naming the
// file. An LDAP read requests the attributes `policy` names besides the configured columns.
policy::Policy readPolicy(const config::Config& config);
directory::Export readHrExport(const config::Config& config, const policy::Policy& policy);

}  // namespace membersync::cli
