#include "jobs/plan/revert.h"

#include <map>

#include "jobs/plan/context.h"
#include "jobs/plan/delete_guard.h"
#include "jobs/plan/field_buffer.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/ordering.h"
#include "jobs/plan/protected_reason.h"

namespace membersync::plan {
namespace {

using detail::Context;
using detail::FieldBuffer;
using detail::LiveMember;
using detail::setEditField;

i18n::Message shown(const std::string& value) {
  return value.empty() ? i18n::msg("nothing") : i18n::verbatim("\"" + value + "\"");
}

// Why a write of this kind cannot be taken back, and what to do instead; nullopt for the kinds
// a revert undoes.
std::optional<i18n::Message> irreversible(const std::string& kind) {
  using i18n::msg;
  if (kind == "add")
    return msg("a member cannot be un-created: delete it by hand if it should not exist");
  if (kind == "delete")
    return msg(
        "a deleted member cannot be restored: the next sync adds it again if HR still lists the "
        "person");
  if (kind == "lend")
    return msg("a lending cannot be taken back by the API: return the lock on the center");
  if (kind == "enrol") return msg("an enrolment cannot be withdrawn by the activity service");
  if (kind == "reset-password")
    return msg("a password cannot be set back: the new one is in the outbox");
  if (kind == "edit" || kind == "assign" || kind == "withdraw") return std::nullopt;
  return msg("membersync does not know how to undo a '{kind}' write").with("kind", kind);
}

class RevertPlanner {
 public:
  RevertPlanner(const RevertInputs& in, Context& ctx) : in_(in), ctx_(ctx) {
    if (in.now.assets)
      for (const auto& a : *in.now.assets) assets_[a.assetNum] = &a;
  }

  void add(const JournaledWrite& w) {
    if (auto why = irreversible(w.kind))
      return problem(
          w, "cannot-undo",
          i18n::msg("cannot undo the {kind}: {why}").with("kind", w.kind).with("why", *why));
    if (w.inDoubt)
      return problem(w, "in-doubt",
                     i18n::msg("skipped the {kind} of {account}: whether it took effect is not "
                               "known yet; the next sync settles it, then revert again")
                         .with("kind", w.kind)
                         .with("account", w.account));
    const LiveMember* member = memberOf(w);
    if (!member) return;
    if (w.kind == "edit") return revertEdit(w, *member);
    revertAssets(w, *member);
    if (w.kind == "withdraw" && !w.employeeId.empty()) endDeparture(w, *member);
  }

  // The asset items gathered per member, into the plan.
  void finish() {
    for (auto& [globalId, item] : assignments_) {
      if (item.assetsToAdd.empty() && item.assetsToWithdraw.empty()) continue;
      item.destructive = !item.assetsToWithdraw.empty();
      FieldBuffer f;
      f.field("revert").field(std::to_string(in_.run)).field(globalId);
      for (const auto& a : item.assetsToAdd) f.field("+" + a);
      for (const auto& a : item.assetsToWithdraw) f.field("-" + a);
      item.inputHash = f.sha256();
      ctx_.add(std::move(item));
    }
  }

 private:
  std::string runText() const { return "run " + std::to_string(in_.run); }
  // Keys of their own ("revert:12:edit:E1001"): see revertKeyPrefix().
  std::string keyPrefix() const { return revertKeyPrefix(in_.run); }

  i18n::Message revertOf() const {
    return i18n::msg("revert of run {number}").with("number", in_.run);
  }

  void problem(const JournaledWrite& w, const std::string& what, i18n::Message reason) {
    Item item;
    item.kind = ItemKind::Problem;
    item.key = keyPrefix() + what + ":" + w.key;
    item.employeeId = w.employeeId;
    item.account = w.account;
    item.globalId = w.globalId;
    item.reason = i18n::msg("{reason} (run {number})")
                      .with("reason", std::move(reason))
                      .with("number", in_.run);
    item.revertsRun = in_.run;
    ctx_.add(std::move(item));
  }

