#include "jobs/plan/allocation.h"

#include <algorithm>
#include <set>

#include "jobs/core/text.h"
#include "jobs/plan/field_buffer.h"
#include "jobs/plan/holding.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/protected_reason.h"
#include "jobs/plan/text_util.h"
#include "jobs/policy/rules.h"

namespace membersync::plan::detail {
namespace {

constexpr std::size_t kListed = 50;  // people a shortage names before "and N more"

// One member the asset rules act on, and what the plan does with its assets.
struct Holder {
  const Entitled* who = nullptr;       // null: a member no HR row manages (exclusive pools only)
  const LiveMember* member = nullptr;  // null: added by this plan
  std::vector<std::size_t> rules;      // the asset rules the person matches, in policy order
  std::vector<Grant> kept, added;
  std::vector<Withdrawal> withdrawn;

  bool satisfied(std::size_t rule) const {
    for (const Grant& g : kept)
      if (g.rule == rule) return true;
    return false;
  }
};

class Allocator {
 public:
  Allocator(Context& ctx, const AssetIndex& index)
      : ctx_(ctx),
        index_(index),
        rules_(ctx.in.policy.assets),
        taken_(index.size(), 0),
        byRule_(rules_.size()) {}

  ManagedAssets run(const std::vector<Entitled>& people, std::vector<std::size_t>* wanted) {
    match(people);
    if (wanted) {
      wanted->clear();
      for (const std::vector<std::size_t>& holders : byRule_) wanted->push_back(holders.size());
    }
    for (Holder& h : holders_) judge(h);
    for (std::size_t r = 0; r < rules_.size(); ++r) allocate(r);
    addUnmanagedMembers();
    for (const Holder& h : holders_) addItem(h);
    reportMissingPoolAssets();
    dropStaleOwnership();
    return managed();
  }

 private:
  void match(const std::vector<Entitled>& people) {
    holders_.reserve(people.size());
    for (const Entitled& e : people) {
      Holder h;
      h.who = &e;
      h.member = e.member;
      h.rules = matchedRules(rules_, *e.person);
      for (std::size_t r : h.rules) byRule_[r].push_back(holders_.size());
      holders_.push_back(std::move(h));
    }
  }

  const std::string& globalIdOf(const Holder& h) const {
    static const std::string kNone;
    return h.member ? h.member->item->globalId : kNone;
  }

  // What the member keeps and gives back of what it holds: judgeHeld(), which `explain` asks
  // too. Allocating afterwards hands out only free assets, so it changes neither.
  void judge(Holder& h) {
    if (!h.member) return;
    Holding held = judgeHeld(index_, rules_, ctx_.in.state, globalIdOf(h), h.rules, true);
    h.kept = std::move(held.kept);
    h.withdrawn = std::move(held.withdrawn);
  }

  // Hands rule r's free assets, in its order, to the people it grants one and who keep none.
  void allocate(std::size_t r) {
    const std::vector<std::size_t>& candidates = index_.candidates(r);
    std::size_t next = 0;
    std::vector<std::string> without;
    std::set<std::string> accounts;
    for (std::size_t n : byRule_[r]) {
      Holder& h = holders_[n];
      if (h.satisfied(r)) continue;
      while (next < candidates.size() &&
             (taken_[candidates[next]] || !index_.unassigned(candidates[next])))
        ++next;
      if (next == candidates.size()) {
        without.push_back(h.who->account);
        accounts.insert(lowerAscii(h.who->account));
        continue;
      }
      taken_[candidates[next]] = 1;
      h.added.push_back({r, candidates[next]});
    }
    if (!without.empty()) reportShortage(r, without, std::move(accounts));
  }

  void reportShortage(std::size_t r, const std::vector<std::string>& without,
                      std::set<std::string> accounts) {
    const policy::AssetRule& rule = rules_[r];
    Item item;
    item.kind = ItemKind::Problem;
    item.key = "problem:assets:" + rule.rule;
    item.rule = rule.rule;
    const i18n::Message people = i18n::msgn("{count} person without: {people}",
                                            "{count} people without: {people}", without.size())
                                     .with("people", namedList(without, kListed));
    item.reason = (rule.product.empty()
                       ? i18n::msg("pool {rule} ran dry: {people} (add free asset numbers to the "
                                   "rule's pool, or free some)")
                       : i18n::msg("no free asset holds {product} (rule {rule}): {people} (buy "
                                   "more, or free some)")
                             .with("product", rule.product))
                      .with("rule", rule.rule)
                      .with("people", people);
    ctx_.problemAccounts[item.key] = std::move(accounts);
    ctx_.add(std::move(item));
  }

  // Members no HR row manages (not linked, not adopted, not named by a skipped row) give back
  // the assets of exclusive pools: such a pool is membersync's alone. Linked members whose
  // person left are the departures' business (grace runs first).
  void addUnmanagedMembers() {
    bool anyExclusive = false;
    for (const policy::AssetRule& r : rules_) anyExclusive = anyExclusive || r.exclusive;
    if (!anyExclusive) return;
    std::vector<char> entitled(ctx_.members.live().size(), 0);
    for (const Holder& h : holders_)
      if (h.member) entitled[ctx_.members.indexOf(*h.member)] = 1;
    for (const LiveMember& m : ctx_.members.live()) {
      if (entitled[ctx_.members.indexOf(m)] || m.link || ctx_.skipped("", m.accountKey)) continue;
      Holder h;
      h.member = &m;
      h.withdrawn = judgeHeld(index_, rules_, ctx_.in.state, m.item->globalId, {}, false).withdrawn;
      if (!h.withdrawn.empty()) holders_.push_back(std::move(h));
    }
  }

