// Lendings (A10): a member's assets lent to the lock in its HR row. Not sent before the member's
// add and its Assign of this plan have landed (it may lend what that Assign adds).

#include "jobs/apply/refusal_hints.h"
#include "jobs/apply/step_detail.h"
#include "jobs/apply/write_kinds.h"
#include "jobs/core/text.h"

namespace membersync::apply {

std::optional<PreparedWrite> prepareLend(const WriteTools& tools, ApplyRun& run,
                                         const plan::Item& item) {
  const std::string globalId = run.memberFor(item);
  if (globalId.empty() || !run.assignLanded(item.employeeId)) return std::nullopt;
  StepDetail detail;
  detail.rule = item.rule;
  detail.lock = item.lockNumber;
  detail.assetIds = item.assetIds;
  PreparedWrite write;
  write.step = {stepOf(item, "lend", globalId, encodeDetail(detail)), &item};
  write.send = [&tools, &run, &item, globalId] {
    const auto result = tools.client.lendAssets(globalId, item.lockNumber, item.assetIds);
    run.noteCall(result);
    if (result.ok()) return WriteOutcome::succeeded();
    const std::string what = "lending " + joinedText(item.assetIds) + " of " + item.account +
                             " to lock " + item.lockNumber + " (rule " + item.rule + ")";
    auto o = WriteOutcome::of(result, withHint(what, result.error()));
    if (result.unknown()) o.message += "; the next sync reads the locks back first";
    return o;
  };
  write.hooks = onSuccess([&tools, &item, globalId] {
    tools.store.saveLending({globalId, item.lockNumber, item.rule, 0});
  });
  return write;
}

}  // namespace membersync::apply
