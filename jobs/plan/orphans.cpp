#include "jobs/plan/orphans.h"

#include "jobs/plan/item_fields.h"
#include "jobs/plan/protected_reason.h"

namespace membersync::plan::detail {
namespace {

Item orphanItem(const Context& ctx, const LiveMember& m) {
  Item item;
  item.account = m.account;
  item.globalId = m.item->globalId;
  item.name = m.item->name;
  if (ctx.in.settings.orphans == Orphans::Delete) {
    item.kind = ItemKind::Delete;
    item.key = "delete:" + m.item->globalId;
    item.destructive = true;
    item.reason = "orphan";
    item.inputHash = memberHash(ItemKind::Delete, "", "orphan", m, ctx.in.policy.contentHash);
    if (ctx.isProtected(m.account)) hold(item, kProtectedReason);
  } else {
    item.kind = ItemKind::Orphan;
    item.key = "orphan:" + m.item->globalId;
    item.reason =
        "no HR row matches this member and membersync neither created nor adopted it; left "
        "alone ([sync] orphans = report)";
  }
  return item;
}

}  // namespace

void planOrphans(Context& ctx) {
  // Run after planPeople(), which marks the members HR rows name.
  for (const LiveMember& m : ctx.members.live()) {
    if (m.link) continue;  // ours: departures handle it
    // Named by an HR row (valid, or skipped for failing validation): not an orphan.
    if (ctx.named(m) || ctx.skipped("", m.accountKey)) continue;
    ctx.add(orphanItem(ctx, m));
  }
}

}  // namespace membersync::plan::detail