  void addItem(const Holder& h) {
    if (h.added.empty() && h.withdrawn.empty()) return;
    Item item;
    item.kind = ItemKind::Assign;
    item.globalId = globalIdOf(h);
    item.key = "assign:" + (h.who ? h.who->key : item.globalId);
    item.account = h.who ? h.who->account : h.member->account;
    if (h.who) {
      item.employeeId = h.who->person->employeeId;
      item.name = h.who->person->name;
      item.line = h.who->person->line;
    } else {
      item.name = h.member->item->name;
    }
    fillAssets(item, h);
    item.destructive = !item.assetsToWithdraw.empty();
    item.inputHash = hashOf(item, h);
    if (item.destructive && ctx_.isProtected(item.account)) hold(item, protectedReason());
    ctx_.add(std::move(item));
  }

  void fillAssets(Item& item, const Holder& h) const {
    std::vector<Grant> added = h.added;
    std::sort(added.begin(), added.end(), [&](const Grant& a, const Grant& b) {
      return index_.at(a.asset).assetNum < index_.at(b.asset).assetNum;
    });
    std::vector<i18n::Message> reasons;
    std::vector<std::string> ruleNames;
    auto name = [&](const std::string& rule) {
      if (!rule.empty() && std::find(ruleNames.begin(), ruleNames.end(), rule) == ruleNames.end())
        ruleNames.push_back(rule);
    };
    for (const Grant& g : added) {
      item.assetsToAdd.push_back(index_.at(g.asset).assetNum);
      item.assetRules.push_back(rules_[g.rule].rule);
      reasons.push_back(grantText(index_, rules_, g));
      name(rules_[g.rule].rule);
    }
    std::vector<Withdrawal> withdrawn = h.withdrawn;
    std::sort(withdrawn.begin(), withdrawn.end(), [&](const Withdrawal& a, const Withdrawal& b) {
      return index_.at(a.asset).assetNum < index_.at(b.asset).assetNum;
    });
    for (const Withdrawal& w : withdrawn) {
      item.assetsToWithdraw.push_back(index_.at(w.asset).assetNum);
      reasons.push_back(i18n::msg("withdraw {what}").with("what", w.why));
      if (added.empty()) name(w.rule);
    }
    item.rule = joinedText(ruleNames, ", ");
    item.reason = joinedReasons(std::move(reasons));
  }

  // What the item is computed from: the member, the assets, and the hashes of the rules the
  // person matches (so a changed rule retries an item the center refused).
  std::string hashOf(const Item& item, const Holder& h) const {
    FieldBuffer f;
    f.field("assign").field(item.key).field(item.globalId).field(item.account);
    f.field(std::to_string(item.assetsToAdd.size()));
    for (std::size_t i = 0; i < item.assetsToAdd.size(); ++i)
      f.field(item.assetsToAdd[i]).field(item.assetRules[i]);
    f.field(std::to_string(item.assetsToWithdraw.size()));
    for (const std::string& a : item.assetsToWithdraw) f.field(a);
    for (std::size_t r : h.rules) f.field(rules_[r].hash);
    return f.sha256();
  }

  void reportMissingPoolAssets() {
    for (std::size_t r = 0; r < rules_.size(); ++r) {
      const std::vector<std::string>& missing = index_.missing(r);
      if (missing.empty()) continue;
      Item item;
      item.kind = ItemKind::Problem;
      item.key = "problem:pool-assets:" + rules_[r].rule;
      item.rule = rules_[r].rule;
      item.reason = i18n::msg(
                        "pool {rule} lists {assets}, which are not among the enterprise's "
                        "assets; correct the asset numbers in the policy")
                        .with("rule", rules_[r].rule)
                        .with("assets", joinedText(missing, ", "));
      ctx_.add(std::move(item));
    }
  }

  // Ownership A6 contradicts (the asset withdrawn or moved by hand, or gone) is forgotten, so an
  // asset membersync once assigned is never taken back from someone it was given to by hand.
  void dropStaleOwnership() {
    for (const auto& [num, owned] : ctx_.in.state.ownedAssets) {
      const std::size_t a = index_.find(num);
      if (a == AssetIndex::kNone || index_.unassigned(a) ||
          *index_.at(a).cloudAccountGlobalId != owned.globalId)
        ctx_.plan.stateChanges.droppedOwnedAssets.push_back(num);
    }
  }

  ManagedAssets managed() const {
    ManagedAssets out;
    for (const Holder& h : holders_) {
      if (!h.who) continue;
      std::vector<std::size_t>& assets = out[h.who->key];
      for (const Grant& g : h.kept) {
        const int pool = index_.poolRule(g.asset);
        if (ctx_.ownedBy(index_.at(g.asset).assetNum, globalIdOf(h)) ||
            (pool != AssetIndex::kNoRule && rules_[pool].exclusive))
          assets.push_back(g.asset);
      }
      for (const Grant& g : h.added) assets.push_back(g.asset);
      std::sort(assets.begin(), assets.end());
    }
    return out;
  }

  Context& ctx_;
  const AssetIndex& index_;
  const std::vector<policy::AssetRule>& rules_;
  std::vector<char> taken_;                       // by asset: handed out by this plan
  std::vector<Holder> holders_;                   // entitled people first, in employee id order
  std::vector<std::vector<std::size_t>> byRule_;  // rule -> holders matching it, in that order
};

}  // namespace

ManagedAssets planAssets(Context& ctx, const AssetIndex& index, const std::vector<Entitled>& people,
                         std::vector<std::size_t>* wanted) {
  return Allocator(ctx, index).run(people, wanted);
}

}  // namespace membersync::plan::detail
