#include "jobs/plan/locks.h"

#include <algorithm>
#include <unordered_map>

#include "jobs/core/text.h"
#include "jobs/plan/field_buffer.h"
#include "jobs/plan/text_util.h"
#include "jobs/policy/rules.h"

namespace membersync::plan::detail {
namespace {

// The lock a person should have lent, and by which rule.
struct Wanted {
  std::string lock;
  const policy::LockRule* rule = nullptr;
};

class Lender {
 public:
  Lender(Context& ctx, const AssetIndex& index, const ManagedAssets& managed)
      : ctx_(ctx), index_(index), managed_(managed) {
    for (const center::BorrowedLock& lock : *ctx.in.locks) locks_.emplace(lock.assetNum, &lock);
  }

  void run(const std::vector<Entitled>& people) {
    for (const Entitled& e : people) planPerson(e);
    endLendings();
  }

 private:
  static Wanted wanted(const policy::Policy& policy, const directory::Person& p) {
    for (const policy::LockRule& rule : policy.locks) {
      if (!policy::matches(rule.when, p)) continue;
      const std::string lock = policy::fieldValue(p, rule.lockFrom).value_or("");
      if (!lock.empty()) return {lock, &rule};
    }
    return {};
  }

  const center::BorrowedLock* lockOf(const std::string& number) const {
    auto it = locks_.find(number);
    return it == locks_.end() ? nullptr : it->second;
  }

  // A8 shows the lock lent to this member.
  bool lentTo(const center::BorrowedLock* lock, const std::string& globalId) const {
    return lock && !globalId.empty() && lock->cloudAccountGlobalId.value_or("") == globalId;
  }

  const state::Lending* lendingOf(const std::string& globalId) const {
    auto it = ctx_.in.state.lendings.find(globalId);
    return it == ctx_.in.state.lendings.end() ? nullptr : &it->second;
  }

  std::string holderOf(const std::string& globalId) const {
    const LiveMember* m = ctx_.members.byGlobalId(globalId);
    return m ? "the member " + m->account + " (" + globalId + ")" : "the member " + globalId;
  }

  void planPerson(const Entitled& e) {
    const Wanted w = wanted(ctx_.in.policy, *e.person);
    if (!w.rule) return;
    const std::string gid = e.member ? e.member->item->globalId : std::string();
    if (!gid.empty()) wanted_[gid] = w;
    const i18n::Message from = i18n::msg("lock {lock} (HR column {column}, rule {rule})")
                                   .with("lock", w.lock)
                                   .with("column", w.rule->lockFrom)
                                   .with("rule", w.rule->rule);
    const center::BorrowedLock* lock = lockOf(w.lock);
    if (!lock)
      return problem(e, i18n::msg("{lock} is not among the enterprise's borrowed locks; "
                                  "correct the lock number in HR")
                            .with("lock", from));
    const state::Lending* lending = gid.empty() ? nullptr : lendingOf(gid);
    if (lentTo(lock, gid) || (lending && lending->lockNumber == w.lock)) return;  // lent once
    const std::string other = lock->cloudAccountGlobalId.value_or("");
    if (!other.empty() || lock->borrowedFlag)
      return problem(e, (other.empty() ? i18n::msg("{lock} is already lent to another member; "
                                                   "have it returned in the member center, or "
                                                   "correct the lock number in HR")
                                       : i18n::msg("{lock} is already lent to {holder}; have it "
                                                   "returned in the member center, or correct "
                                                   "the lock number in HR")
                                             .with("holder", holderOf(other)))
                            .with("lock", from));
    // Another lock of membersync's is still lent to the member: endLendings() reports it.
    if (lending && lentTo(lockOf(lending->lockNumber), gid)) return;
    lend(e, w, from);
  }

  void lend(const Entitled& e, const Wanted& w, const i18n::Message& from) {
    auto it = managed_.find(e.key);
    std::vector<std::string> ids, nums, lent;
    if (it != managed_.end()) {
      for (std::size_t a : it->second) {
        const center::AssetNumber& asset = index_.at(a);
        if (asset.borrowedFlag) {
          lent.push_back(asset.assetNum);
        } else {
          ids.push_back(asset.assetId);
          nums.push_back(asset.assetNum);
        }
      }
    }
    if (ids.empty() && !lent.empty())
      return problem(e, i18n::msg("{lock}: the member's assets {assets} are already lent to "
                                  "another lock; have them returned in the member center")
                            .with("lock", from)
                            .with("assets", joinedText(lent)));
    if (ids.empty())
      return problem(e, i18n::msg("{lock}: nothing to lend, the member holds no asset membersync "
                                  "manages; an asset rule must grant it one")
                            .with("lock", from));
    // Two HR rows naming one lock: the first (by employee id) with something to lend gets it.
    auto [first, fresh] = claimed_.emplace(w.lock, e.account);
    if (!fresh)
      return problem(e, i18n::msg("{lock} is also the lock of {account}, who gets it in this "
                                  "run; correct the lock number in HR")
                            .with("lock", from)
                            .with("account", first->second));
    std::sort(ids.begin(), ids.end());
    Item item;
    item.kind = ItemKind::Lend;
    item.key = "lend:" + e.key + ":" + w.lock;
    fillPerson(item, e);
    item.rule = w.rule->rule;
    item.lockNumber = w.lock;
    item.assetIds = ids;
    item.reason = i18n::msg("rule {rule}: HR column {column} holds lock {lock}; lends {assets}")
                      .with("rule", w.rule->rule)
                      .with("column", w.rule->lockFrom)
                      .with("lock", w.lock)
                      .with("assets", joinedText(nums));
    FieldBuffer f;
    f.field("lend").field(item.key).field(item.globalId).field(w.lock);
    f.field(std::to_string(ids.size()));
    for (const std::string& id : ids) f.field(id);
    item.inputHash = f.field(w.rule->hash).sha256();
    ctx_.add(std::move(item));
  }

