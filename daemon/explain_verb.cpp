#include <cctype>
#include <ctime>
#include <ostream>

#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/core/text.h"
#include "daemon/wiring.h"
#include "jobs/directory/describe.h"
#include "jobs/plan/planner.h"
#include "jobs/report/plan_text.h"

namespace membersync::cli {
namespace {

std::string opt(const std::optional<std::string>& v) { return v ? "\"" + *v + "\"" : "(not managed)"; }

std::string date(state::Millis ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M", &tm);
  return buffer;
}

void explainRow(std::ostream& out, const directory::Export& hr, const std::string& account,
                const policy::Policy& policy, const directory::Person** found) {
  for (const auto& p : hr.people) {
    if (lowerAscii(p.account) != account) continue;
    *found = &p;
    out << "HR row (" << hr.path << " line " << p.line << ")\n"
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
    for (const auto& [k, v] : p.attributes) out << "  " << k << " = \"" << v << "\"\n";
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

}  // namespace

// For one account: the HR row, the member, what membersync remembers, the policy rules that
// match, and the actions a sync would take now and why. Read-only.
ExitCode runExplain(const VerbContext& ctx) {
  const std::string account = lowerAscii(ctx.invocation.argument);
  const auto hr = readHrExport(ctx.config);
  const auto policy = readPolicy(ctx.config);
  Runtime rt(ctx.config);
  auto& out = ctx.out;
  const std::string suffix = ctx.config.center.expandedSuffix();

  const directory::Person* person = nullptr;
  explainRow(out, hr, account, policy, &person);
  out << "protected by the policy: " << (policy::isProtected(policy, account) ? "yes" : "no") << "\n";

  auto members = rt.client().listAllMembers();
  if (!members.ok()) {
    ctx.err << "membersync: explain: cannot read the member list: " << members.error().describe()
            << "\n";
    return ExitCode::Failed;
  }
  const center::MemberListItem* member = nullptr;
  for (const auto& m : members.value()) {
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

  const auto snapshot = rt.store().load();
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
  }

  plan::PlanSettings settings = rt.planSettings();
  settings.onlyAccount = account;
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       rt.clock().wallNow().time_since_epoch()).count();
  const auto p = plan::makePlan({hr, members.value(), policy, snapshot, settings, now});
  if (p.items.empty()) {
    out << "\nplanned: nothing; " << (person && member ? "the member matches the HR row"
                                     : person && !person->active ? "departed, and no member exists"
                                                                  : "nothing links them")
        << "\n";
  } else {
    out << "\nplanned:\n";
    report::writePlanText(out, p);
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
