#include <cctype>
#include <ctime>
#include <ostream>
#include <string>
#include <vector>

#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/core/text.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/describe.h"
#include "jobs/apply/entitlement_reads.h"
#include "jobs/apply/step_detail.h"
#include "jobs/plan/held_assets.h"
#include "jobs/plan/planner.h"
#include "jobs/policy/rules.h"
#include "jobs/report/plan_text.h"

namespace membersync::cli {
namespace {

std::string opt(const std::optional<std::string>& v) { return v ? "\"" + *v + "\"" : "(not managed)"; }

std::string date(state::Millis ms) {
  return localTimeText(Clock::WallPoint{std::chrono::milliseconds(ms)}, "%Y-%m-%d %H:%M");
}

std::string joined(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::string placeText(const directory::Export& hr, const directory::Person& p) {
  if (!p.dn.empty()) return "entry " + p.dn + " of " + hr.path;
  return hr.path + " " + directory::placeOf(p.line, p.item);
}

// Each field a template computes, with its value; the sources' values are among the attributes
// listed after it.
void explainComputed(std::ostream& out, const directory::DirectorySettings& cfg,
                     const directory::Person& p) {
  for (const std::string& field : directory::DirectorySettings::fields()) {
    const auto column = cfg.columns.find(field);
    if (column == cfg.columns.end() || !directory::ColumnTemplate::isTemplate(column->second))
      continue;
    out << "  " << field << " \"" << policy::fieldValue(p, field).value_or("")
        << "\" computed by " << column->second << "\n";
  }
}

void explainRow(std::ostream& out, const directory::Export& hr, const std::string& account,
                const policy::Policy& policy, const directory::DirectorySettings& cfg,
                const directory::Person** found) {
  for (const auto& p : hr.people) {
    if (lowerAscii(p.account) != account) continue;
    *found = &p;
    out << "HR row (" << placeText(hr, p) << ")\n"
        << "  employee_id " << p.employeeId << ", name \"" << p.name << "\", status \""
        << p.status << "\" (" << (p.active ? "active" : "departed") << ")\n"
        << "  department \"" << p.department << "\"";
    auto dept = policy.departments.find(p.department);
    if (dept != policy.departments.end()) {
      out << " -> departmentId " << dept->second << " (policy departments)\n";
    } else {
      out << (p.department.empty() ? "\n" : " -> no departmentId in the policy\n");
    }
    out << "  remark " << opt(p.remark) << ", mobile " << opt(p.mobile) << "\n";
    explainComputed(out, cfg, p);
    for (const auto& [k, v] : p.attributes) out << "  " << k << " = \"" << v << "\"\n";
    for (const auto& [k, values] : p.multiAttributes)
      out << "  " << k << " = \"" << joined(values, "\", \"") << "\" (" << values.size()
          << " values)\n";
    return;
  }
  for (const auto& problem : hr.problems) {
    if (lowerAscii(problem.account) == account) {
      out << "HR row skipped: " << directory::describe(hr, problem)
          << "\n  (a skipped row is neither added, changed nor treated as departed)\n";
      return;
    }
  }
  out << "HR row: none for account " << account << " in " << hr.path << "\n";
}

// Why a rule's `when` matches the person or not: each key with the person's value.
std::string whyOf(const policy::When& when, const directory::Person* person) {
  if (when.empty()) return "everyone";
  std::string out;
  for (const auto& [name, patterns] : when) {
    std::string value = person ? policy::fieldValue(*person, name).value_or("") : "";
    if (person && person->multiAttributes.count(name))
      value = joined(person->multiAttributes.at(name), "\", \"");
    policy::When one{{name, patterns}};
    const bool ok = person && policy::matches(one, *person);
    out += (out.empty() ? "" : "; ") + name + " \"" + value + "\" " +
           (ok ? "matches " : "does not match ") + joined(patterns, " | ");
  }
  return out;
}

// The policy's entitlement rules, each with whether and why it matches this person.
void explainRules(std::ostream& out, const policy::Policy& policy, const directory::Person* person) {
  if (policy.assets.empty() && policy.locks.empty() && policy.activities.empty()) return;
  out << "\nrules (" << policy.path << ")\n";
  auto verdict = [&](const policy::When& when) {
    return std::string(person && policy::matches(when, *person) ? "matches" : "does not match") +
           " (" + whyOf(when, person) + ")";
  };
  for (const auto& r : policy.assets) {
    out << "  asset rule " << r.rule << " ("
        << (r.product.empty() ? "pool of " + std::to_string(r.pool.size()) + " asset(s)" +
                                    (r.exclusive ? ", exclusive" : "")
                              : "an asset holding " + r.product)
        << "): " << verdict(r.when) << "\n";
  }
  for (const auto& r : policy.locks) {
    out << "  lock rule " << r.rule << " (lock number from \"" << r.lockFrom
        << "\"): " << verdict(r.when);
    if (person && policy::matches(r.when, *person) && !r.when.count(r.lockFrom)) {
      out << "; lock \"" << policy::fieldValue(*person, r.lockFrom).value_or("") << "\"";
    }
    out << "\n";
  }
  for (const auto& r : policy.activities) {
    out << "  activity rule " << r.rule << " (\"" << r.label << "\"): " << verdict(r.when)
        << "\n";
  }
}

// What the member holds and why, as the planner decides it (plan::heldAssets): each asset (A6)
// with the rule that granted it, or that membersync never assigned it.
void explainAssets(std::ostream& out, const std::vector<plan::HeldAsset>& held,
                   const apply::EntitlementReads& reads) {
  out << "\nassets held (A6)\n";
  for (const auto& a : held) {
    out << "  " << a.assetNum << " (" << a.assetId << ")";
    if (!a.assignedFor.empty()) {
      out << ": granted by rule " << a.assignedFor << ", assigned by membersync on "
          << date(a.assignedAt);
    } else {
      // A rule the person meets counts a held asset it could grant as its grant: the member
      // keeps it rather than being given another.
      if (!a.grantedBy.empty()) out << ": kept as what rule " << a.grantedBy << " grants";
      out << (a.grantedBy.empty() ? ": " : "; ") << "assigned outside membersync, "
          << (a.exclusivePool.empty()
                  ? "so never withdrawn by it"
                  : "in rule " + a.exclusivePool + "'s exclusive pool (membersync manages it)");
    }
    if (reads.productsByAssetId) {
      auto products = reads.productsByAssetId->find(a.assetId);
      if (products != reads.productsByAssetId->end() && !products->second.empty()) {
        out << "; products " << joined(products->second);
      }
    }
    out << (a.lent ? "; lent into a lock" : "") << "\n";
  }
  if (held.empty()) out << "  none\n";
}

// The lock lent to the member (A8), and whether membersync lent it.
void explainLocks(std::ostream& out, const state::Snapshot& snapshot,
                  const apply::EntitlementReads& reads, const center::MemberListItem& member) {
  const auto lending = snapshot.lendings.find(member.globalId);
  const bool lentByUs = lending != snapshot.lendings.end();
  if (!reads.locks && !lentByUs) return;
  out << "\nlocks\n";
  bool any = false;
  if (reads.locks) {
    for (const auto& l : *reads.locks) {
      if (l.cloudAccountGlobalId != member.globalId) continue;
      any = true;
      out << "  " << l.assetNum << " is lent to this member";
      if (lentByUs && lending->second.lockNumber == l.assetNum) {
        out << " (by membersync, rule " << lending->second.rule << ", on "
            << date(lending->second.lentAt) << ")";
      } else {
        out << " (not by membersync)";
      }
      out << "\n";
    }
  } else {
    any = true;
    out << "  membersync lent the member's assets to " << lending->second.lockNumber << " (rule "
        << lending->second.rule << ") on " << date(lending->second.lentAt) << "\n";
  }
  if (!any) out << "  none\n";
}

// The person's enrolments as recorded: the products granted, or the reasons given.
void explainEnrolments(std::ostream& out, const state::Snapshot& snapshot,
                       const directory::Person& person) {
  bool header = false;
  for (const auto& [key, e] : snapshot.enrolments) {
    if (e.employeeId != person.employeeId) continue;
    if (!header) out << "\nenrolments\n";
    header = true;
    out << "  rule " << e.rule << " (\"" << e.activityLabel << "\"): " << state::toString(e.status)
        << " on " << date(e.at);
    switch (e.status) {
      case state::EnrolmentStatus::Enrolled: {
        const auto products = apply::describeGrantedProducts(e.productsJson);
        out << (products.empty() ? "; no products granted\n" : "; products granted:\n");
        for (const auto& p : products) out << "    " << p << "\n";
        break;
      }
      case state::EnrolmentStatus::NotQualified:
        out << "; not qualified: " << e.message << "\n";
        break;
      case state::EnrolmentStatus::Refused:
      case state::EnrolmentStatus::RetryLater:
      case state::EnrolmentStatus::Unknown:
        out << ": " << e.message << "\n";
        break;
    }
  }
}

// The live member with this account, printed; null when there is none.
const center::MemberListItem* explainMember(std::ostream& out,
                                            const std::vector<center::MemberListItem>& members,
                                            const std::string& account, const std::string& suffix) {
  const center::MemberListItem* member = nullptr;
  for (const auto& m : members) {
    if (!m.deleted && lowerAscii(accountOf(m.userName, suffix)) == account) member = &m;
  }
  if (member) {
    out << "member " << member->userName << " (globalId " << member->globalId << ")\n"
        << "  name \"" << member->name << "\", departmentId "
        << member->departmentId.value_or("(none)") << ", remark \"" << member->remark.value_or("")
        << "\", passwordMobile \"" << member->passwordMobile.value_or("") << "\"\n";
  } else {
    out << "member: none with the account " << account << suffix << "\n";
  }
  return member;
}

// What membersync remembers of the account or member: links, absences and reverted fields.
void explainRemembered(std::ostream& out, const state::Snapshot& snapshot,
                       const std::string& account, const center::MemberListItem* member) {
  for (const auto& [employeeId, link] : snapshot.linksByEmployee) {
    if (link.account != account && (!member || link.globalId != member->globalId)) continue;
    out << "remembered: employee " << employeeId << " -> " << link.account << " -> "
        << link.globalId << (link.createdByUs ? " (added by membersync" : " (adopted")
        << " on " << date(link.linkedAt) << ")\n";
    auto absence = snapshot.absences.find(employeeId);
    if (absence != snapshot.absences.end()) {
      out << "  absent from " << absence->second.distinctExports << " export(s) since "
          << date(absence->second.since)
          << (absence->second.withdrawnAt ? ", withdrawn on " + date(*absence->second.withdrawnAt) : "")
          << "\n";
    }
    const std::string prefix = employeeId + "|";
    for (auto it = snapshot.revertedFields.lower_bound(prefix);
         it != snapshot.revertedFields.end() && it->first.rfind(prefix, 0) == 0; ++it) {
      out << "  " << it->second.field << " reverted in run " << it->second.revertedRun
          << ": held while HR gives \"" << it->second.value << "\"\n";
    }
  }
}

// What membersync did to the account lately, newest first, with run numbers and, for edits,
// each field before and after (the journal's StepDetail).
void explainRecent(std::ostream& out, state::StateStore& store, const std::string& account) {
  constexpr int kRecent = 10;
  const auto steps = store.stepsOfAccount(account, kRecent);
  out << "\nrecent changes (newest first, at most " << kRecent << ")\n";
  if (steps.empty()) out << "  none\n";
  for (const auto& step : steps) {
    const auto detail = apply::decodeDetail(step.info.detail);
    const std::string what = detail ? apply::describeDetail(*detail) : step.info.detail;
    out << "  run " << step.runId << "  " << date(step.plannedAt) << "  " << step.info.kind << "  "
        << state::toString(step.state) << (what.empty() ? "" : ": " + what) << "\n";
  }
}

void explainPlan(std::ostream& out, const plan::Plan& p, const directory::Person* person,
                 const center::MemberListItem* member) {
  if (p.items.empty()) {
    out << "\nplanned: nothing; " << (person && member ? "the member matches the HR row"
                                     : person && !person->active ? "departed, and no member exists"
                                                                  : "nothing links them")
        << "\n";
  } else {
    out << "\nplanned:\n";
    report::writePlanText(out, p);
  }
}

}  // namespace

// For one account: the HR row, the member, what membersync remembers, the policy rules that
// match and why, the assets, lock and enrolments the person has and which rule granted each
// (asked of the planner), and the actions a sync would take now and why. Read-only.
ExitCode runExplain(const VerbContext& ctx) {
  const std::string account = lowerAscii(ctx.invocation.argument);
  const auto policy = readPolicy(ctx.config);
  const auto hr = readHrExport(ctx.config, policy);
  Runtime rt(ctx.config);
  auto& out = ctx.out;

  const directory::Person* person = nullptr;
  explainRow(out, hr, account, policy, ctx.config.directory, &person);
  out << "protected by the policy: " << (policy::isProtected(policy, account) ? "yes" : "no") << "\n";

  auto members = rt.client().listAllMembers();
  if (!members.ok()) {
    ctx.err << "membersync: explain: cannot read the member list: " << members.error().describe()
            << "\n";
    return ExitCode::Failed;
  }
  const center::MemberListItem* member =
      explainMember(out, members.value(), account, ctx.config.accountSuffix());

  const auto snapshot = rt.store().load();
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       rt.clock().wallNow().time_since_epoch()).count();
  // The same reads a sync makes (A6, A8, product trees from the cache or A7); read-only: the
  // product cache is not written here.
  const auto reads = apply::readEntitlements(rt.client(), apply::readNeedsOf(policy, {}, &snapshot),
                                             snapshot.productCache, now,
                                             ctx.config.sync.productCacheHours,
                                             ctx.config.center.maxConcurrency);
  if (!reads.error.empty()) {
    ctx.err << "membersync: explain: " << reads.error << "\n";
    return ExitCode::Failed;
  }
  explainRemembered(out, snapshot, account, member);
  explainRecent(out, rt.store(), account);
  explainRules(out, policy, person);

  plan::PlanSettings settings = ctx.config.sync.plan;
  settings.onlyAccount = account;
  plan::PlanInputs inputs{hr, members.value(), policy, snapshot, settings, now};
  const apply::PlanEntitlements entitlements(snapshot, reads);
  entitlements.fill(inputs);
  if (member && reads.assets) explainAssets(out, plan::heldAssets(inputs, member->globalId), reads);
  if (member) explainLocks(out, snapshot, reads, *member);
  if (person) explainEnrolments(out, snapshot, *person);
  explainPlan(out, plan::makePlan(inputs), person, member);
  return ExitCode::Done;
}

}  // namespace membersync::cli
