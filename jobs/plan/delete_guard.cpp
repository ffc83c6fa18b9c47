#include "jobs/plan/delete_guard.h"

#include <algorithm>
#include <cstdio>

#include "jobs/plan/guard_limit.h"
#include "jobs/plan/item_fields.h"

namespace membersync::plan::detail {
namespace {

bool guarded(const Context& ctx, const Item& item) {
  // An Assign that withdraws assets is destructive like a withdrawal.
  const bool destructive = item.kind == ItemKind::Withdraw || item.kind == ItemKind::Delete ||
                           (item.kind == ItemKind::Assign && item.destructive);
  return destructive && !ctx.in.state.releasedItems.count(releaseKey(item));
}

std::string number(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

// Set when the export is shorter than min_export_ratio of the last good one.
std::optional<std::string> shortExport(const Context& ctx) {
  const auto& last = ctx.in.state.lastGoodExport;
  const double ratio = ctx.in.settings.minExportRatio;
  if (!last || static_cast<double>(ctx.in.hr.rowCount) >= ratio * static_cast<double>(last->rows))
    return std::nullopt;
  return "the export has " + std::to_string(ctx.in.hr.rowCount) +
         " rows, fewer than min_export_ratio " + number(ratio) + " of the last good export's " +
         std::to_string(last->rows) + " rows; check the export, or lower [sync] min_export_ratio";
}

void addShortExportProblem(Context& ctx, const std::string& why) {
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:export-ratio";
  item.reason = why + " (nothing destructive is planned, so nothing is held)";
  ctx.add(std::move(item));
}

// An export a guard distrusts tells nobody's departure: advice to act by hand on one (return a
// lock, delete a member) is not given from it. The next export the guards trust gives it again.
void withdrawDepartureAdvice(Context& ctx) {
  if (ctx.departureAdvice.empty()) return;
  auto& items = ctx.plan.items;
  items.erase(std::remove_if(items.begin(), items.end(),
                             [&](const Item& i) { return ctx.departureAdvice.count(i.key) > 0; }),
              items.end());
}

}  // namespace

void applyGuard(Context& ctx, ExportCheck exportCheck) {
  const PlanSettings& s = ctx.in.settings;
  Guard& g = ctx.plan.guard;
  g.destructive =
      static_cast<std::size_t>(std::count_if(ctx.plan.items.begin(), ctx.plan.items.end(),
                                             [&](const Item& i) { return guarded(ctx, i); }));
  const GuardLimit limit =
      guardLimit({"delete_floor", "max_deletes", "max_delete_percent"}, s.deleteFloor,
                 s.maxDeletes, s.maxDeletePercent, ctx.members.managed());
  g.allowed = limit.allowed;

  std::vector<std::string> reasons;
  if (g.destructive > g.allowed) reasons.push_back(guardReason(g.destructive, "destructive items", limit));
  const auto why = exportCheck == ExportCheck::Apply ? shortExport(ctx) : std::nullopt;
  if (why) {
    g.shortExport = true;
    if (g.destructive == 0)
      addShortExportProblem(ctx, *why);
    else
      reasons.push_back(*why + ", or review them and release them with `" + kAllowCommand + "`");
  }
  if (g.shortExport || !reasons.empty()) withdrawDepartureAdvice(ctx);
  if (reasons.empty()) return;
  g.tripped = true;
  g.reason = reasons.front();
  for (std::size_t i = 1; i < reasons.size(); ++i) g.reason += "; and " + reasons[i];
  for (Item& item : ctx.plan.items) {
    if (!guarded(ctx, item)) continue;
    hold(item, "held by the safety guard: " + g.reason);
    item.heldByGuard = true;
  }
}

}  // namespace membersync::plan::detail
