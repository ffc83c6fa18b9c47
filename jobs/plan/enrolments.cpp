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
  item.reason = i18n::msg("rule {rule} enrols the person in {activity}")
                    .with("rule", rule.rule)
                    .with("activity", rule.label);
  FieldBuffer f;
  f.field("enrol").field(item.employeeId).field(rule.hash).field(identity);
  item.inputHash = f.sha256();
  return item;
}

// The sentence with the date of the record ({date}) when it has one, else the one without.
i18n::Message withSince(const Context& ctx, const state::Enrolment& record, i18n::Message without,
                        i18n::Message withDate) {
  return record.at > 0 ? withDate.with("date", formatDate(ctx.in, record.at)) : without;
}

// ": <the service's own words>", when it gave any.
i18n::Message answer(const state::Enrolment& record) {
  return record.message.empty() ? i18n::verbatim("")
                                : i18n::msg(": {message}").with("message", record.message);
}

// What state remembers decides whether the enrolment is sent, held (and why) or left alone.
// Returns false when there is nothing to plan.
bool applyRecord(const Context& ctx, const state::Enrolment& record, Item& item) {
  const bool sameInputs = record.inputHash == item.inputHash;
  switch (record.status) {
    case state::EnrolmentStatus::Enrolled:
      return false;
    case state::EnrolmentStatus::NotQualified:
      if (sameInputs)
        hold(item, withSince(ctx, record,
                             i18n::msg("not qualified (3002){answer}; not sent again until the "
                                       "rule or the person's identity changes"),
                             i18n::msg("not qualified on {date} (3002){answer}; not sent again "
                                       "until the rule or the person's identity changes"))
                       .with("answer", answer(record)));
      return true;
    case state::EnrolmentStatus::Refused:
      if (sameInputs)
        hold(item, withSince(ctx, record,
                             i18n::msg("refused{answer}; not sent again until the rule or the "
                                       "person's identity changes"),
                             i18n::msg("refused on {date}{answer}; not sent again until the rule "
                                       "or the person's identity changes"))
                       .with("answer", answer(record)));
      return true;
    case state::EnrolmentStatus::RetryLater:
      return true;  // the item history holds it until its retry is due
    case state::EnrolmentStatus::Unknown:
      if (sameInputs && !ctx.in.state.releasedItems.count(item.key))
        hold(item,
             withSince(ctx, record,
                       i18n::msg("in doubt: sent but the answer was lost, and the activity "
                                 "service cannot be asked, so it is never re-sent on its own (it could claim the "
                                 "products twice); ask the activity service's operator whether "
                                 "{identity} is enrolled in {activity}, and if not, `membersync "
                                 "allow RUN` with the run that sent it (see `membersync status`) "
                                 "sends it once more"),
                       i18n::msg("in doubt: sent on {date} but the answer was lost, and the "
                                 "activity service cannot be asked, so it is never re-sent on its own (it could claim "
                                 "the products twice); ask the activity service's operator "
                                 "whether {identity} is enrolled in {activity}, and if not, "
                                 "`membersync allow RUN` with the run that sent it (see "
                                 "`membersync status`) sends it once more"))
                 .with("identity", item.identity)
                 .with("activity", item.activityLabel));
      return true;
  }
  return true;
}

void reportNoIdentity(Context& ctx, const policy::ActivityRule& rule,
                      const std::vector<const Entitled*>& people) {
  std::vector<std::string> names;
  std::set<std::string> accounts;
  for (const Entitled* e : people) {
    accounts.insert(lowerAscii(e->account));
    names.push_back(e->account);
  }
  Item item;
  item.kind = ItemKind::Problem;
  item.key = "problem:identity:" + rule.rule;
  item.rule = rule.rule;
  item.reason = i18n::msgn(
                    "rule {rule} takes the identity from the HR column {column}, which is "
                    "empty for {count} person: {people}; they are not enrolled until HR "
                    "fills it",
                    "rule {rule} takes the identity from the HR column {column}, which is "
                    "empty for {count} people: {people}; they are not enrolled until HR "
                    "fills it",
                    people.size())
                    .with("rule", rule.rule)
                    .with("column", rule.identityFrom)
                    .with("people", namedList(names, kListed));
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
