#include <cstdlib>
#include <ostream>

#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// Releases what a safety guard held back in one run; the next sync carries it out (and only
// what is still planned then: a person who came back is not deleted because of an old release).
ExitCode runAllowDeletes(const VerbContext& ctx) {
  char* end = nullptr;
  const long long run = std::strtoll(ctx.invocation.argument.c_str(), &end, 10);
  if (ctx.invocation.argument.empty() || *end != '\0' || run <= 0) {
    ctx.err << "membersync: allow-deletes: '" << ctx.invocation.argument
            << "' is not a run number; `membersync status` lists the runs\n";
    return ExitCode::Usage;
  }
  SystemClock clock;
  auto store = state::SqliteStore::open(ctx.config.state.database, clock);
  if (!store->findRun(run)) {
    ctx.err << "membersync: allow-deletes: there is no run " << run
            << " in " << ctx.config.state.database << "; `membersync status` lists the runs\n";
    return ExitCode::Failed;
  }
  const auto held = store->heldItemsOfRun(run);
  const int released = store->releaseRun(run);
  if (held.empty()) {
    ctx.out << "run " << run << " held nothing back; nothing to release\n";
    return ExitCode::Done;
  }
  ctx.out << "released " << released << " of the " << held.size() << " items run " << run
          << " held back; the next sync carries out those still planned:\n";
  for (const auto& h : held) ctx.out << "  " << h.key << "\n";
  return ExitCode::Done;
}

}  // namespace membersync::cli