  static void fillPerson(Item& item, const Entitled& e) {
    item.employeeId = e.person->employeeId;
    item.account = e.account;
    item.globalId = e.member ? e.member->item->globalId : std::string();
    item.name = e.person->name;
    item.line = e.person->line;
  }

  void problem(const Entitled& e, i18n::Message reason) {
    Item item;
    item.kind = ItemKind::Problem;
    item.key = "problem:lock:" + e.person->employeeId;
    fillPerson(item, e);
    item.reason = std::move(reason);
    ctx_.add(std::move(item));
  }

  // Lendings membersync made that no rule wants any more, or whose lock A8 no longer lists.
  void endLendings() {
    for (const auto& [gid, lending] : ctx_.in.state.lendings) {
      const LiveMember* m = ctx_.members.byGlobalId(gid);
      auto w = wanted_.find(gid);
      const bool stillWanted = w != wanted_.end() && w->second.lock == lending.lockNumber;
      // A lock gone from A8 is forgotten even while a rule still names it (planPerson reports
      // that): kept, it would make every later A8 look implausible, `allow` or not.
      if (stillWanted && lockOf(lending.lockNumber)) continue;
      if (!m || !lentTo(lockOf(lending.lockNumber), gid)) {
        ctx_.plan.stateChanges.endedLendings.push_back(gid);  // gone, or returned by hand
        continue;
      }
      reportEnding(*m, lending, w == wanted_.end() ? nullptr : &w->second);
    }
  }

  void reportEnding(const LiveMember& m, const state::Lending& lending, const Wanted* now) {
    // A row skipped as invalid says nothing of its person: not known to have left, nor what the
    // rules give them. The lending stays as it is, and nobody is told to end it.
    const std::string employeeId = m.link ? m.link->employeeId : std::string();
    if (!now && ctx_.skipped(employeeId, m.accountKey)) return;
    const bool gone = !now && m.link && !ctx_.activeInExport(employeeId);
    i18n::Message why;
    if (now)
      why = i18n::msg("HR column {column} now holds lock {lock}")
                .with("column", now->rule->lockFrom)
                .with("lock", now->lock);
    else if (gone)
      why = i18n::msg("the person left or is missing from the export");
    else
      why = i18n::msg("no lock rule gives the member a lock any more");
    Item item;
    item.kind = ItemKind::Problem;
    item.key = "problem:lending:" + m.item->globalId;
    item.employeeId = m.link ? m.link->employeeId : std::string();
    item.account = m.account;
    item.globalId = m.item->globalId;
    item.rule = lending.rule;
    item.lockNumber = lending.lockNumber;
    item.reason = (now ? i18n::msg("lock {lock} was lent to this member (rule {rule}, {date}), "
                                   "but {why}; the spec has no return call: return lock {lock} "
                                   "by hand in the member center (membersync forgets the lending "
                                   "once the center shows it returned); lock {next} is lent on the run "
                                   "after that")
                             .with("next", now->lock)
                       : i18n::msg("lock {lock} was lent to this member (rule {rule}, {date}), "
                                   "but {why}; the spec has no return call: return lock {lock} "
                                   "by hand in the member center (membersync forgets the lending "
                                   "once the center shows it returned)"))
                      .with("lock", lending.lockNumber)
                      .with("rule", lending.rule)
                      .with("date", formatDate(ctx_.in, lending.lentAt))
                      .with("why", why);
    if (gone) ctx_.departureAdvice.insert(item.key);
    ctx_.add(std::move(item));
  }

  Context& ctx_;
  const AssetIndex& index_;
  const ManagedAssets& managed_;
  std::unordered_map<std::string_view, const center::BorrowedLock*> locks_;  // by lock number
  std::unordered_map<std::string, Wanted> wanted_;                           // by globalId
  std::unordered_map<std::string, std::string> claimed_;  // lock number -> account lent it now
};

}  // namespace

void planLocks(Context& ctx, const AssetIndex& index, const std::vector<Entitled>& people,
               const ManagedAssets& managed) {
  Lender(ctx, index, managed).run(people);
}

}  // namespace membersync::plan::detail
