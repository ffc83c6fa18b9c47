#include "jobs/plan/edit_guard.h"

#include <algorithm>

#include "jobs/plan/guard_limit.h"
#include "jobs/plan/item_fields.h"

namespace membersync::plan::detail {
namespace {

bool guarded(const Context& ctx, const Item& item) {
  return item.kind == ItemKind::Edit && !ctx.in.state.releasedItems.count(releaseKey(item));
}

std::size_t count(const std::vector<Item>& items, ItemKind kind) {
  return static_cast<std::size_t>(
      std::count_if(items.begin(), items.end(), [&](const Item& i) { return i.kind == kind; }));
}

}  // namespace

void applyEditGuard(Context& ctx) {
  const PlanSettings& s = ctx.in.settings;
  EditGuard& g = ctx.plan.editGuard;
  g.edits = static_cast<std::size_t>(std::count_if(ctx.plan.items.begin(), ctx.plan.items.end(),
                                                   [&](const Item& i) { return guarded(ctx, i); }));
  const std::size_t managed = ctx.members.managed() + count(ctx.plan.items, ItemKind::Adopt);
  const GuardLimit limit = guardLimit({"edit_floor", "max_edits", "max_edit_percent"}, s.editFloor,
                                      s.maxEdits, s.maxEditPercent, managed);
  g.allowed = limit.allowed;
  if (g.edits <= g.allowed) return;
  g.tripped = true;
  g.reason = guardReason(i18n::msg("{planned} edits exceed the limit of {allowed} ({formula}); "
                                   "raise [sync] {key}, or review them and release them with "
                                   "`membersync allow {run}`"),
                         g.edits, limit);
  for (Item& item : ctx.plan.items) {
    if (!guarded(ctx, item)) continue;
    hold(item, i18n::msg("held by the edit guard: {reason}").with("reason", g.reason));
    item.heldByGuard = true;
  }
}

}  // namespace membersync::plan::detail
