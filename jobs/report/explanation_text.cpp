#include <ostream>

#include "jobs/core/text.h"
#include "jobs/report/explanation.h"
#include "jobs/report/plan_text.h"
#include "jobs/report/run_text.h"

namespace membersync::report {
namespace {

using i18n::format;

std::string when(state::Millis ms) {
  return personTime(ms);
}

// A text the state kept: a message stored untranslated (encodeMessage) in the reader's language;
// older English text, or a service's own words, as written.
std::string storedText(const i18n::Translator& tr, const std::string& stored) {
  return rendered(tr, i18n::decodeMessage(stored));
}

std::string quotedOrUnmanaged(const i18n::Translator& tr, const std::optional<std::string>& v) {
  return v ? format(tr.tr("\"{value}\""), {{"value", *v}}) : tr.tr("(not managed)");
}

// Values of a field, each quoted: "cn=a", "cn=b".
std::string quotedValues(const i18n::Translator& tr, const std::vector<std::string>& values) {
  std::vector<std::string> quoted;
  for (const std::string& v : values)
    quoted.push_back(format(tr.tr("\"{value}\""), {{"value", v}}));
  return values.empty() ? format(tr.tr("\"{value}\""), {{"value", ""}}) : joinedList(tr, quoted);
}

void writeRowFields(std::ostream& out, const i18n::Translator& tr, const ExplainedRow& hr) {
  const directory::Person& p = hr.person;
  out << "  "
      << format(p.active ? tr.tr("employee_id {id}, name \"{name}\", status \"{status}\" (active)")
                         : tr.tr("employee_id {id}, name \"{name}\", status \"{status}\" "
                                 "(departed)"),
                {{"id", p.employeeId}, {"name", p.name}, {"status", p.status}})
      << "\n  ";
  const i18n::Arguments department{{"department", p.department},
                                   {"id", hr.departmentId.value_or("")}};
  if (hr.departmentId)
    out << format(tr.tr("department \"{department}\" -> departmentId {id} (policy departments)"),
                  department);
  else if (p.department.empty())
    out << format(tr.tr("department \"{department}\""), department);
  else
    out << format(tr.tr("department \"{department}\" -> no departmentId in the policy"),
                  department);
  out << "\n  "
      << format(tr.tr("remark {remark}, mobile {mobile}"),
                {{"remark", quotedOrUnmanaged(tr, p.remark)},
                 {"mobile", quotedOrUnmanaged(tr, p.mobile)}})
      << "\n";
  for (const ComputedField& c : hr.computed)
    out << "  "
        << format(tr.tr("{field} \"{value}\" computed by {template}"),
                  {{"field", c.field}, {"value", c.value}, {"template", c.columnTemplate}})
        << "\n";
  for (const auto& [k, v] : p.attributes) out << "  " << k << " = \"" << v << "\"\n";
  for (const auto& [k, values] : p.multiAttributes)
    out << "  "
        << format(tr.trn("{field} = {values} ({count} values)",
                         "{field} = {values} ({count} values)", values.size()),
                  {{"field", k},
                   {"values", quotedValues(tr, values)},
                   {"count", std::to_string(values.size())}})
        << "\n";
}

void writeRow(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  const ExplainedRow& hr = e.hr;
  if (hr.found == RowFound::Skipped) {
    out << format(tr.tr("HR row skipped: {reason}\n"
                        "  (a skipped row is neither added, changed nor treated as departed)"),
                  {{"reason", storedText(tr, hr.skipReason)}})
        << "\n";
    return;
  }
  if (hr.found == RowFound::None) {
    out << format(tr.tr("HR row: none for account {account} in {source}"),
                  {{"account", e.account}, {"source", hr.source}})
        << "\n";
    return;
  }
  out << format(tr.tr("HR row ({place})"), {{"place", storedText(tr, hr.place)}}) << "\n";
  writeRowFields(out, tr, hr);
}

void writeMember(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (!e.member) {
    out << format(tr.tr("member: none with the account {account}"),
                  {{"account", e.account + e.accountSuffix}})
        << "\n";
    return;
  }
  const ExplainedMember& m = *e.member;
  out << format(tr.tr("member {account} (globalId {globalId})"),
                {{"account", m.userName}, {"globalId", m.globalId}})
      << "\n  "
      << format(tr.tr("name \"{name}\", departmentId {departmentId}, remark \"{remark}\", "
                      "passwordMobile \"{mobile}\""),
                {{"name", m.name},
                 {"departmentId", m.departmentId ? *m.departmentId : tr.tr("(none)")},
                 {"remark", m.remark.value_or("")},
                 {"mobile", m.passwordMobile.value_or("")}})
      << "\n";
}

void writeAbsence(std::ostream& out, const i18n::Translator& tr, const state::Absence& a) {
  const i18n::Arguments args{{"count", std::to_string(a.distinctExports)},
                             {"since", when(a.since)},
                             {"withdrawn", a.withdrawnAt ? when(*a.withdrawnAt) : ""}};
  out << "  "
      << format(a.withdrawnAt
                    ? tr.trn("absent from {count} export(s) since {since}, withdrawn on "
                             "{withdrawn}",
                             "absent from {count} export(s) since {since}, withdrawn on "
                             "{withdrawn}",
                             a.distinctExports)
                    : tr.trn("absent from {count} export(s) since {since}",
                             "absent from {count} export(s) since {since}", a.distinctExports),
                args)
      << "\n";
}

void writeRemembered(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  for (const Remembered& r : e.remembered) {
    const state::Link& link = r.link;
    const i18n::Arguments args{{"employee", link.employeeId},
                               {"account", link.account},
                               {"globalId", link.globalId},
                               {"when", when(link.linkedAt)}};
    out << format(link.createdByUs ? tr.tr("remembered: employee {employee} -> {account} -> "
                                           "{globalId} (added by membersync on {when})")
                                   : tr.tr("remembered: employee {employee} -> {account} -> "
                                           "{globalId} (adopted on {when})"),
                  args)
        << "\n";
    if (r.absence) writeAbsence(out, tr, *r.absence);
    for (const state::RevertedField& f : r.reverted) {
      out << "  "
          << format(
                 tr.tr("{field} reverted in run {run}: held while HR gives \"{value}\""),
                 {{"field", f.field}, {"run", std::to_string(f.revertedRun)}, {"value", f.value}})
          << "\n";
    }
  }
}

// A journal step's state word (StepState's names) in the reader's language.
std::string stepStateText(const i18n::Translator& tr, state::StepState s) {
  static const char* const kStates[] = {
      i18n::translateLater("planned"), i18n::translateLater("sent"),
      i18n::translateLater("succeeded"), i18n::translateLater("failed"),
      i18n::translateLater("unknown")};
  const std::string name = state::toString(s);
  for (const char* known : kStates)
    if (name == known) return tr.tr(known);
  return name;
}

void writeRecent(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  out << "\n"
      << format(tr.tr("recent changes (newest first, at most {limit})"),
                {{"limit", std::to_string(e.recentLimit)}})
      << "\n";
  if (e.recent.empty()) out << "  " << tr.tr("none") << "\n";
  for (const RecentChange& c : e.recent) {
    const std::string state = stepStateText(tr, c.state);
    out << "  " << format(tr.tr("run {run}"), {{"run", std::to_string(c.runId)}}) << "  "
        << when(c.plannedAt) << "  " << c.kind << "  "
        << (c.detail.empty() ? state
                             : format(tr.tr("{state}: {detail}"),
                                      {{"state", state}, {"detail", storedText(tr, c.detail)}}))
        << "\n";
  }
}
// Each key of the `when` with the person's value and whether it matches; "everyone" for none.
std::string whyText(const i18n::Translator& tr, const ExplainedRule& r) {
  if (r.conditions.empty()) return tr.tr("everyone");
  std::string out;
  for (const Condition& c : r.conditions) {
    const std::string one = format(c.matches ? tr.tr("{field} {values} matches {patterns}")
                                             : tr.tr("{field} {values} does not match {patterns}"),
                                   {{"field", c.field},
                                    {"values", quotedValues(tr, c.values)},
                                    {"patterns", joinedText(c.patterns, " | ")}});
    out = out.empty() ? one
                      : format(tr.tr("{conditions}; {condition}"),
                               {{"conditions", out}, {"condition", one}});
  }
  return out;
}

bool shownByConditions(const ExplainedRule& r, const std::string& field) {
  for (const Condition& c : r.conditions)
    if (c.field == field) return true;
  return false;
}

std::string grantsText(const i18n::Translator& tr, const ExplainedRule& r) {
  switch (r.type) {
    case RuleType::Asset:
      if (!r.product.empty())
        return format(tr.tr("an asset holding {product}"), {{"product", r.product}});
      return format(
          r.exclusive ? tr.trn("pool of {count} asset(s), exclusive",
                               "pool of {count} asset(s), exclusive", r.poolSize)
                      : tr.trn("pool of {count} asset(s)", "pool of {count} asset(s)", r.poolSize),
          {{"count", std::to_string(r.poolSize)}});
    case RuleType::Lock:
      return format(tr.tr("lock number from \"{field}\""), {{"field", r.lockFrom}});
    case RuleType::Activity:
      return format(tr.tr("\"{value}\""), {{"value", r.activityLabel}});
  }
  return "";
}

// "asset rule cad-seat", in the reader's language.
std::string ruleName(const i18n::Translator& tr, const ExplainedRule& r) {
  switch (r.type) {
    case RuleType::Asset:
      return format(tr.tr("asset rule {rule}"), {{"rule", r.rule}});
    case RuleType::Lock:
      return format(tr.tr("lock rule {rule}"), {{"rule", r.rule}});
    case RuleType::Activity:
      return format(tr.tr("activity rule {rule}"), {{"rule", r.rule}});
  }
  return r.rule;
}

void writeRules(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (e.rules.empty()) return;
  out << "\n" << format(tr.tr("rules ({policy})"), {{"policy", e.policyPath}}) << "\n";
  for (const ExplainedRule& r : e.rules) {
    const i18n::Arguments args{{"rule", ruleName(tr, r)},
                               {"grants", grantsText(tr, r)},
                               {"why", whyText(tr, r)},
                               {"lock", r.lock.value_or("")}};
    const bool showLock = r.lock && !shownByConditions(r, r.lockFrom);
    if (r.matches)
      out << "  "
          << format(showLock ? tr.tr("{rule} ({grants}): matches ({why}); lock \"{lock}\"")
                             : tr.tr("{rule} ({grants}): matches ({why})"),
                    args);
    else
      out << "  "
          << format(showLock ? tr.tr("{rule} ({grants}): does not match ({why}); lock \"{lock}\"")
                             : tr.tr("{rule} ({grants}): does not match ({why})"),
                    args);
    out << "\n";
  }
}

// How the member came to hold an asset membersync did not assign.
std::string outsideText(const i18n::Translator& tr, const plan::HeldAsset& a) {
  const i18n::Arguments args{{"rule", a.grantedBy}, {"pool", a.exclusivePool}};
  if (a.grantedBy.empty())
    return format(a.exclusivePool.empty()
                      ? tr.tr("assigned outside membersync, so never withdrawn by it")
                      : tr.tr("assigned outside membersync, in rule {pool}'s exclusive pool "
                              "(membersync manages it)"),
                  args);
  // A rule the person meets counts a held asset it could grant as its grant: the member keeps
  // it rather than being given another.
  return format(a.exclusivePool.empty()
                    ? tr.tr("kept as what rule {rule} grants; assigned outside membersync, so "
                            "never withdrawn by it")
                    : tr.tr("kept as what rule {rule} grants; assigned outside membersync, in "
                            "rule {pool}'s exclusive pool (membersync manages it)"),
                args);
}

void writeAsset(std::ostream& out, const i18n::Translator& tr, const ExplainedAsset& asset) {
  const plan::HeldAsset& a = asset.held;
  const std::string how =
      a.assignedFor.empty()
          ? outsideText(tr, a)
          : format(tr.tr("granted by rule {rule}, assigned by membersync on {when}"),
                   {{"rule", a.assignedFor}, {"when", when(a.assignedAt)}});
  std::string line = format(tr.tr("{asset} ({assetId}): {how}"),
                            {{"asset", a.assetNum}, {"assetId", a.assetId}, {"how", how}});
  if (asset.products && !asset.products->empty())
    line = format(tr.tr("{asset}; products {products}"),
                  {{"asset", line}, {"products", joinedText(*asset.products)}});
  if (a.lent) line = format(tr.tr("{asset}; lent into a lock"), {{"asset", line}});
  out << "  " << line << "\n";
}

void writeAssets(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (!e.assets) return;
  // The API call is for who reads the English against the specification; a translation may drop
  // it.
  out << "\n" << format(tr.tr("assets held ({call})"), {{"call", "A6"}}) << "\n";
  for (const ExplainedAsset& a : *e.assets) writeAsset(out, tr, a);
  if (e.assets->empty()) out << "  " << tr.tr("none") << "\n";
}

void writeLock(std::ostream& out, const i18n::Translator& tr, const ExplainedLock& l) {
  const i18n::Arguments args{{"lock", l.lockNumber}, {"rule", l.rule}, {"when", when(l.lentAt)}};
  if (!l.readFromCenter)
    out << format(tr.tr("membersync lent the member's assets to {lock} (rule {rule}) on {when}"),
                  args);
  else if (l.byMembersync)
    out << format(tr.tr("{lock} is lent to this member (by membersync, rule {rule}, on {when})"),
                  args);
  else
    out << format(tr.tr("{lock} is lent to this member (not by membersync)"), args);
}

void writeLocks(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (!e.locks) return;
  out << "\n" << tr.tr("locks") << "\n";
  for (const ExplainedLock& l : *e.locks) {
    out << "  ";
    writeLock(out, tr, l);
    out << "\n";
  }
  if (e.locks->empty()) out << "  " << tr.tr("none") << "\n";
}

// An enrolment's status word (EnrolmentStatus's names) in the reader's language.
std::string enrolmentStatusText(const i18n::Translator& tr, state::EnrolmentStatus s) {
  static const char* const kStatuses[] = {
      i18n::translateLater("enrolled"), i18n::translateLater("not-qualified"),
      i18n::translateLater("refused"), i18n::translateLater("retry-later"),
      i18n::translateLater("unknown")};
  const std::string name = state::toString(s);
  for (const char* known : kStatuses)
    if (name == known) return tr.tr(known);
  return name;
}

void writeEnrolment(std::ostream& out, const i18n::Translator& tr,
                    const ExplainedEnrolment& enrolment) {
  const state::Enrolment& en = enrolment.enrolment;
  const i18n::Arguments args{{"rule", en.rule},
                             {"activity", en.activityLabel},
                             {"status", enrolmentStatusText(tr, en.status)},
                             {"when", when(en.at)},
                             {"message", storedText(tr, en.message)}};
  out << "  ";
  switch (en.status) {
    case state::EnrolmentStatus::Enrolled:
      out << format(enrolment.products.empty()
                        ? tr.tr("rule {rule} (\"{activity}\"): {status} on {when}; no products "
                                "granted")
                        : tr.tr("rule {rule} (\"{activity}\"): {status} on {when}; products "
                                "granted:"),
                    args)
          << "\n";
      for (const auto& p : enrolment.products) out << "    " << p << "\n";
      break;
    case state::EnrolmentStatus::NotQualified:
      out << format(tr.tr("rule {rule} (\"{activity}\"): {status} on {when}; not qualified: "
                          "{message}"),
                    args)
          << "\n";
      break;
    case state::EnrolmentStatus::Refused:
    case state::EnrolmentStatus::RetryLater:
    case state::EnrolmentStatus::Unknown:
      out << format(tr.tr("rule {rule} (\"{activity}\"): {status} on {when}: {message}"), args)
          << "\n";
      break;
  }
}

void writeEnrolments(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (!e.enrolments.empty()) out << "\n" << tr.tr("enrolments") << "\n";
  for (const ExplainedEnrolment& enrolment : e.enrolments) writeEnrolment(out, tr, enrolment);
}

std::string nothingPlannedText(const i18n::Translator& tr, NothingPlanned why) {
  switch (why) {
    case NothingPlanned::InStep:
      return tr.tr("planned: nothing; the member matches the HR row");
    case NothingPlanned::DepartedWithoutMember:
      return tr.tr("planned: nothing; departed, and no member exists");
    case NothingPlanned::NotLinked:
      break;
  }
  return tr.tr("planned: nothing; nothing links them");
}

void writePlanned(std::ostream& out, const i18n::Translator& tr, const Explanation& e) {
  if (e.plan.items.empty()) {
    out << "\n" << nothingPlannedText(tr, e.nothingPlanned) << "\n";
  } else {
    out << "\n" << tr.tr("planned:") << "\n";
    writePlanText(out, e.plan, tr, PlanTextOptions{true});  // one person: never long
  }
}

}  // namespace

const char* toString(RowFound found) {
  switch (found) {
    case RowFound::Row:
      return "row";
    case RowFound::Skipped:
      return "skipped";
    case RowFound::None:
      return "none";
  }
  return "none";
}

const char* toString(NothingPlanned why) {
  switch (why) {
    case NothingPlanned::InStep:
      return "in-step";
    case NothingPlanned::DepartedWithoutMember:
      return "departed-without-member";
    case NothingPlanned::NotLinked:
      return "not-linked";
  }
  return "not-linked";
}

const char* toString(RuleType type) {
  switch (type) {
    case RuleType::Asset:
      return "asset";
    case RuleType::Lock:
      return "lock";
    case RuleType::Activity:
      return "activity";
  }
  return "asset";
}

void writeExplanationText(std::ostream& os, const i18n::Translator& tr, const Explanation& e) {
  writeRow(os, tr, e);
  os << (e.isProtected ? tr.tr("protected by the policy: yes")
                       : tr.tr("protected by the policy: no"))
     << "\n";
  writeMember(os, tr, e);
  writeRemembered(os, tr, e);
  writeRecent(os, tr, e);
  writeRules(os, tr, e);
  writeAssets(os, tr, e);
  writeLocks(os, tr, e);
  writeEnrolments(os, tr, e);
  writePlanned(os, tr, e);
}

void writeExplanationText(std::ostream& os, const Explanation& e) {
  writeExplanationText(os, i18n::Translator(), e);
}

}  // namespace membersync::report
