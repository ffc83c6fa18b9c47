#include "jobs/plan/history.h"

#include "jobs/core/text.h"

#include "jobs/plan/item_fields.h"
#include "jobs/plan/text_util.h"

namespace membersync::plan::detail {
namespace {

bool makesACall(ItemKind kind) {
  return kind == ItemKind::Add || kind == ItemKind::Edit || kind == ItemKind::Withdraw ||
         kind == ItemKind::Delete || kind == ItemKind::Assign || kind == ItemKind::Lend ||
         kind == ItemKind::Enrol;
}

// What releases a refusal: a change of what the item's inputHash covers.
i18n::Message releasedBy(ItemKind kind) {
  return kind == ItemKind::Add ? i18n::msg(
                                     "the HR row, the policy, [sync] password_length or "
                                     "[center] account_suffix changes")
                               : i18n::msg("the HR row or policy changes");
}

std::string codeAndMessage(const state::ItemRecord& r) {
  if (r.code.empty()) return r.message;
  return r.message.empty() ? r.code : r.code + " " + r.message;
}

}  // namespace

void applyHistory(Context& ctx) {
  for (Item& item : ctx.plan.items) {
    if (!makesACall(item.kind)) continue;
    if (item.kind == ItemKind::Add && ctx.in.addsInDoubt &&
        ctx.in.addsInDoubt->count(lowerAscii(item.account))) {
      hold(item, i18n::msg("an earlier add of this account is still in doubt (it could not be "
                           "looked up on the center); the next sync settles it by reading, then "
                           "adds it if need be"));
      continue;
    }
    auto it = ctx.in.state.items.find(item.key);
    if (it == ctx.in.state.items.end()) continue;
    const state::ItemRecord& r = it->second;
    // A refusal is final for these inputs; a changed row, policy or (for an add) setting that
    // shapes the request gives a new hash, and a try.
    if (r.status == state::ItemStatus::Refused && r.inputHash == item.inputHash) {
      // The center's code and words, as it answered: not ours to translate.
      hold(item, i18n::msg("refused earlier: {answer}; not re-sent until {release}")
                     .with("answer", codeAndMessage(r))
                     .with("release", releasedBy(item.kind)));
    } else if (r.status == state::ItemStatus::RetryLater && r.nextAttemptAt > ctx.in.now) {
      hold(item, i18n::msg("retrying after {time} ({attempts} failed attempts; last: {answer})")
                     .with("time", formatTime(ctx.in, r.nextAttemptAt))
                     .with("attempts", static_cast<long long>(r.attempts))
                     .with("answer", codeAndMessage(r)));
    }
    // Otherwise (succeeded before, retry due, unknown to be settled by the applier): planned.
  }
}

}  // namespace membersync::plan::detail
