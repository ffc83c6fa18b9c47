#include "jobs/plan/people_matching.h"

#include "jobs/core/text.h"
#include "jobs/plan/departures.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/protected_reason.h"
#include "jobs/plan/reverted_fields.h"

namespace membersync::plan::detail {
namespace {

using directory::Person;

// One HR row with what it was matched to.
struct Row {
  const Person& p;
  const std::string& accountKey;  // lower case
  const LiveMember* sameAccount;  // the live member with the row's account, if any
  const state::Link* link;        // the row's live state link, if any
};

// The person's state link when it still points at a live member it alone claims. A link to a
// member that is gone (or listed deleted) is stale: dropped, and the person is treated as
// unlinked, so it may be adopted by account or added again.
const state::Link* liveLink(Context& ctx, const Person& p) {
  const state::Link* link = ctx.linkOf(p.employeeId);
  if (!link) return nullptr;
  // A second link to one member (corrupt state) loses to the lowest employee id: dropped too.
  if (ctx.members.linkOf(link->globalId) == link) return link;
  ctx.plan.stateChanges.droppedLinks.push_back(p.employeeId);
  return nullptr;
}

// Edits the member toward the HR row when any managed field differs; Held when protected. A
// field a revert set back is held while HR still gives the reverted value.
void planEdit(Context& ctx, const Person& p, const LiveMember& m) {
  const auto departmentId = departmentIdFor(ctx.in.policy, p);
  std::vector<FieldChange> changes = fieldChanges(p, departmentId, *m.item);
  const std::vector<FieldChange> reverted = takeRevertedChanges(ctx, p, departmentId, changes);
  if (!reverted.empty()) ctx.add(revertHoldItem(ctx, p, m, reverted));
  if (changes.empty()) return;  // nothing (else) differs: no item
  Item item = editItem(p, m, ctx.in.policy, std::move(changes));
  keepHeldFields(item, reverted, *m.item);
  if (ctx.isProtected(m.account)) hold(item, protectedReason());
  ctx.add(std::move(item));
}

// The link points at a member whose account is not the person's any more: the center cannot
// rename, so this is reported (no add of the new account, no departure of the old one).
void planRename(Context& ctx, const Person& p, const LiveMember& m) {
  Item item;
  item.kind = ItemKind::Rename;
  item.key = "rename:" + p.employeeId;
  item.employeeId = p.employeeId;
  item.account = p.account;
  item.centerAccount = m.account;
  item.globalId = m.item->globalId;
  item.name = p.name;
  item.line = p.line;
  item.reason = i18n::msg(
                    "employee {employee}'s account changed in HR from {old} to {new}; the "
                    "center cannot rename accounts; restore the account {old} in HR, or "
                    "delete the member {old} by hand so that {new} is added on the next "
                    "run (its assets are not carried over)")
                    .with("employee", p.employeeId)
                    .with("old", m.account)
                    .with("new", p.account);
  ctx.add(std::move(item));
}

// An unlinked member with the person's account is taken over, not re-added. If state shows an
// add of this person whose answer was lost (Unknown), the member is the one we created.
void planAdopt(Context& ctx, const Person& p, const LiveMember& m) {
  auto record = ctx.in.state.items.find("add:" + p.employeeId);
  const bool ours =
      record != ctx.in.state.items.end() && record->second.status == state::ItemStatus::Unknown;
  Item item;
  item.kind = ItemKind::Adopt;
  item.key = "adopt:" + p.employeeId;
  item.employeeId = p.employeeId;
  item.account = m.account;
  item.globalId = m.item->globalId;
  item.name = p.name;
  item.line = p.line;
  item.reason =
      ours
          ? i18n::msg("the add sent earlier landed (its answer was lost); linked")
          : i18n::msg("an existing member with this account is linked to the HR row, not re-added");
  item.inputHash =
      personHash(ItemKind::Adopt, p, departmentIdFor(ctx.in.policy, p), ctx.in.policy.contentHash);
  ctx.add(std::move(item));
  ctx.plan.stateChanges.links.push_back(
      state::Link{p.employeeId, m.accountKey, m.item->globalId, ours, ctx.in.now});
  planEdit(ctx, p, m);
}

// The account belongs to a member linked to another employee (one who left, or whose own
// account changed): adding it would be refused, and adopting it would hand over someone else's
// member. Held until that member is gone.
void holdTakenAccount(Context& ctx, const Person& p, const LiveMember& m) {
  Item item = addItem(p, ctx.in.policy, ctx.in.settings);
  hold(item, i18n::msg("account {account} still belongs to the member {member} of employee "
                       "{employee}; it is added once that member is gone (after that employee's "
                       "departure, or deleted by hand)")
                 .with("account", m.account)
                 .with("member", m.item->globalId)
                 .with("employee", m.link->employeeId));
  ctx.add(std::move(item));
}

void planActive(Context& ctx, const Row& row) {
  const Person& p = row.p;
  if (row.link) {
    const LiveMember& m = *ctx.members.byGlobalId(row.link->globalId);
    if (m.accountKey != row.accountKey) planRename(ctx, p, m);
    planEdit(ctx, p, m);  // a renamed person's other fields keep being edited
  } else if (!row.sameAccount) {
    ctx.add(addItem(p, ctx.in.policy, ctx.in.settings));
  } else if (row.sameAccount->link) {
    holdTakenAccount(ctx, p, *row.sameAccount);
  } else {
    planAdopt(ctx, p, *row.sameAccount);
  }
}

// A departed HR row whose account matches a member membersync neither created nor adopted: it
// is not touched (only linked members are departed), but it is reported so it is not forgotten.
void reportUnmanaged(Context& ctx, const Person& p, const LiveMember& m) {
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:unmanaged:" + p.employeeId;
  item.employeeId = p.employeeId;
  item.account = m.account;
  item.globalId = m.item->globalId;
  item.line = p.line;
  item.reason = i18n::msg(
                    "employee {employee} is departed in HR, but the member {account} was "
                    "neither created nor adopted by membersync, so it is left alone; delete "
                    "it by hand if it should go")
                    .with("employee", p.employeeId)
                    .with("account", m.account);
  ctx.departureAdvice.insert(item.key);
  ctx.add(std::move(item));
}

void planDeparted(Context& ctx, const Row& row) {
  if (row.link) {
    planDeparture(ctx, *row.link, *ctx.members.byGlobalId(row.link->globalId), &row.p);
  } else if (row.sameAccount && !row.sameAccount->link) {
    reportUnmanaged(ctx, row.p, *row.sameAccount);
  }
  // A departed person with no member: nothing to do.
}

}  // namespace

void planPeople(Context& ctx) {
  for (const Person& p : ctx.in.hr.people) {
    ctx.markInExport(p.employeeId, p.active);
    const std::string accountKey = lowerAscii(p.account);
    const LiveMember* sameAccount = ctx.members.byAccount(accountKey);
    if (sameAccount) ctx.markNamed(*sameAccount, p);  // never an orphan, nor re-keyed away
    const Row row{p, accountKey, sameAccount, liveLink(ctx, p)};
    if (p.active)
      planActive(ctx, row);
    else
      planDeparted(ctx, row);
  }
}

}  // namespace membersync::plan::detail
