// `revert RUN`: the run's journal as the writes that took effect, planned back by plan::planRevert
// against the members and assets as read now, and carried out by the same applier as a sync.

#include "jobs/apply/step_detail.h"
#include "jobs/apply/sync_job.h"
#include "jobs/plan/revert.h"

namespace membersync::apply {
namespace {

bool tookEffect(const state::Step& step) {
  return step.state == state::StepState::Succeeded || step.settlement == state::Settlement::Done;
}

// Sent with no answer (or cut off by a crash), and not settled by reading since. An edit reading
// could not judge is not in doubt here: the revert judges each of its fields by what the center
// holds now, and skips, with the values seen, those the run's value is no longer in.
bool inDoubt(const state::Step& step) {
  const bool unanswered =
      step.state == state::StepState::Sent || step.state == state::StepState::Unknown;
  if (step.info.kind == "edit" && step.settlement == state::Settlement::Unresolved) return false;
  return unanswered && (!step.settlement || step.settlement == state::Settlement::Unresolved);
}

bool judgedUnresolved(const state::Step& step) {
  return step.settlement == state::Settlement::Unresolved && !inDoubt(step);
}

plan::JournaledWrite writeOf(const state::Step& step) {
  plan::JournaledWrite w;
  w.kind = step.info.kind;
  w.key = step.info.itemKey;
  w.employeeId = step.info.employeeId;
  w.account = step.info.account;
  w.globalId = step.info.globalId;
  w.inDoubt = inDoubt(step);
  const auto detail = decodeDetail(step.info.detail);
  if (w.kind == "edit") w.hasBeforeValues = detail && !detail->changes.empty();
  if (!detail) return w;
  for (const auto& c : detail->changes) w.changes.push_back({c.field, c.before, c.after});
  w.assigned = detail->add;
  w.withdrawn = detail->withdraw;
  w.withdrawnRules = detail->withdrawRules;
  return w;
}

// The writes of the run that took effect or are in doubt, in journal order (a chunk's several
// steps each count).
std::vector<plan::JournaledWrite> writesOf(const std::vector<state::Step>& steps) {
  std::vector<plan::JournaledWrite> writes;
  for (const auto& step : steps)
    if (tookEffect(step) || inDoubt(step) || judgedUnresolved(step))
      writes.push_back(writeOf(step));
  return writes;
}

bool changesAssets(const std::vector<plan::JournaledWrite>& writes) {
  for (const auto& w : writes)
    if (!w.assigned.empty() || !w.withdrawn.empty()) return true;
  return false;
}

}  // namespace

ReadNeeds revertReadNeeds(const plan::Plan& plan) {
  ReadNeeds needs;
  if (plan.revertsRun == 0) return needs;
  for (const auto& item : plan.items)
    needs.assets = needs.assets || item.kind == plan::ItemKind::Assign ||
                   (item.kind == plan::ItemKind::Held && item.heldKind == plan::ItemKind::Assign);
  return needs;
}

SyncReport SyncJob::revert(state::RunId run, const directory::Export& hr,
                           const policy::Policy& policy, const SyncRequest& request) {
  SyncReport report;
  // Refused before anything is read or recorded: a mistyped run costs no call.
  if (!store_.findRun(run)) {
    report.outcome = SyncOutcome::Failed;
    report.say(i18n::msg("there is no run {run} in the state database (never made, or purged "
                         "after [sync] keep_runs_days); `membersync status` lists the runs")
                   .with("run", static_cast<long long>(run)));
    return report;
  }
  const auto journaled = writesOf(store_.stepsOfRun(run));
  if (auto why = plan::revertRefusal(run, journaled)) {
    report.outcome = SyncOutcome::Failed;
    report.say(std::move(*why));
    return report;
  }
  const auto started = start(report, hr, policy, request);
  if (!started) return report;
  const auto& members = started->members;
  ReadNeeds extra;
  extra.assets = changesAssets(journaled);
  const auto reads = readEntitlementsFor(report, started->state, policy, request, extra);
  if (!reads) return report;
  settle(report, members, request, *reads);

  // Read again after settling: a step of run `run` settled just now counts as what it was.
  const auto writes = writesOf(store_.stepsOfRun(run));
  const state::Snapshot snapshot = store_.load();
  report.releasedBefore = snapshot.releasedItems;
  plan::PlanInputs now{hr, members, policy, snapshot, request.settings.plan, wallMillis()};
  now.times = request.times;
  const PlanEntitlements entitlements(snapshot, *reads);
  entitlements.fill(now);
  report.plan = plan::planRevert(plan::RevertInputs{run, writes, now});
  // As `apply PLANFILE` will compare it: over what the policy and the plan itself read.
  report.plan->entitlementsFingerprint =
      savedPlanEntitlements(policy, snapshot, *reads, revertReadNeeds(*report.plan));
  if (request.apply) {
    report.plan->nameRun(report.run);
    report.applied = applierFor(request, policy).apply(*report.plan, snapshot, report.run);
  }
  report.outcome = finishRevert(report, request, hr);
  return report;
}

}  // namespace membersync::apply
