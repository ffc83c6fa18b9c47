#include <cstdlib>
#include <ostream>

#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// `allow RUN` (formerly `allow-deletes`): releases what a safety guard held back in one run, and
// that run's enrolments in doubt for one more attempt; the next sync carries out those still
// planned (a person who came back is not deleted because of an old release).
ExitCode runAllow(const VerbContext& ctx) {
  const std::string verb = ctx.invocation.verb;
  char* end = nullptr;
  const long long run = std::strtoll(ctx.invocation.argument.c_str(), &end, 10);
  if (ctx.invocation.argument.empty() || *end != '\0' || run <= 0) {
    ctx.err << "membersync: " << verb << ": '" << ctx.invocation.argument
            << "' is not a run number; `membersync status` lists the runs\n";
    return ExitCode::Usage;
  }
  SystemClock clock;
  auto store = state::SqliteStore::open(ctx.config.state.database, clock);
  if (!store->findRun(run)) {
    ctx.err << "membersync: " << verb << ": there is no run " << run << " in "
            << ctx.config.state.database << "; `membersync status` lists the runs\n";
    return ExitCode::Failed;
  }
  const auto held = store->heldItemsOfRun(run);
  const int released = store->releaseRun(run);
  const auto enrolments = store->releaseEnrolmentsInDoubt(run);
  if (held.empty() && enrolments.empty()) {
    ctx.out << "run " << run << " held nothing back and left no enrolment in doubt; nothing to "
            << "release\n";
    return ExitCode::Done;
  }
  if (!held.empty()) {
    ctx.out << "released " << released << " of the " << held.size() << " items run " << run
            << " held back; the next sync carries out those still planned:\n";
    for (const auto& h : held) ctx.out << "  " << h.key << "\n";
  }
  if (!enrolments.empty()) {
    ctx.out << "released " << enrolments.size() << " enrolment(s) in doubt for one more attempt"
            << " (check first that the activity service did not enrol them):\n";
    for (const auto& key : enrolments) ctx.out << "  " << key << "\n";
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
