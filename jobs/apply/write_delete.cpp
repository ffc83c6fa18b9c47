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

void applyDelete(const WriteTools& tools, ApplyRun& run, const plan::Item& item) {
  auto send = [&] {
    const auto result = tools.client.deleteMember(item.globalId);
    if (result.failed() && result.error().kind == center::ErrorKind::NotFound) {
      run.noteCall(true, nullptr);
      return WriteOutcome::succeeded();
    }
    return answerOf(run, result);
  };
  writeOne(tools, run, item,
           stepOf(item, "delete", item.globalId, i18n::english(item.reason)), send,
           onSuccess([&] { forgetMember(tools.store, run, item); }));
}

}  // namespace membersync::apply
