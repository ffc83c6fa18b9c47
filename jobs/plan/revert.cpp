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

std::string shown(const std::string& value) { return value.empty() ? "nothing" : "\"" + value + "\""; }

// Why a write of this kind cannot be taken back, and what to do instead; nullopt for the kinds
// a revert undoes.
std::optional<std::string> irreversible(const std::string& kind) {
  if (kind == "add") return "a member cannot be un-created: delete it by hand if it should not exist";
  if (kind == "delete") return "a deleted member cannot be restored: the next sync adds it again if HR still lists the person";
  if (kind == "lend") return "a lending cannot be taken back by the API: return the lock on the center";
  if (kind == "enrol") return "an enrolment cannot be withdrawn by the activity service";
  if (kind == "reset-password") return "a password cannot be set back: the new one is in the outbox";
  if (kind == "edit" || kind == "assign" || kind == "withdraw") return std::nullopt;
  return "membersync does not know how to undo a '" + kind + "' write";
}

class RevertPlanner {
 public:
  RevertPlanner(const RevertInputs& in, Context& ctx) : in_(in), ctx_(ctx) {
    if (in.now.assets)
      for (const auto& a : *in.now.assets) assets_[a.assetNum] = &a;
  }

  void add(const JournaledWrite& w) {
    if (auto why = irreversible(w.kind))
      return problem(w, "cannot-undo", "cannot undo the " + w.kind + ": " + *why);
    if (w.inDoubt)
      return problem(w, "in-doubt", "skipped the " + w.kind + " of " + w.account +
                                        ": whether it took effect is not known yet; the next "
                                        "sync settles it, then revert again");
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

  void problem(const JournaledWrite& w, const std::string& what, std::string reason) {
    Item item;
    item.kind = ItemKind::Problem;
    item.key = keyPrefix() + what + ":" + w.key;
    item.employeeId = w.employeeId;
    item.account = w.account;
    item.globalId = w.globalId;
    item.reason = std::move(reason) + " (" + runText() + ")";
    item.revertsRun = in_.run;
    ctx_.add(std::move(item));
  }

  // The member the write concerned, or null once the reason it is skipped is said.
  const LiveMember* memberOf(const JournaledWrite& w) {
    const LiveMember* m = ctx_.members.byGlobalId(w.globalId);
    if (!m) {
      problem(w, "skipped", "skipped the " + w.kind + " of " + w.account +
                                ": the member is no longer on the center");
      return nullptr;
    }
    if (ctx_.isProtected(m->account)) {
      problem(w, "skipped", "skipped the " + w.kind + " of " + m->account + ": " +
                                detail::kProtectedReason);
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
      const std::string what = fieldLabel(c.field) + " of " + m.account;
      if (now != c.after) {
        problem(w, "skipped:" + c.field,
                now == c.before ? "skipped " + what + ": already " + shown(now) + " again"
                                : "skipped " + what + ": the center now has " + shown(now) +
                                      ", not the " + shown(c.after) + " the run set");
      } else if (c.field == "departmentId" && c.before.empty()) {
        problem(w, "skipped:" + c.field,
                "skipped " + what + ": it had no department before, and A2 cannot clear one");
      } else {
        setEditField(item, c.field, c.before);
        item.changes.push_back({c.field, now, c.before});
      }
    }
    if (item.changes.empty()) return;
    item.reason = "revert of " + runText();
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
      it->second.reason = "revert of " + runText();
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
        problem(w, "skipped:" + asset, "skipped withdrawing " + asset + " from " + m.account +
                                           ": the member no longer holds it");
      } else if (a->borrowedFlag) {
        problem(w, "skipped:" + asset, "skipped withdrawing " + asset + " from " + m.account +
                                           ": it is lent to a lock; return the lock first");
      } else if (!ctx_.ownedBy(asset, globalId)) {
        problem(w, "skipped:" + asset, "skipped withdrawing " + asset + " from " + m.account +
                                           ": membersync no longer manages it");
      } else {
        assignmentOf(m, w).assetsToWithdraw.push_back(asset);
      }
    }
    for (std::size_t i = 0; i < w.withdrawn.size(); ++i) {
      const std::string& asset = w.withdrawn[i];
      const auto* a = assetOf(asset);
      if (!a) {
        problem(w, "skipped:" + asset, "skipped assigning " + asset + " to " + m.account +
                                           " again: the enterprise no longer has it");
      } else if (a->cloudAccountGlobalId || a->borrowedFlag) {
        problem(w, "skipped:" + asset, "skipped assigning " + asset + " to " + m.account +
                                           " again: it is no longer free");
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
  std::map<std::string, Item> assignments_;                    // by member globalId
};

}  // namespace

std::optional<std::string> revertRefusal(long long run, const std::vector<JournaledWrite>& writes) {
  std::size_t without = 0;
  for (const auto& w : writes) without += w.hasBeforeValues ? 0 : 1;
  if (without == 0) return std::nullopt;
  return "run " + std::to_string(run) + " cannot be reverted: " + std::to_string(without) +
         " of its edits were journaled without the values before (by a membersync older than "
         "revert); undo them by hand, `membersync explain ACCOUNT` shows what changed";
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
