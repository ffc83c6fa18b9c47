#include "jobs/plan/departures.h"

#include <algorithm>

#include "jobs/core/text.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/protected_reason.h"
#include "jobs/plan/text_util.h"

namespace membersync::plan::detail {
namespace {

constexpr state::Millis kHour = 3600000;
constexpr state::Millis kDay = 24 * kHour;

// True when the absence was last counted in this export: the same rows (by content hash), or,
// for an absence counted before the content hash was taken over the rows, the same file.
bool countedIn(const state::Absence& a, const directory::Export& hr) {
  return a.lastExportHash == hr.contentHash ||
         (!hr.legacyContentHash.empty() && a.lastExportHash == hr.legacyContentHash);
}

// One more distinct export absent, unless this export was counted already, so a re-run on the
// same rows never counts twice. A first absence always counts, even with no hash.
state::Absence countAbsence(Context& ctx, const std::string& employeeId) {
  auto it = ctx.in.state.absences.find(employeeId);
  const bool known = it != ctx.in.state.absences.end();
  state::Absence a = known ? it->second : state::Absence{employeeId, 0, "", ctx.in.now, {}};
  if (!known || !countedIn(a, ctx.in.hr)) {
    ++a.distinctExports;
    a.lastExportHash = ctx.in.hr.contentHash;
    ctx.plan.stateChanges.absences.push_back(a);
  }
  return a;
}

// The member's assets (A5 assetNums) membersync may withdraw: those state records it assigned
// to this member, and those of an exclusive pool. An asset state has no record of counts as
// membersync's when PlanInputs::managedAssets lists it.
std::vector<std::string> withdrawable(const Context& ctx, const LiveMember& m) {
  std::vector<std::string> out;
  for (const std::string& asset : m.item->assetNums) {
    const policy::AssetRule* pool = ctx.poolRuleOf(asset);
    const bool recorded = ctx.in.state.ownedAssets.count(asset) > 0;
    const bool ours = recorded ? ctx.ownedBy(asset, m.item->globalId)
                               : ctx.in.managedAssets && ctx.in.managedAssets->count(asset);
    if (ours || (pool && pool->exclusive)) out.push_back(asset);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// What [sync] departed does now, past the grace runs: a kind, plus a reason when it must wait
// (then the item is Held). No kind: nothing more to do.
struct Step {
  std::optional<ItemKind> kind;
  i18n::Message waitReason;
};

Step stepFor(const Context& ctx, const state::Absence& a, bool assetsLeft) {
  const PlanSettings& s = ctx.in.settings;
  switch (s.departed) {
    case Departed::Delete:
      return {ItemKind::Delete, {}};
    case Departed::Withdraw:
      // The account is kept for good; once withdrawn there is nothing more to do, unless
      // membersync's assets are back on it.
      if (a.withdrawnAt && !assetsLeft) return {std::nullopt, {}};
      return {ItemKind::Withdraw, {}};
    case Departed::WithdrawThenDelete: {
      if (!a.withdrawnAt) return {ItemKind::Withdraw, {}};  // the applier records withdrawnAt
      const state::Millis due = *a.withdrawnAt + std::max(0, s.deleteAfterDays) * kDay;
      if (ctx.in.now >= due) return {ItemKind::Delete, {}};
      return {ItemKind::Delete, i18n::msg("withdrawn on {withdrawn}; deleted after {days} days "
                                          "(delete_after_days), on {due}")
                                    .with("withdrawn", formatDate(ctx.in, *a.withdrawnAt))
                                    .with("days", s.deleteAfterDays)
                                    .with("due", formatDate(ctx.in, due))};
    }
    case Departed::Report:
      return {ItemKind::Delete,
              i18n::msg("[sync] departed = report: membersync only reports departures")};
  }
  return {std::nullopt, {}};
}

Item departureItem(const Context& ctx, const state::Link& link, const LiveMember& m,
                   const directory::Person* row, ItemKind kind) {
  const std::string why = row ? "departed" : "missing";
  Item item;
  item.kind = kind;
  item.key = std::string(toString(kind)) + ":" + m.item->globalId;
  item.employeeId = link.employeeId;
  item.account = m.account;
  item.globalId = m.item->globalId;
  item.name = m.item->name;
  item.destructive = true;
  if (row) item.line = row->line;
  if (kind == ItemKind::Withdraw) item.assetsToWithdraw = withdrawable(ctx, m);
  item.inputHash = memberHash(kind, link.employeeId, why, m, ctx.in.policy.contentHash);
  return item;
}

// A withdrawal with nothing of membersync's to take makes no call: it says so, and what the
// member keeps, so that nobody reads it as assets withdrawn.
i18n::Message nothingToWithdraw(const Context& ctx, const LiveMember& m) {
  std::vector<std::string> kept = m.item->assetNums;
  std::sort(kept.begin(), kept.end());
  kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
  const i18n::Message nothing =
      kept.empty() ? i18n::msg("nothing to withdraw")
                   : i18n::msgn(
                         "nothing to withdraw ({assets} was assigned outside membersync "
                         "and stays)",
                         "nothing to withdraw ({assets} were assigned outside membersync "
                         "and stay)",
                         kept.size())
                         .with("assets", joinedText(kept));
  if (ctx.in.settings.departed != Departed::WithdrawThenDelete)
    return i18n::msg("{nothing}: only the departure is recorded").with("nothing", nothing);
  return i18n::msg(
             "{nothing}: only the departure is recorded, and the member is deleted after "
             "{days} days (delete_after_days)")
      .with("nothing", nothing)
      .with("days", ctx.in.settings.deleteAfterDays);
}

i18n::Message absentText(const directory::Person* row) {
  return row ? i18n::msg("departed in HR (status \"{status}\")").with("status", row->status)
             : i18n::msg("missing from the export");
}

i18n::Message hoursText(state::Millis hours) {
  return i18n::msgn("{count} hour", "{count} hours", static_cast<unsigned long>(hours));
}

// grace_hours: while fewer than that many hours have passed since the absence was first seen
// (Absence::since), the end of the wait reason (" since ..."); empty once they have, or with
// grace_hours = 0.
std::optional<i18n::Message> graceHoursWait(const Context& ctx, const state::Absence& a,
                                            const i18n::Message& reason) {
  const int hours = std::max(0, ctx.in.settings.graceHours);
  const state::Millis due = a.since + hours * kHour;
  if (ctx.in.now >= due) return std::nullopt;
  const state::Millis elapsed = std::max<state::Millis>(0, ctx.in.now - a.since) / kHour;
  return i18n::msg(
             "{reason} since {since} ({elapsed}); acted on after {hours} (grace_hours), at "
             "{due}")
      .with("reason", reason)
      .with("since", formatTime(ctx.in, a.since))
      .with("elapsed", hoursText(elapsed))
      .with("hours", hoursText(hours))
      .with("due", formatTime(ctx.in, due));
}

// An active row under another employee id carries the member's account AND its name: the same
// person, re-keyed by HR. (Another name means the account was given to someone new: then the old
// member departs as usual, and the new person's add waits for it.)
bool looksRekeyed(const Context& ctx, const LiveMember& m) {
  const directory::Person* namer = ctx.activeNamer(m);
  return namer && lowerAscii(trim(namer->name)) == lowerAscii(trim(m.item->name));
}

// The employee id left the export, but an active row carries the member's account and name under
// another employee id: most likely HR re-keyed the person. Deleting the member to add the account
// anew would lose its assets and hand out a new password, so nothing is counted or done; the held
// item says how to resolve it.
void holdRekeyed(Context& ctx, const state::Link& link, const LiveMember& m) {
  Item item = departureItem(ctx, link, m, nullptr, ItemKind::Delete);
  hold(item, i18n::msg("employee {employee} is missing from the export, but an active row carries "
                       "its account {account} under another employee_id; if HR re-keyed this "
                       "person, restore the old employee_id in the export (or delete the member "
                       "by hand to have the account added anew); nothing is withdrawn or deleted "
                       "meanwhile")
                 .with("employee", link.employeeId)
                 .with("account", m.account));
  ctx.add(std::move(item));
}

}  // namespace

void planDeparture(Context& ctx, const state::Link& link, const LiveMember& member,
                   const directory::Person* departedRow) {
  const state::Absence a = countAbsence(ctx, link.employeeId);
  const Step step = stepFor(ctx, a, !withdrawable(ctx, member).empty());
  if (!step.kind) return;
  Item item = departureItem(ctx, link, member, departedRow, *step.kind);
  const int grace = std::max(1, ctx.in.settings.graceRuns);
  item.reason = i18n::msgn("{absent} in {count} export", "{absent} in {count} exports",
                           static_cast<unsigned long>(a.distinctExports))
                    .with("absent", absentText(departedRow));
  // Protection first: a protected member is never withdrawn or deleted, whatever the count.
  // Then both graces, runs before hours. Once passed they stay passed (the count only grows and
  // `since`, the first sighting, is kept until the absence ends), so under the same settings
  // they gate only the first destructive step: a withdrawn member's delete waits for
  // delete_after_days alone.
  const auto hoursWait = graceHoursWait(ctx, a, item.reason);
  if (ctx.isProtected(member.account)) {
    hold(item, protectedReason());
  } else if (a.distinctExports < grace) {
    hold(item, i18n::msg("{absent} in {count} of {grace} exports (grace_runs); acted on once all "
                         "{grace} are counted")
                   .with("absent", absentText(departedRow))
                   .with("count", static_cast<long long>(a.distinctExports))
                   .with("grace", grace));
  } else if (hoursWait) {
    hold(item, *hoursWait);
  } else if (!step.waitReason.empty()) {
    hold(item, joinedReasons({item.reason, step.waitReason}));
  } else if (withdrawsNothing(item)) {
    item.reason = joinedReasons({item.reason, nothingToWithdraw(ctx, member)});
  }
  ctx.add(std::move(item));
}

void planMissing(Context& ctx) {
  for (const auto& [employeeId, link] : ctx.in.state.linksByEmployee) {
    if (ctx.inExport(employeeId)) continue;  // planned with its row, by planPeople()
    const LiveMember* m = ctx.members.byGlobalId(link.globalId);
    if (!m || m->link != &link) {
      // The member is gone (or claimed by a lower employee id's link): the link is stale.
      ctx.plan.stateChanges.droppedLinks.push_back(employeeId);
      continue;
    }
    // A row that failed validation names this person: not missing, so no item and no count.
    if (ctx.skipped(employeeId, link.account) || ctx.skipped("", m->accountKey)) continue;
    if (looksRekeyed(ctx, *m)) {
      holdRekeyed(ctx, link, *m);
      continue;
    }
    planDeparture(ctx, link, *m, nullptr);
  }
}

void settleAbsences(Context& ctx) {
  // Absences are few, so this walks them rather than asking for each person.
  for (const auto& [employeeId, absence] : ctx.in.state.absences) {
    const state::Link* link = ctx.linkOf(employeeId);
    const bool liveMember = link && ctx.members.linkOf(link->globalId) == link;
    if (!liveMember || ctx.activeInExport(employeeId))
      ctx.plan.stateChanges.clearedAbsences.push_back(employeeId);
  }
}

}  // namespace membersync::plan::detail
