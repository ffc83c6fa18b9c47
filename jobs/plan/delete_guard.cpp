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
std::optional<i18n::Message> shortExport(const Context& ctx) {
  const auto& last = ctx.in.state.lastGoodExport;
  const double ratio = ctx.in.settings.minExportRatio;
  if (!last || static_cast<double>(ctx.in.hr.rowCount) >= ratio * static_cast<double>(last->rows))
    return std::nullopt;
  return i18n::msg(
             "the export has {rows} rows, fewer than min_export_ratio {ratio} of the last "
             "good export's {lastRows} rows; check the export, or lower [sync] "
             "min_export_ratio")
      .with("rows", static_cast<long long>(ctx.in.hr.rowCount))
      .with("ratio", number(ratio))
      .with("lastRows", static_cast<long long>(last->rows));
}

void addShortExportProblem(Context& ctx, const i18n::Message& why) {
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:export-ratio";
  item.reason = i18n::msg("{reason} (nothing destructive is planned, so nothing is held)")
                    .with("reason", why);
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
      guardLimit({"delete_floor", "max_deletes", "max_delete_percent"}, s.deleteFloor, s.maxDeletes,
                 s.maxDeletePercent, ctx.members.managed());
  g.allowed = limit.allowed;

  std::vector<i18n::Message> reasons;
  if (g.destructive > g.allowed)
    reasons.push_back(guardReason(i18n::msg("{planned} destructive items exceed the limit of "
                                            "{allowed} ({formula}); raise [sync] {key}, or review "
                                            "them and release them with `membersync allow {run}`"),
                                  g.destructive, limit));
  const auto why = exportCheck == ExportCheck::Apply ? shortExport(ctx) : std::nullopt;
  if (why) {
    g.shortExport = true;
    if (g.destructive == 0)
      addShortExportProblem(ctx, *why);
    else
      reasons.push_back(
          i18n::msg("{reason}, or review them and release them with `membersync allow {run}`")
              .with("reason", *why)
              .with(kRunArgument, kRunPlaceholder));
  }
  if (g.shortExport || !reasons.empty()) withdrawDepartureAdvice(ctx);
  if (reasons.empty()) return;
  g.tripped = true;
  g.reason = reasons.front();
  for (std::size_t i = 1; i < reasons.size(); ++i)
    g.reason = i18n::msg("{reason}; and {more}").with("reason", g.reason).with("more", reasons[i]);
  for (Item& item : ctx.plan.items) {
    if (!guarded(ctx, item)) continue;
    hold(item, i18n::msg("held by the safety guard: {reason}").with("reason", g.reason));
    item.heldByGuard = true;
  }
}

}  // namespace membersync::plan::detail
