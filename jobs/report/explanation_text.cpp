#include <ostream>

#include "jobs/core/text.h"
#include "jobs/report/explanation.h"
#include "jobs/report/plan_text.h"

namespace membersync::report {
namespace {

std::string when(state::Millis ms) {
  return personTime(ms);
}

std::string quotedOrUnmanaged(const std::optional<std::string>& v) {
  return v ? "\"" + *v + "\"" : "(not managed)";
}

void writeRow(std::ostream& out, const Explanation& e) {
  const ExplainedRow& hr = e.hr;
  if (hr.found == RowFound::Skipped) {
    out << "HR row skipped: " << hr.skipReason
        << "\n  (a skipped row is neither added, changed nor treated as departed)\n";
    return;
  }
  if (hr.found == RowFound::None) {
    out << "HR row: none for account " << e.account << " in " << hr.source << "\n";
    return;
  }
  const directory::Person& p = hr.person;
  out << "HR row (" << hr.place << ")\n"
      << "  employee_id " << p.employeeId << ", name \"" << p.name << "\", status \"" << p.status
      << "\" (" << (p.active ? "active" : "departed") << ")\n"
      << "  department \"" << p.department << "\"";
  if (hr.departmentId) {
    out << " -> departmentId " << *hr.departmentId << " (policy departments)\n";
  } else {
    out << (p.department.empty() ? "\n" : " -> no departmentId in the policy\n");
  }
  out << "  remark " << quotedOrUnmanaged(p.remark) << ", mobile " << quotedOrUnmanaged(p.mobile)
      << "\n";
  for (const ComputedField& c : hr.computed)
    out << "  " << c.field << " \"" << c.value << "\" computed by " << c.columnTemplate << "\n";
  for (const auto& [k, v] : p.attributes) out << "  " << k << " = \"" << v << "\"\n";
  for (const auto& [k, values] : p.multiAttributes)
    out << "  " << k << " = \"" << joinedText(values, "\", \"") << "\" (" << values.size()
        << " values)\n";
}

void writeMember(std::ostream& out, const Explanation& e) {
  if (!e.member) {
    out << "member: none with the account " << e.account << e.accountSuffix << "\n";
    return;
  }
  const ExplainedMember& m = *e.member;
  out << "member " << m.userName << " (globalId " << m.globalId << ")\n"
      << "  name \"" << m.name << "\", departmentId " << m.departmentId.value_or("(none)")
      << ", remark \"" << m.remark.value_or("") << "\", passwordMobile \""
      << m.passwordMobile.value_or("") << "\"\n";
}

void writeRemembered(std::ostream& out, const Explanation& e) {
  for (const Remembered& r : e.remembered) {
    const state::Link& link = r.link;
    out << "remembered: employee " << link.employeeId << " -> " << link.account << " -> "
        << link.globalId << (link.createdByUs ? " (added by membersync" : " (adopted") << " on "
        << when(link.linkedAt) << ")\n";
    if (r.absence) {
      out << "  absent from " << r.absence->distinctExports << " export(s) since "
          << when(r.absence->since)
          << (r.absence->withdrawnAt ? ", withdrawn on " + when(*r.absence->withdrawnAt) : "")
          << "\n";
    }
    for (const state::RevertedField& f : r.reverted) {
      out << "  " << f.field << " reverted in run " << f.revertedRun << ": held while HR gives \""
          << f.value << "\"\n";
    }
  }
}

void writeRecent(std::ostream& out, const Explanation& e) {
  out << "\nrecent changes (newest first, at most " << e.recentLimit << ")\n";
  if (e.recent.empty()) out << "  none\n";
  for (const RecentChange& c : e.recent) {
    out << "  run " << c.runId << "  " << when(c.plannedAt) << "  " << c.kind << "  "
        << state::toString(c.state) << (c.detail.empty() ? "" : ": " + c.detail) << "\n";
  }
}

// Each key of the `when` with the person's value and whether it matches; "everyone" for none.
std::string whyText(const ExplainedRule& r) {
  if (r.conditions.empty()) return "everyone";
  std::string out;
  for (const Condition& c : r.conditions) {
    out += (out.empty() ? "" : "; ") + c.field + " \"" + joinedText(c.values, "\", \"") + "\" " +
           (c.matches ? "matches " : "does not match ") + joinedText(c.patterns, " | ");
  }
  return out;
}

bool shownByConditions(const ExplainedRule& r, const std::string& field) {
  for (const Condition& c : r.conditions)
    if (c.field == field) return true;
  return false;
}

std::string grantsText(const ExplainedRule& r) {
  switch (r.type) {
    case RuleType::Asset:
      return r.product.empty() ? "pool of " + std::to_string(r.poolSize) + " asset(s)" +
                                     (r.exclusive ? ", exclusive" : "")
                               : "an asset holding " + r.product;
    case RuleType::Lock: return "lock number from \"" + r.lockFrom + "\"";
    case RuleType::Activity: return "\"" + r.activityLabel + "\"";
  }
  return "";
}

void writeRules(std::ostream& out, const Explanation& e) {
  if (e.rules.empty()) return;
  out << "\nrules (" << e.policyPath << ")\n";
  for (const ExplainedRule& r : e.rules) {
    out << "  " << toString(r.type) << " rule " << r.rule << " (" << grantsText(r)
        << "): " << (r.matches ? "matches" : "does not match") << " (" << whyText(r) << ")";
    if (r.lock && !shownByConditions(r, r.lockFrom)) out << "; lock \"" << *r.lock << "\"";
    out << "\n";
  }
}

void writeAsset(std::ostream& out, const ExplainedAsset& asset) {
  const plan::HeldAsset& a = asset.held;
  out << "  " << a.assetNum << " (" << a.assetId << ")";
  if (!a.assignedFor.empty()) {
    out << ": granted by rule " << a.assignedFor << ", assigned by membersync on "
        << when(a.assignedAt);
  } else {
    // A rule the person meets counts a held asset it could grant as its grant: the member keeps
    // it rather than being given another.
    if (!a.grantedBy.empty()) out << ": kept as what rule " << a.grantedBy << " grants";
    out << (a.grantedBy.empty() ? ": " : "; ") << "assigned outside membersync, "
        << (a.exclusivePool.empty()
                ? "so never withdrawn by it"
                : "in rule " + a.exclusivePool + "'s exclusive pool (membersync manages it)");
  }
  if (asset.products && !asset.products->empty())
    out << "; products " << joinedText(*asset.products);
  out << (a.lent ? "; lent into a lock" : "") << "\n";
}

void writeAssets(std::ostream& out, const Explanation& e) {
  if (!e.assets) return;
  out << "\nassets held (A6)\n";
  for (const ExplainedAsset& a : *e.assets) writeAsset(out, a);
  if (e.assets->empty()) out << "  none\n";
}

void writeLocks(std::ostream& out, const Explanation& e) {
  if (!e.locks) return;
  out << "\nlocks\n";
  for (const ExplainedLock& l : *e.locks) {
    if (!l.readFromCenter) {
      out << "  membersync lent the member's assets to " << l.lockNumber << " (rule " << l.rule
          << ") on " << when(l.lentAt) << "\n";
      continue;
    }
    out << "  " << l.lockNumber << " is lent to this member";
    if (l.byMembersync) {
      out << " (by membersync, rule " << l.rule << ", on " << when(l.lentAt) << ")\n";
    } else {
      out << " (not by membersync)\n";
    }
  }
  if (e.locks->empty()) out << "  none\n";
}

void writeEnrolments(std::ostream& out, const Explanation& e) {
  if (!e.enrolments.empty()) out << "\nenrolments\n";
  for (const ExplainedEnrolment& enrolment : e.enrolments) {
    const state::Enrolment& en = enrolment.enrolment;
    out << "  rule " << en.rule << " (\"" << en.activityLabel
        << "\"): " << state::toString(en.status) << " on " << when(en.at);
    switch (en.status) {
      case state::EnrolmentStatus::Enrolled:
        out << (enrolment.products.empty() ? "; no products granted\n"
                                           : "; products granted:\n");
        for (const auto& p : enrolment.products) out << "    " << p << "\n";
        break;
      case state::EnrolmentStatus::NotQualified:
        out << "; not qualified: " << en.message << "\n";
        break;
      case state::EnrolmentStatus::Refused:
      case state::EnrolmentStatus::RetryLater:
      case state::EnrolmentStatus::Unknown:
        out << ": " << en.message << "\n";
        break;
    }
  }
}

const char* sentenceFor(NothingPlanned why) {
  switch (why) {
    case NothingPlanned::InStep: return "the member matches the HR row";
    case NothingPlanned::DepartedWithoutMember: return "departed, and no member exists";
    case NothingPlanned::NotLinked: return "nothing links them";
  }
  return "nothing links them";
}

void writePlanned(std::ostream& out, const Explanation& e) {
  if (e.plan.items.empty()) {
    out << "\nplanned: nothing; " << sentenceFor(e.nothingPlanned) << "\n";
  } else {
    out << "\nplanned:\n";
    writePlanText(out, e.plan, i18n::Translator(), PlanTextOptions{true});  // one person: never long
  }
}

}  // namespace

const char* toString(RowFound found) {
  switch (found) {
    case RowFound::Row: return "row";
    case RowFound::Skipped: return "skipped";
    case RowFound::None: return "none";
  }
  return "none";
}

const char* toString(NothingPlanned why) {
  switch (why) {
    case NothingPlanned::InStep: return "in-step";
    case NothingPlanned::DepartedWithoutMember: return "departed-without-member";
    case NothingPlanned::NotLinked: return "not-linked";
  }
  return "not-linked";
}

const char* toString(RuleType type) {
  switch (type) {
    case RuleType::Asset: return "asset";
    case RuleType::Lock: return "lock";
    case RuleType::Activity: return "activity";
  }
  return "asset";
}

void writeExplanationText(std::ostream& os, const Explanation& e) {
  writeRow(os, e);
  os << "protected by the policy: " << (e.isProtected ? "yes" : "no") << "\n";
  writeMember(os, e);
  writeRemembered(os, e);
  writeRecent(os, e);
  writeRules(os, e);
  writeAssets(os, e);
  writeLocks(os, e);
  writeEnrolments(os, e);
  writePlanned(os, e);
}

}  // namespace membersync::report
