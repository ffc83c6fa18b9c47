#include "jobs/plan/delete_guard.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "jobs/plan/item_fields.h"

namespace membersync::plan::detail {
namespace {

constexpr const char* kRelease = "or release them with `membersync allow-deletes RUN`";

bool guarded(const Context& ctx, const Item& item) {
  // An Assign that withdraws assets is destructive like a withdrawal.
  const bool destructive = item.kind == ItemKind::Withdraw || item.kind == ItemKind::Delete ||
                           (item.kind == ItemKind::Assign && item.destructive);
  return destructive && !ctx.in.state.releasedItems.count(item.key);
}

std::string number(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

// The limit and a reason naming every number and the key that binds.
std::string countReason(const Context& ctx, std::size_t byPercent, std::size_t cap) {
  const PlanSettings& s = ctx.in.settings;
  const Guard& g = ctx.plan.guard;
  const char* binding = g.allowed > cap ? "delete_floor"
                        : static_cast<std::size_t>(std::max(0, s.maxDeletes)) <= byPercent
                            ? "max_deletes"
                            : "max_delete_percent";
  return std::to_string(g.destructive) + " destructive items exceed the limit of " +
         std::to_string(g.allowed) + " (max(delete_floor " + std::to_string(s.deleteFloor) +
         ", min(max_deletes " + std::to_string(s.maxDeletes) + ", max_delete_percent " +
         number(s.maxDeletePercent) + "% of " + std::to_string(ctx.members.managed()) +
         " managed members = " + std::to_string(byPercent) + "))); raise [sync] " + binding + ", " +
         kRelease;
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

}  // namespace

void applyGuard(Context& ctx) {
  const PlanSettings& s = ctx.in.settings;
  Guard& g = ctx.plan.guard;
  g.destructive =
      static_cast<std::size_t>(std::count_if(ctx.plan.items.begin(), ctx.plan.items.end(),
                                             [&](const Item& i) { return guarded(ctx, i); }));
  // A small epsilon so 29% of 100 is 29, not 28.999...: floor of the exact decimal product.
  const double share =
      std::max(0.0, s.maxDeletePercent) / 100.0 * static_cast<double>(ctx.members.managed());
  const auto byPercent = static_cast<std::size_t>(std::floor(share + 1e-9));
  const std::size_t cap = std::min(static_cast<std::size_t>(std::max(0, s.maxDeletes)), byPercent);
  g.allowed = std::max(static_cast<std::size_t>(std::max(0, s.deleteFloor)), cap);

  std::vector<std::string> reasons;
  if (g.destructive > g.allowed) reasons.push_back(countReason(ctx, byPercent, cap));
  if (auto why = shortExport(ctx)) {
    g.shortExport = true;
    if (g.destructive == 0)
      addShortExportProblem(ctx, *why);
    else
      reasons.push_back(*why + ", " + kRelease);
  }
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
