#include "jobs/plan/orphans.h"

#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "jobs/core/text.h"
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
    item.reason = i18n::msg("orphan");
    item.inputHash = memberHash(ItemKind::Delete, "", "orphan", m, ctx.in.policy.contentHash);
    if (ctx.isProtected(m.account)) hold(item, protectedReason());
  } else {
    item.kind = ItemKind::Orphan;
    item.key = "orphan:" + m.item->globalId;
    item.reason = i18n::msg(
        "no HR row matches this member and membersync neither created nor "
        "adopted it; left alone ([sync] orphans = report)");
  }
  return item;
}

// Not linked (a linked member is ours: departures handle it), and named by no HR row, valid or
// skipped for failing validation.
bool isOrphan(const Context& ctx, const LiveMember& m) {
  return !m.link && !ctx.named(m) && !ctx.skipped("", m.accountKey);
}

// Names compared as people would: surrounding and repeated spaces and ASCII case do not count.
std::string nameKey(const std::string& name) {
  std::string key;
  for (char c : lowerAscii(trim(name))) {
    if (c == ' ' && !key.empty() && key.back() == ' ') continue;
    key += c;
  }
  return key;
}

Item possibleDuplicate(Context& ctx, const Item& add,
                       const std::vector<const LiveMember*>& namesakes) {
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:possible-duplicate:" + add.employeeId;
  item.employeeId = add.employeeId;
  item.account = add.account;
  item.name = add.name;
  item.line = add.line;
  std::vector<std::string> members;
  std::set<std::string>& accounts = ctx.problemAccounts[item.key];
  accounts.insert(lowerAscii(add.account));
  for (const LiveMember* m : namesakes) {
    members.push_back(m->account + " (" + m->item->globalId + ")");
    accounts.insert(m->accountKey);
  }
  const auto n = static_cast<unsigned long>(namesakes.size());
  item.reason =
      (ctx.in.settings.orphans == Orphans::Delete
           ? i18n::msgn("the new {account} may be the same person as the member {members}, also "
                        "named \"{name}\", which no HR row matches ([sync] orphans = delete "
                        "deletes it): if so, give this row the account {adopt} so that the member "
                        "is adopted, not added a second time; if not, nothing to do",
                        "the new {account} may be the same person as the members {members}, also "
                        "named \"{name}\", which no HR row matches ([sync] orphans = delete "
                        "deletes them): if so, give this row the account {adopt} so that the "
                        "member is adopted, not added a second time; if not, nothing to do",
                        n)
           : i18n::msgn("the new {account} may be the same person as the member {members}, also "
                        "named \"{name}\", which no HR row matches: if so, give this row the "
                        "account {adopt} so that the member is adopted, not added a second time; "
                        "if not, nothing to do",
                        "the new {account} may be the same person as the members {members}, also "
                        "named \"{name}\", which no HR row matches: if so, give this row the "
                        "account {adopt} so that the member is adopted, not added a second time; "
                        "if not, nothing to do",
                        n))
          .with("account", add.account)
          .with("members", joinedText(members))
          .with("name", add.name)
          .with("adopt", namesakes.front()->account);
  return item;
}

}  // namespace

void planOrphans(Context& ctx) {
  // Run after planPeople(), which marks the members HR rows name.
  for (const LiveMember& m : ctx.members.live())
    if (isOrphan(ctx, m)) ctx.add(orphanItem(ctx, m));
}

void pointOutPossibleDuplicates(Context& ctx) {
  std::unordered_map<std::string, std::vector<const LiveMember*>> orphansByName;
  for (const LiveMember& m : ctx.members.live())
    if (isOrphan(ctx, m)) orphansByName[nameKey(m.item->name)].push_back(&m);
  if (orphansByName.empty()) return;
  std::vector<Item> notes;
  for (const Item& add : ctx.plan.items) {
    if (add.kind != ItemKind::Add) continue;
    const auto namesakes = orphansByName.find(nameKey(add.name));
    if (namesakes != orphansByName.end())
      notes.push_back(possibleDuplicate(ctx, add, namesakes->second));
  }
  for (Item& note : notes) ctx.add(std::move(note));
}

}  // namespace membersync::plan::detail
