// Deletes (A4). A member already gone is what a delete wanted. A4 frees the member's assets and
// lock, so what membersync assigned or lent it is forgotten with the member.

#include "jobs/apply/write_kinds.h"

namespace membersync::apply {
namespace {

void forgetMember(state::StateStore& store, const ApplyRun& run, const plan::Item& item) {
  if (!item.employeeId.empty()) {
    store.dropLink(item.employeeId);
    store.clearAbsence(item.employeeId);
  }
  for (const auto& [assetNum, owned] : run.snapshot.ownedAssets) {
    if (owned.globalId == item.globalId) store.dropOwnedAsset(assetNum);
  }
  store.dropLending(item.globalId);
}

}  // namespace

std::optional<PreparedWrite> prepareDelete(const WriteTools& tools, ApplyRun& run,
                                           const plan::Item& item) {
  PreparedWrite write;
  write.step = {stepOf(item, "delete", item.globalId, i18n::english(item.reason)), &item};
  write.send = [&tools, &run, &item] {
    const auto result = tools.client.deleteMember(item.globalId);
    if (result.failed() && result.error().kind == center::ErrorKind::NotFound) {
      run.noteCall(true, nullptr);
      return WriteOutcome::succeeded();
    }
    return answerOf(run, result);
  };
  write.hooks = onSuccess([&tools, &run, &item] { forgetMember(tools.store, run, item); });
  return write;
}

}  // namespace membersync::apply
