#include <cstdlib>
#include <ostream>

#include "daemon/approve.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"
#include "jobs/core/clock.h"
#include "jobs/i18n/translator.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {

// `allow RUN` (formerly `allow-deletes`): releases what a safety guard held back in one run, and
// that run's enrolments in doubt for one more attempt; the next sync carries out those still
// planned (a person who came back is not deleted because of an old release). The release itself
// is approveHeldRun(), which the console's Approve calls too; the audit names the person.

std::optional<long long> runArgument(const VerbContext& ctx) {
  char* end = nullptr;
  const std::string& text = ctx.invocation.argument;
  const long long run = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || run <= 0) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: {verb}: '{argument}' is not a run number; "
                                      "`membersync status` lists the runs"),
                            {{"verb", ctx.invocation.verb}, {"argument", text}})
            << "\n";
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
  // app.cpp took the state lock (waiting with --wait).
  const ApproveResult r = approveHeldRun(*store, run, commandLineActor());
  if (r.outcome == ApproveResult::Outcome::NoSuchRun) {
    ctx.err << i18n::format(ctx.tr.tr("membersync: {verb}: there is no run {run} in {database}; "
                                      "`membersync status` lists the runs"),
                            {{"verb", verb},
                             {"run", std::to_string(run)},
                             {"database", ctx.config.state.database}})
            << "\n";
    return ExitCode::Failed;
  }
  if (r.outcome == ApproveResult::Outcome::NothingHeld) {
    ctx.out << i18n::format(ctx.tr.tr("run {run} held nothing back and left no enrolment in "
                                      "doubt; nothing to release"),
                            {{"run", std::to_string(run)}})
            << "\n";
    return ExitCode::Done;
  }
  if (!r.heldKeys.empty()) {
    const auto n = r.heldKeys.size();
    // approveHeldRun() names what carries them out: the next sync, or a revert's command.
    const std::string text =
        r.carriesOut == "the next sync"
            ? ctx.tr.trn("released {released} of the {count} items run {run} held back; the next "
                         "sync carries out those still planned:",
                         "released {released} of the {count} items run {run} held back; the next "
                         "sync carries out those still planned:",
                         n)
            : ctx.tr.trn("released {released} of the {count} items run {run} held back; {command} "
                         "carries out those still planned:",
                         "released {released} of the {count} items run {run} held back; "
                         "{command} carries out those still planned:",
                         n);
    ctx.out << i18n::format(text, {{"released", std::to_string(r.released)},
                                   {"count", std::to_string(n)},
                                   {"run", std::to_string(run)},
                                   {"command", r.carriesOut}})
            << "\n";
    for (const auto& key : r.heldKeys) ctx.out << "  " << key << "\n";
  }
  if (!r.enrolments.empty()) {
    ctx.out << i18n::format(
                   ctx.tr.trn("released {count} enrolment(s) in doubt for one more attempt (check "
                              "first that the activity service did not enrol them):",
                              "released {count} enrolment(s) in doubt for one more attempt (check "
                              "first that the activity service did not enrol them):",
                              r.enrolments.size()),
                   {{"count", std::to_string(r.enrolments.size())}})
            << "\n";
    for (const auto& key : r.enrolments) ctx.out << "  " << key << "\n";
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
