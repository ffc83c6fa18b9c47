#include "daemon/approve.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "daemon/lock_file.h"
#include "daemon/state_open.h"
#include "jobs/plan/plan.h"
#include "jobs/state/sqlite_store.h"

namespace membersync::cli {
namespace {

// A revert's holds ("revert:12:assign:g1") go out with a second revert of the same run; a sync's
// with the next sync.
std::string whatCarriesOut(const state::RunSummary& run, const std::string& heldKey) {
  const long long reverted = plan::revertedRunOf(heldKey);
  if (run.kind != state::RunKind::Revert || reverted == 0) return "the next sync";
  return "`membersync revert " + std::to_string(reverted) + " --apply`";
}

}  // namespace

Actor commandLineActor() {
  if (const char* sudo = std::getenv("SUDO_USER"); sudo && *sudo) return {sudo, ""};
  if (const passwd* pw = getpwuid(getuid())) return {pw->pw_name, ""};
  return {"uid " + std::to_string(getuid()), ""};
}

ApproveResult approveHeldRun(state::StateStore& store, long long run, const Actor& actor) {
  ApproveResult r;
  r.run = run;
  const auto summary = store.findRun(run);
  if (!summary) {
    r.outcome = ApproveResult::Outcome::NoSuchRun;
    return r;
  }
  const auto held = store.heldItemsOfRun(run);
  // The release and its audit entry land together, or neither does.
  store.transaction([&] {
    r.released = store.releaseRun(run);
    r.enrolments = store.releaseEnrolmentsInDoubt(run);
    for (const auto& h : held) r.heldKeys.push_back(h.key);
    if (held.empty() && r.enrolments.empty()) return;
    r.outcome = ApproveResult::Outcome::Released;
    // A second approval of the same run releases nothing: nothing for the audit to say.
    if (r.released == 0 && r.enrolments.empty()) return;
    store.recordAudit(state::AuditEntry{0, 0, actor.name, actor.address, "approve", run,
                                        i18n::encodeMessage(approveMessage(r))});
  });
  if (!held.empty()) r.carriesOut = whatCarriesOut(*summary, held.front().key);
  return r;
}

ApproveResult approveRun(const config::Config& config, long long run, const Actor& actor,
                         Clock& clock) {
  std::string why;
  auto lock = tryStateLock(config.state.database, "console approve", why);
  if (!lock) {
    ApproveResult busy;
    busy.outcome = ApproveResult::Outcome::Busy;
    busy.run = run;
    busy.holder = why;
    return busy;
  }
  auto store = openState(config, clock, StateUse::Write);
  return approveHeldRun(*store, run, actor);
}

}  // namespace membersync::cli
