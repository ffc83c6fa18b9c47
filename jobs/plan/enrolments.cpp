#include "jobs/plan/enrolments.h"

#include "jobs/core/text.h"
#include "jobs/plan/field_buffer.h"
#include "jobs/plan/item_fields.h"
#include "jobs/plan/text_util.h"
#include "jobs/policy/rules.h"

namespace membersync::plan::detail {
namespace {

constexpr std::size_t kListed = 50;

std::string identityOf(const Context& ctx, const policy::ActivityRule& rule, const Entitled& e) {
  if (!rule.identityFrom.empty())
    return policy::fieldValue(*e.person, rule.identityFrom).value_or("");
  if (e.member) return e.member->item->userName;
  return e.person->account + ctx.in.settings.accountSuffix;
}

Item enrolItem(const policy::ActivityRule& rule, const Entitled& e, const std::string& identity) {
  Item item;
  item.kind = ItemKind::Enrol;
  item.key = "enrol:" + e.person->employeeId + ":" + rule.rule;
  item.employeeId = e.person->employeeId;
  item.account = e.account;
  item.globalId = e.member ? e.member->item->globalId : std::string();
  item.name = e.person->name;
  item.line = e.person->line;
  item.rule = rule.rule;
  item.activityLabel = rule.label;
  item.source = rule.source;
  item.branch = rule.branch;
  item.identity = identity;
  item.reason = "rule " + rule.rule + " enrols the person in " + rule.label;
  FieldBuffer f;
  f.field("enrol").field(item.employeeId).field(rule.hash).field(identity);
  item.inputHash = f.sha256();
  return item;
}

std::string since(const Context& ctx, const state::Enrolment& record) {
  return record.at > 0 ? " on " + formatDate(ctx.in, record.at) : std::string();
}

// What state remembers decides whether the enrolment is sent, held (and why) or left alone.
// Returns false when there is nothing to plan.
bool applyRecord(const Context& ctx, const state::Enrolment& record, Item& item) {
  const bool sameInputs = record.inputHash == item.inputHash;
  const std::string message = record.message.empty() ? "" : ": " + record.message;
  switch (record.status) {
    case state::EnrolmentStatus::Enrolled:
      return false;
    case state::EnrolmentStatus::NotQualified:
      if (sameInputs)
        hold(item, "not qualified" + since(ctx, record) + " (3002)" + message +
                       "; not sent again until the rule or the person's identity changes");
      return true;
    case state::EnrolmentStatus::Refused:
      if (sameInputs)
        hold(item, "refused" + since(ctx, record) + message +
                       "; not sent again until the rule or the person's identity changes");
      return true;
    case state::EnrolmentStatus::RetryLater:
      return true;  // the item history holds it until its retry is due
    case state::EnrolmentStatus::Unknown:
      if (sameInputs && !ctx.in.state.releasedItems.count(item.key))
        hold(item, "in doubt: sent" + since(ctx, record) +
                       " but the answer was lost, and B1 has no read call, so it is never "
                       "re-sent on its own (it could claim the products twice); ask the activity "
                       "service's operator whether " +
                       item.identity + " is enrolled in " + item.activityLabel +
                       ", and if not, `membersync allow RUN` with the run that sent it (see "
                       "`membersync status`) sends it once more");
      return true;
  }
  return true;
}

void reportNoIdentity(Context& ctx, const policy::ActivityRule& rule,
                      const std::vector<const Entitled*>& people) {
  std::string list;
  std::set<std::string> accounts;
  for (std::size_t i = 0; i < people.size(); ++i) {
    accounts.insert(lowerAscii(people[i]->account));
    if (i < kListed) list += (i ? ", " : "") + people[i]->account;
  }
  if (people.size() > kListed) list += ", and " + std::to_string(people.size() - kListed) + " more";
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:identity:" + rule.rule;
  item.rule = rule.rule;
  item.reason = "rule " + rule.rule + " takes the identity from the HR column " +
                rule.identityFrom + ", which is empty for " + std::to_string(people.size()) +
                (people.size() == 1 ? " person: " : " people: ") + list +
                "; they are not enrolled until HR fills it";
  ctx.problemAccounts[item.key] = std::move(accounts);
  ctx.add(std::move(item));
}

}  // namespace

void planEnrolments(Context& ctx, const std::vector<Entitled>& people) {
  for (const policy::ActivityRule& rule : ctx.in.policy.activities) {
    std::vector<const Entitled*> noIdentity;
    for (const Entitled& e : people) {
      if (!policy::matches(rule.when, *e.person)) continue;
      const std::string identity = identityOf(ctx, rule, e);
      if (identity.empty()) {
        noIdentity.push_back(&e);
        continue;
      }
      Item item = enrolItem(rule, e, identity);
      auto record = ctx.in.state.enrolments.find(e.person->employeeId + "|" + rule.rule);
      if (record != ctx.in.state.enrolments.end() && !applyRecord(ctx, record->second, item))
        continue;
      ctx.add(std::move(item));
    }
    if (!noIdentity.empty()) reportNoIdentity(ctx, rule, noIdentity);
  }
}

}  // namespace membersync::plan::detail