  // The member the write concerned, or null once the reason it is skipped is said.
  const LiveMember* memberOf(const JournaledWrite& w) {
    const LiveMember* m = ctx_.members.byGlobalId(w.globalId);
    if (!m) {
      problem(w, "skipped",
              i18n::msg("skipped the {kind} of {account}: the member is no longer on the center")
                  .with("kind", w.kind)
                  .with("account", w.account));
      return nullptr;
    }
    if (ctx_.isProtected(m->account)) {
      problem(w, "skipped",
              i18n::msg("skipped the {kind} of {account}: {reason}")
                  .with("kind", w.kind)
                  .with("account", m->account)
                  .with("reason", detail::protectedReason()));
      return nullptr;
    }
    return m;
  }

  // Each field back to its value before, where the center still holds the run's value after.
  void revertEdit(const JournaledWrite& w, const LiveMember& m) {
    Item item;
    item.kind = ItemKind::Edit;
    item.key = keyPrefix() + "edit:" + w.employeeId;
    item.employeeId = w.employeeId;
    item.account = m.account;
    item.globalId = m.item->globalId;
    item.name = m.item->name;
    for (const FieldChange& c : w.changes) {
      const std::string now = memberField(*m.item, c.field);
      const i18n::Message what = i18n::msg("{field} of {account}")
                                     .with("field", fieldLabel(c.field))
                                     .with("account", m.account);
      if (now != c.after) {
        problem(w, "skipped:" + c.field,
                now == c.before ? i18n::msg("skipped {what}: already {value} again")
                                      .with("what", what)
                                      .with("value", shown(now))
                                : i18n::msg("skipped {what}: the center now has {value}, not the "
                                            "{after} the run set")
                                      .with("what", what)
                                      .with("value", shown(now))
                                      .with("after", shown(c.after)));
      } else if (c.field == "departmentId" && c.before.empty()) {
        problem(w, "skipped:" + c.field,
                i18n::msg(
                    "skipped {what}: it had no department before, and the center cannot clear one")
                    .with("what", what));
      } else {
        setEditField(item, c.field, c.before);
        item.changes.push_back({c.field, now, c.before});
      }
    }
    if (item.changes.empty()) return;
    item.reason = revertOf();
    item.revertsRun = in_.run;
    FieldBuffer f;
    f.field("revert").field(std::to_string(in_.run)).field(item.globalId);
    for (const auto& c : item.changes) f.field(c.field).field(c.before).field(c.after);
    item.inputHash = f.sha256();
    ctx_.add(std::move(item));
  }

  // A departure taken back forgets the absence: once the assets are back when some are put
  // back (the assign's success), else now.
  void endDeparture(const JournaledWrite& w, const LiveMember& m) {
    auto it = assignments_.find(m.item->globalId);
    if (it != assignments_.end() && !it->second.assetsToAdd.empty())
      it->second.endsDeparture = true;
    else
      ctx_.plan.stateChanges.clearedAbsences.push_back(w.employeeId);
  }

  Item& assignmentOf(const LiveMember& m, const JournaledWrite& w) {
    auto [it, fresh] = assignments_.try_emplace(m.item->globalId);
    if (fresh) {
      it->second.kind = ItemKind::Assign;
      it->second.key = keyPrefix() + "assign:" + m.item->globalId;
      it->second.employeeId = w.employeeId;
      it->second.account = m.account;
      it->second.globalId = m.item->globalId;
      it->second.rule = "revert of " + runText();
      it->second.reason = revertOf();
      it->second.revertsRun = in_.run;
    }
    return it->second;
  }

