// `revert RUN`: the run's journal as the writes that took effect, planned back by plan::planRevert
// against the members and assets as read now, and carried out by the same applier as a sync.

#include "jobs/apply/step_detail.h"
#include "jobs/apply/sync_job.h"
#include "jobs/plan/revert.h"

namespace membersync::apply {
namespace {

bool tookEffect(const state::Step& step) {
  return step.state == state::StepState::Succeeded ||
         step.settlement == state::Settlement::Done;
}

plan::JournaledWrite writeOf(const state::Step& step) {
  plan::JournaledWrite w;
  w.kind = step.info.kind;
  w.key = step.info.itemKey;
  w.employeeId = step.info.employeeId;
  w.account = step.info.account;
  w.globalId = step.info.globalId;
  const auto detail = decodeDetail(step.info.detail);
  if (w.kind == "edit") w.hasBeforeValues = detail && !detail->changes.empty();
  if (!detail) return w;
  for (const auto& c : detail->changes) w.changes.push_back({c.field, c.before, c.after});
  w.assigned = detail->add;
  w.withdrawn = detail->withdraw;
  w.withdrawnRules = detail->withdrawRules;
  return w;
}

// The writes of the run that took effect, in journal order (a chunk's several steps each count).
std::vector<plan::JournaledWrite> writesOf(const std::vector<state::Step>& steps) {
  std::vector<plan::JournaledWrite> writes;
  for (const auto& step : steps)
    if (tookEffect(step)) writes.push_back(writeOf(step));
  return writes;
}

bool changesAssets(const std::vector<plan::JournaledWrite>& writes) {
  for (const auto& w : writes)
    if (!w.assigned.empty() || !w.withdrawn.empty()) return true;
  return false;
}

}  // namespace

SyncReport SyncJob::revert(state::RunId run, const directory::Export& hr,
                           const policy::Policy& policy, const SyncRequest& request) {
  SyncReport report;
  const bool known = store_.findRun(run).has_value();
  const auto writes = known ? writesOf(store_.stepsOfRun(run)) : std::vector<plan::JournaledWrite>{};
  const auto members = start(report, hr, policy, request);
  if (!members) return report;
  auto refuse = [&](const std::string& message) {
    report.outcome = SyncOutcome::Failed;
    report.message = message;
    store_.finishRun(report.run, toString(report.outcome), {}, report.message);
    return report;
  };
  if (!known)
    return refuse("there is no run " + std::to_string(run) +
                  " in the state database (never made, or purged after [sync] keep_runs_days); "
                  "`membersync status` lists the runs");
  if (auto why = plan::revertRefusal(run, writes)) return refuse(*why);
  ReadNeeds extra;
  extra.assets = changesAssets(writes);
  const auto reads = readEntitlementsFor(report, policy, request, extra);
  if (!reads) return report;
  settle(report, *members, request, *reads);

  const state::Snapshot snapshot = store_.load();
  report.releasedBefore = snapshot.releasedItems;
  plan::PlanInputs now{hr, *members, policy, snapshot, request.settings.plan, wallMillis()};
  const PlanEntitlements entitlements(snapshot, *reads);
  entitlements.fill(now);
  report.plan = plan::planRevert(plan::RevertInputs{run, writes, now});
  if (request.apply) {
    report.plan->nameRun(report.run);
    report.applied = applierFor(request, policy).apply(*report.plan, snapshot, report.run);
  }
  report.outcome = finishRevert(report);
  return report;
}

}  // namespace membersync::apply
