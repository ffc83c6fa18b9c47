#include <cstdlib>
#include <ostream>

#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/plan/plan.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// `allow RUN` (formerly `allow-deletes`): releases what a safety guard held back in one run, and
// that run's enrolments in doubt for one more attempt; the next sync carries out those still
// planned (a person who came back is not deleted because of an old release).
namespace {

// A revert's holds ("revert:12:assign:g1") go out with a second revert of the same run; a sync's
// with the next sync.
std::string whatCarriesOut(const state::RunSummary& run, const std::string& heldKey) {
  const long long reverted = plan::revertedRunOf(heldKey);
  if (run.kind != state::RunKind::Revert || reverted == 0) return "the next sync";
  return "`membersync revert " + std::to_string(reverted) + " --apply`";
}

}  // namespace

std::optional<long long> runArgument(const VerbContext& ctx) {
  char* end = nullptr;
  const std::string& text = ctx.invocation.argument;
  const long long run = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || run <= 0) {
    ctx.err << "membersync: " << ctx.invocation.verb << ": '" << text
            << "' is not a run number; `membersync status` lists the runs\n";
    return std::nullopt;
  }
  return run;
}

ExitCode runAllow(const VerbContext& ctx) {
  const std::string verb = ctx.invocation.verb;
  const auto parsed = runArgument(ctx);
  if (!parsed) return ExitCode::Usage;
  const long long run = *parsed;
  SystemClock clock;
  auto store = openState(ctx.config, clock, StateUse::Write);
  const auto summary = store->findRun(run);
  if (!summary) {
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
            << " held back; " << whatCarriesOut(*summary, held.front().key)
            << " carries out those still planned:\n";
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
