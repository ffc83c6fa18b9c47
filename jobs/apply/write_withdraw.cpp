// Withdrawals: a leaver's assets of membersync's stripped (A9), and the date remembered, so the
// delete follows after delete_after_days. A withdrawal with nothing to strip makes no call, but
// is journaled like one.

#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"

namespace membersync::apply {
namespace {

// The absence as this run counts it (the plan's update, else the state's), withdrawn now.
state::Absence withdrawnAbsence(const ApplyRun& run, const plan::Item& item) {
  state::Absence absence;
  absence.employeeId = item.employeeId;
  for (const auto& a : run.plan.stateChanges.absences) {
    if (a.employeeId == item.employeeId) absence = a;
  }
  if (absence.distinctExports == 0) {
    auto known = run.snapshot.absences.find(item.employeeId);
    if (known != run.snapshot.absences.end()) absence = known->second;
  }
  absence.withdrawnAt = run.now;
  return absence;
}

void recordWithdrawal(state::StateStore& store, const ApplyRun& run, const plan::Item& item) {
  for (const auto& assetNum : item.assetsToWithdraw) store.dropOwnedAsset(assetNum);
  store.saveAbsence(withdrawnAbsence(run, item));
}

}  // namespace

std::optional<PreparedWrite> prepareWithdraw(const WriteTools& tools, ApplyRun& run,
                                             const plan::Item& item) {
  StepDetail detail;
  detail.reason = i18n::english(item.reason);
  if (item.assetsToWithdraw.empty()) {
    // Nothing to send, but journaled all the same: the departure's start is what a revert of
    // this run takes back.
    const auto done = WriteOutcome::succeeded();
    const std::vector<WriteStep> batch{{stepOf(item, "withdraw", item.globalId, encodeDetail(detail)), &item}};
    tools.store.transaction([&] {
      const auto step = tools.store.journalPlanned(run.run, batch.front().info);
      tools.store.journalSucceeded(step, std::nullopt);
      recordWithdrawal(tools.store, run, item);
      run.record(tools.store, batch, {done});
    });
    run.tally(item, done);
    return std::nullopt;
  }
  // The assets go along in the journal, so a withdrawal left in doubt is settled by reading A6.
  detail.withdraw = item.assetsToWithdraw;
  detail.withdrawRules = ownerRules(run.snapshot, item.assetsToWithdraw);
  PreparedWrite write;
  write.step = {stepOf(item, "withdraw", item.globalId, encodeDetail(detail)), &item};
  write.send = [&tools, &run, &item] {
    return answerOf(run, tools.client.configureAssets(item.globalId, item.assetsToWithdraw, {}));
  };
  write.hooks = onSuccess([&tools, &run, &item] { recordWithdrawal(tools.store, run, item); });
  return write;
}

}  // namespace membersync::apply
