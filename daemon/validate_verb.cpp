#include <ostream>

#include "daemon/inputs.h"
#include "daemon/verbs.h"
#include "jobs/directory/describe.h"

namespace membersync::cli {

// Offline: the configuration (already loaded by the caller), the policy and the HR export.
// Exit 0 when all are usable and every row is valid; 1 when the export is unusable or has rows
// that will be skipped; 78 for a policy mistake (PolicyError, thrown to the caller).
ExitCode runValidate(const VerbContext& ctx) {
  auto& out = ctx.out;
  out << "config " << ctx.config.sourceFile << ": ok\n";

  const policy::Policy policy = readPolicy(ctx.config);
  if (policy.path.empty()) {
    out << "policy: none configured ([policy] path)\n";
  } else {
    out << "policy " << policy.path << ": ok (" << policy.departments.size() << " departments, "
        << policy.protect.size() << " protected patterns)\n";
  }

  directory::Export hr;
  try {
    hr = readHrExport(ctx.config);
  } catch (const directory::ExportError& e) {
    ctx.err << "membersync: validate: " << e.what() << "\n";
    return ExitCode::Failed;
  }
  std::size_t active = 0;
  for (const auto& p : hr.people) active += p.active;
  out << "HR export " << hr.path << ": " << hr.rowCount << " rows, " << hr.people.size()
      << " valid (" << active << " active, " << hr.people.size() - active << " departed), "
      << hr.problems.size() << " skipped\n";
  for (const auto& problem : hr.problems) out << "  " << directory::describe(hr, problem) << "\n";
  if (!hr.problems.empty()) {
    out << "Skipped rows are neither added, changed nor treated as departed until they are "
           "fixed.\n";
    return ExitCode::Failed;
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
