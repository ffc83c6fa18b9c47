#include "daemon/verbs.h"

#include <ostream>

namespace membersync::cli {

ExitCode runCheck(const VerbContext& ctx) {
  ctx.err << "membersync: check: the member-center client is not wired yet\n";
  return ExitCode::Failed;
}

}  // namespace membersync::cli
