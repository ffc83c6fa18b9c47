#include "daemon/explain_model.h"

#include "jobs/apply/step_detail.h"
#include "jobs/core/text.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/describe.h"
#include "jobs/i18n/message.h"
#include "jobs/plan/held_assets.h"
#include "jobs/policy/rules.h"

namespace membersync::cli {
namespace {

using report::Explanation;

// Where the row is, for people: the file and line (or array position), or the LDAP entry; kept
// untranslated (encodeMessage) until shown.
std::string rowPlace(const directory::Export& hr, const directory::Person& p) {
  // As directory::placeOf words it, one sentence each.
  i18n::Message place = !p.dn.empty() ? i18n::msg("entry {dn} of {source}").with("dn", p.dn)
                        : p.item == 0 ? i18n::msg("{source} line {line}").with("line", p.line)
                        : p.line > 0  ? i18n::msg("{source} item {item} (line {line})")
                                           .with("item", p.item)
                                           .with("line", p.line)
                                     : i18n::msg("{source} item {item}").with("item", p.item);
  return i18n::encodeMessage(place.with("source", hr.path));
}

// Each field a template computes, with its value; the sources' values are among the attributes.
std::vector<report::ComputedField> computedFields(const directory::DirectorySettings& cfg,
                                                  const directory::Person& p) {
  std::vector<report::ComputedField> out;
  for (const std::string& field : directory::DirectorySettings::fields()) {
    const auto column = cfg.columns.find(field);
    if (column == cfg.columns.end() || !directory::ColumnTemplate::isTemplate(column->second))
      continue;
    out.push_back({field, policy::fieldValue(p, field).value_or(""), column->second});
  }
  return out;
}

report::ExplainedRow explainRow(const ExplainSources& in) {
  const directory::Export& hr = in.planInputs.hr;
  const policy::Policy& policy = in.planInputs.policy;
  report::ExplainedRow row;
  row.source = hr.path;
  for (const auto& p : hr.people) {
    if (lowerAscii(p.account) != in.account) continue;
    row.found = report::RowFound::Row;
    row.place = rowPlace(hr, p);
    row.person = p;
    const auto dept = policy.departments.find(p.department);
    if (dept != policy.departments.end()) row.departmentId = dept->second;
    row.computed = computedFields(in.directory, p);
    return row;
  }
  for (const auto& problem : hr.problems) {
    if (lowerAscii(problem.account) != in.account) continue;
    row.found = report::RowFound::Skipped;
    row.skipReason = directory::describe(hr, problem);
    return row;
  }
  return row;
}

std::optional<report::ExplainedMember> explainMember(const ExplainSources& in) {
  const std::string& suffix = in.planInputs.settings.accountSuffix;
  const center::MemberListItem* member = nullptr;
  for (const auto& m : in.planInputs.members) {
    if (!m.deleted && lowerAscii(accountOf(m.userName, suffix)) == in.account) member = &m;
  }
  if (!member) return std::nullopt;
  return report::ExplainedMember{member->userName,     member->globalId, member->name,
                                 member->departmentId, member->remark,   member->passwordMobile};
}

// The links to the account or the member, each with its absence and reverted fields.
std::vector<report::Remembered> rememberedLinks(
    const state::Snapshot& snapshot, const std::string& account,
    const std::optional<report::ExplainedMember>& member) {
  std::vector<report::Remembered> out;
  for (const auto& [employeeId, link] : snapshot.linksByEmployee) {
    if (link.account != account && (!member || link.globalId != member->globalId)) continue;
    report::Remembered r{link, std::nullopt, {}};
    const auto absence = snapshot.absences.find(employeeId);
    if (absence != snapshot.absences.end()) r.absence = absence->second;
    const std::string prefix = employeeId + "|";
    for (auto it = snapshot.revertedFields.lower_bound(prefix);
         it != snapshot.revertedFields.end() && it->first.rfind(prefix, 0) == 0; ++it) {
      r.reverted.push_back(it->second);
    }
    out.push_back(std::move(r));
  }
  return out;
}

// For edits each field before and after (the journal's StepDetail); older steps' plain reasons.
std::vector<report::RecentChange> recentChanges(const std::vector<state::Step>& steps) {
  std::vector<report::RecentChange> out;
  for (const auto& step : steps) {
    const auto detail = apply::decodeDetail(step.info.detail);
    out.push_back({step.runId, step.plannedAt, step.info.kind, step.state,
                   detail ? apply::describeDetail(*detail) : step.info.detail});
  }
  return out;
}

// Each key of `when` with the person's value(s) and whether it matches.
std::vector<report::Condition> conditions(const policy::When& when,
                                          const directory::Person* person) {
  std::vector<report::Condition> out;
  for (const auto& [name, patterns] : when) {
    report::Condition c{name, {}, patterns, false};
    if (person) {
      const auto multi = person->multiAttributes.find(name);
      if (multi != person->multiAttributes.end()) {
        c.values = multi->second;
      } else if (auto value = policy::fieldValue(*person, name)) {
        c.values = {*value};
      }
      c.matches = policy::matches(policy::When{{name, patterns}}, *person);
    }
    out.push_back(std::move(c));
  }
  return out;
}

report::ExplainedRule ruleOf(report::RuleType type, const std::string& name,
                             const policy::When& when, const directory::Person* person) {
  report::ExplainedRule r;
  r.type = type;
  r.rule = name;
  r.matches = person && policy::matches(when, *person);
  r.conditions = conditions(when, person);
  return r;
}

std::vector<report::ExplainedRule> explainRules(const policy::Policy& policy,
                                                const directory::Person* person) {
  using report::RuleType;
  std::vector<report::ExplainedRule> out;
  for (const auto& a : policy.assets) {
    auto r = ruleOf(RuleType::Asset, a.rule, a.when, person);
    r.product = a.product;
    r.poolSize = a.pool.size();
    r.exclusive = a.exclusive;
    out.push_back(std::move(r));
  }
  for (const auto& l : policy.locks) {
    auto r = ruleOf(RuleType::Lock, l.rule, l.when, person);
    r.lockFrom = l.lockFrom;
    if (r.matches) r.lock = policy::fieldValue(*person, l.lockFrom).value_or("");
    out.push_back(std::move(r));
  }
  for (const auto& a : policy.activities) {
    auto r = ruleOf(RuleType::Activity, a.rule, a.when, person);
    r.activityLabel = a.label;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<report::ExplainedAsset> explainAssets(const ExplainSources& in,
                                                  const std::string& globalId) {
  std::vector<report::ExplainedAsset> out;
  const auto* productsByAssetId = in.planInputs.productsByAssetId;
  for (auto& held : plan::heldAssets(in.planInputs, globalId)) {
    report::ExplainedAsset a{std::move(held), std::nullopt};
    if (productsByAssetId) {
      const auto products = productsByAssetId->find(a.held.assetId);
      a.products =
          products != productsByAssetId->end() ? products->second : std::vector<std::string>{};
    }
    out.push_back(std::move(a));
  }
  return out;
}

// The locks A8 lists as lent to the member, or, when A8 was not read, the lending the state
// remembers; nullopt when there is neither.
std::optional<std::vector<report::ExplainedLock>> explainLocks(const ExplainSources& in,
                                                               const std::string& globalId) {
  const auto& lendings = in.planInputs.state.lendings;
  const auto lending = lendings.find(globalId);
  const bool lentByUs = lending != lendings.end();
  const auto* locks = in.planInputs.locks;
  if (!locks && !lentByUs) return std::nullopt;
  std::vector<report::ExplainedLock> out;
  if (!locks) {
    const state::Lending& l = lending->second;
    out.push_back({l.lockNumber, false, true, l.rule, l.lentAt});
    return out;
  }
  for (const auto& lock : *locks) {
    if (lock.cloudAccountGlobalId != globalId) continue;
    if (lentByUs && lending->second.lockNumber == lock.assetNum) {
      out.push_back({lock.assetNum, true, true, lending->second.rule, lending->second.lentAt});
    } else {
      out.push_back({lock.assetNum, true, false, "", 0});
    }
  }
  return out;
}

std::vector<report::ExplainedEnrolment> explainEnrolments(const state::Snapshot& snapshot,
                                                          const directory::Person& person) {
  std::vector<report::ExplainedEnrolment> out;
  for (const auto& [key, e] : snapshot.enrolments) {
    if (e.employeeId != person.employeeId) continue;
    report::ExplainedEnrolment enrolment{e, {}};
    if (e.status == state::EnrolmentStatus::Enrolled)
      enrolment.products = apply::describeGrantedProducts(e.productsJson);
    out.push_back(std::move(enrolment));
  }
  return out;
}

report::NothingPlanned whyNothingPlanned(const directory::Person* person, bool hasMember) {
  if (person && hasMember) return report::NothingPlanned::InStep;
  if (person && !person->active) return report::NothingPlanned::DepartedWithoutMember;
  return report::NothingPlanned::NotLinked;
}

}  // namespace

Explanation explainAccount(const ExplainSources& in) {
  Explanation e;
  e.account = in.account;
  e.accountSuffix = in.planInputs.settings.accountSuffix;
  e.hr = explainRow(in);
  const directory::Person* person = e.hr.found == report::RowFound::Row ? &e.hr.person : nullptr;
  const state::Snapshot& snapshot = in.planInputs.state;
  e.isProtected = policy::isProtected(in.planInputs.policy, in.account);
  e.member = explainMember(in);
  e.remembered = rememberedLinks(snapshot, in.account, e.member);
  e.recentLimit = in.recentLimit;
  e.recent = recentChanges(in.recentSteps);
  e.policyPath = in.planInputs.policy.path;
  e.rules = explainRules(in.planInputs.policy, person);
  if (e.member && in.planInputs.assets) e.assets = explainAssets(in, e.member->globalId);
  if (e.member) e.locks = explainLocks(in, e.member->globalId);
  if (person) e.enrolments = explainEnrolments(snapshot, *person);
  e.plan = plan::makePlan(in.planInputs);
  if (e.plan.items.empty()) e.nothingPlanned = whyNothingPlanned(person, e.member.has_value());
  return e;
}

}  // namespace membersync::cli
