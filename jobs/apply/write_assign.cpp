// Assignments (A9): one call per member with the assets to withdraw and to add. On success, with
// the journal's: each added asset is membersync's under the rule that granted it, each withdrawn
// one forgotten. A refusal is the member's (not the service's), with a hint saying what to do.

#include "jobs/apply/refusal_hints.h"
#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

std::string assignWhat(const plan::Item& item) {
  std::string what = "assets of " + item.account;
  if (!item.assetsToAdd.empty()) what += ", assign " + joinedText(item.assetsToAdd);
  if (!item.assetsToWithdraw.empty()) what += ", withdraw " + joinedText(item.assetsToWithdraw);
  return what + " (rule " + item.rule + ")";
}

// The journal carries the assets, so an assignment left in doubt is settled by reading A6.
StepDetail assignDetail(const ApplyRun& run, const plan::Item& item) {
  StepDetail detail;
  detail.rule = item.rule;
  detail.add = item.assetsToAdd;
  detail.addRules = item.assetRules;
  detail.withdraw = item.assetsToWithdraw;
  detail.withdrawRules = ownerRules(run.snapshot, item.assetsToWithdraw);
  return detail;
}

}  // namespace

std::optional<PreparedWrite> prepareAssign(const WriteTools& tools, ApplyRun& run,
                                           const plan::Item& item) {
  const std::string globalId = run.memberFor(item);
  if (globalId.empty()) {  // its add did not land
    run.assignNotLanded(item.employeeId);
    return std::nullopt;
  }
  const StepDetail detail = assignDetail(run, item);
  PreparedWrite write;
  write.step = {stepOf(item, "assign", globalId, encodeDetail(detail)), &item};
  write.send = [&tools, &run, &item, globalId] {
    const auto result =
        tools.client.configureAssets(globalId, item.assetsToWithdraw, item.assetsToAdd);
    run.noteCall(result);
    if (result.ok()) return WriteOutcome::succeeded();
    auto o = WriteOutcome::of(result, withHint(assignWhat(item), result.error()));
    if (result.unknown()) o.message += "; the next sync reads the assets back first";
    return o;
  };
  write.hooks = onSuccess([&tools, &item, globalId, detail] {
    recordAssets(tools.store, globalId, detail);
    if (item.endsDeparture) tools.store.clearAbsence(item.employeeId);
  });
  // Its Lend may lend the assets it adds: that waits for the next run.
  write.then = [&run, &item](const WriteOutcome& outcome) {
    if (outcome.kind != WriteOutcome::Kind::Succeeded) run.assignNotLanded(item.employeeId);
  };
  return write;
}

}  // namespace membersync::apply