  // Assets the run assigned are withdrawn, those it withdrew assigned again, where A6 allows.
  void revertAssets(const JournaledWrite& w, const LiveMember& m) {
    const std::string& globalId = m.item->globalId;
    for (const std::string& asset : w.assigned) {
      const auto* a = assetOf(asset);
      if (!a || a->cloudAccountGlobalId.value_or("") != globalId) {
        problem(
            w, "skipped:" + asset,
            i18n::msg("skipped withdrawing {asset} from {account}: the member no longer holds it")
                .with("asset", asset)
                .with("account", m.account));
      } else if (a->borrowedFlag) {
        problem(w, "skipped:" + asset,
                i18n::msg("skipped withdrawing {asset} from {account}: it is lent to a lock; "
                          "return the lock first")
                    .with("asset", asset)
                    .with("account", m.account));
      } else if (!ctx_.ownedBy(asset, globalId)) {
        problem(
            w, "skipped:" + asset,
            i18n::msg("skipped withdrawing {asset} from {account}: membersync no longer manages it")
                .with("asset", asset)
                .with("account", m.account));
      } else {
        assignmentOf(m, w).assetsToWithdraw.push_back(asset);
      }
    }
    for (std::size_t i = 0; i < w.withdrawn.size(); ++i) {
      const std::string& asset = w.withdrawn[i];
      const auto* a = assetOf(asset);
      if (!a) {
        problem(w, "skipped:" + asset,
                i18n::msg(
                    "skipped assigning {asset} to {account} again: the enterprise no longer has it")
                    .with("asset", asset)
                    .with("account", m.account));
      } else if (a->cloudAccountGlobalId || a->borrowedFlag) {
        problem(w, "skipped:" + asset,
                i18n::msg("skipped assigning {asset} to {account} again: it is no longer free")
                    .with("asset", asset)
                    .with("account", m.account));
      } else {
        Item& item = assignmentOf(m, w);
        item.assetsToAdd.push_back(asset);
        const bool known = w.withdrawnRules.size() == w.withdrawn.size();
        item.assetRules.push_back(known ? w.withdrawnRules[i] : item.rule);
      }
    }
  }

  const center::AssetNumber* assetOf(const std::string& assetNum) const {
    auto it = assets_.find(assetNum);
    return it == assets_.end() ? nullptr : it->second;
  }

  const RevertInputs& in_;
  Context& ctx_;
  std::map<std::string, const center::AssetNumber*> assets_;  // A6, by asset number
  std::map<std::string, Item> assignments_;                   // by member globalId
};

}  // namespace

std::optional<i18n::Message> revertRefusal(long long run,
                                           const std::vector<JournaledWrite>& writes) {
  std::size_t without = 0;
  for (const auto& w : writes) without += w.hasBeforeValues ? 0 : 1;
  if (without == 0) return std::nullopt;
  // Both English forms are the same: "1 of its edits" reads as a share of them.
  return i18n::msgn(
             "run {run} cannot be reverted: {count} of its edits were journaled without "
             "the values before (by a membersync older than revert); undo them by hand, "
             "`membersync explain ACCOUNT` shows what changed",
             "run {run} cannot be reverted: {count} of its edits were journaled without "
             "the values before (by a membersync older than revert); undo them by hand, "
             "`membersync explain ACCOUNT` shows what changed",
             static_cast<unsigned long>(without))
      .with("run", run);
}

Plan planRevert(const RevertInputs& in) {
  const PlanInputs& now = in.now;
  Plan plan;
  plan.exportHash = now.hr.contentHash;
  plan.exportRows = static_cast<std::int64_t>(now.hr.rowCount);
  plan.policyHash = now.policy.contentHash;
  plan.membersFingerprint = membersFingerprint(now.members);
  plan.entitlementsFingerprint =
      entitlementsFingerprint(now.assets, now.locks, now.productsByAssetId);
  plan.computedAt = now.now;
  plan.revertsRun = in.run;

  Context ctx(now, plan);
  RevertPlanner planner(in, ctx);
  for (const JournaledWrite& w : in.writes) planner.add(w);
  planner.finish();
  detail::applyGuard(ctx, detail::ExportCheck::Skip);  // the export is not what is undone
  detail::orderItems(plan);
  detail::orderStateChanges(plan);
  detail::countItems(plan);
  return plan;
}

}  // namespace membersync::plan
