#include "daemon/exit_codes.h"

#include "jobs/center/result.h"

namespace membersync {
namespace {

int rank(ExitCode c) {
  switch (c) {
    case ExitCode::Failed: return 0;
    case ExitCode::Configuration: return 1;
    case ExitCode::StalePlan: return 2;
    case ExitCode::Held: return 3;
    case ExitCode::PartlyFailed: return 4;
    case ExitCode::Changes: return 5;
    case ExitCode::Done: return 6;
    case ExitCode::Usage: return -1;  // a bad command line stops before anything else happens
  }
  return 0;
}

}  // namespace

ExitCode worst(ExitCode a, ExitCode b) { return rank(a) <= rank(b) ? a : b; }

ExitCode exitCodeOf(const center::Error& error) {
  return error.kind == center::ErrorKind::Configuration ? ExitCode::Configuration
                                                        : ExitCode::Failed;
}

}  // namespace membersync
