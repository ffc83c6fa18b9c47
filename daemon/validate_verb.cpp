#include <algorithm>
#include <ostream>

#include "daemon/inputs.h"
#include "daemon/verbs.h"
#include "jobs/deliver/delivery.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/describe.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/policy/rules.h"
#include "jobs/report/text_table.h"

namespace membersync::cli {
namespace {

std::string people(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " person" : " people");
}
std::string counted(std::size_t n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

// What each rule of the policy grants, and how many active people of the export it matches.
// Warnings (a rule matching nobody, a column the export does not have) do not fail validate:
// the export may simply not have such people today.
void reportRules(std::ostream& out, const policy::Policy& policy, const directory::Export& hr) {
  const auto reports = policy::reportRules(policy, hr.people);
  if (reports.empty()) return;
  out << "rules (active people of the export each one matches):\n";
  std::size_t a = 0, l = 0, v = 0;
  for (const auto& r : reports) {
    out << "  " << r.section << " " << r.rule << ": " << people(r.people);
    if (r.section == "assets") {
      const policy::AssetRule& rule = policy.assets[a++];
      if (rule.product.empty()) {
        out << ", pool of " << rule.pool.size() << (rule.exclusive ? " (exclusive)" : "");
        if (r.people > rule.pool.size())
          out << "; the pool is " << r.people - rule.pool.size() << " short";
      } else {
        out << ", product " << rule.product;
      }
    } else if (r.section == "locks") {
      out << " with a lock number in " << policy.locks[l++].lockFrom;
    } else {
      out << ", activity " << policy.activities[v++].label;
    }
    out << "\n";
    for (const auto& column : r.unknownColumns)
      out << "    warning: \"" << column << "\" is neither an HR field nor a column of " << hr.path
          << ", so it is empty for everyone\n";
    if (r.people == 0) out << "    warning: rule " << r.rule << " matches nobody\n";
  }
}

bool computesFields(const config::Config& config) {
  if (config.directory.format == directory::ExportFormat::Ldap ||
      directory::isPlatform(config.directory.format))
    return true;
  for (const auto& [field, column] : config.directory.columns)
    if (directory::ColumnTemplate::isTemplate(column)) return true;
  return false;
}

// The first people as membersync reads them, so that a template or an attribute mapping can be
// checked by eye before the first sync.
void showFirstPeople(std::ostream& out, const directory::Export& hr, std::size_t count) {
  report::TextTable table({"employee_id", "account", "name", "department", "mobile", "status"});
  for (std::size_t i = 0; i < hr.people.size() && i < count; ++i) {
    const directory::Person& p = hr.people[i];
    table.addRow({p.employeeId, p.account, p.name, p.department, p.mobile.value_or(""),
                  p.status.empty() ? "(active)" : p.status});
  }
  if (table.empty()) return;
  out << "the first " << people(std::min(count, hr.people.size()))
      << " as read (columns and templates applied):\n";
  table.print(out, "  ");
}

// With mail delivery: who has no usable address in `to_column` (their passwords will wait in
// the outbox for a person to hand out). Not an error.
void reportAddresses(std::ostream& out, const config::Config& config, const directory::Export& hr) {
  if (!config.delivery.mail) return;
  const std::string& column = config.delivery.toColumn;
  std::vector<std::string> without;
  std::size_t active = 0;
  for (const auto& p : hr.people) {
    if (!p.active) continue;
    ++active;
    const auto address = p.attributes.find(column);
    if (address == p.attributes.end() || !deliver::isMailAddress(address->second))
      without.push_back(p.account);
  }
  out << "delivery: " << active - without.size() << " of " << active
      << " active people have a usable address in " << column;
  if (!without.empty()) {
    out << "; the passwords of the others wait in the outbox (`membersync passwords`):";
    for (std::size_t i = 0; i < without.size() && i < 5; ++i) out << (i ? ", " : " ") << without[i];
    if (without.size() > 5) out << ", ...";
  }
  out << "\n";
}

}  // namespace

// Offline but for an LDAP directory, which it reads: the configuration (already loaded by the caller), the policy and the HR export, and
// for each policy rule how many active people of the export it matches (with warnings for rules
// that match nobody). Exit 0 when all are usable and every row is valid; 3 when rows will be
// skipped (the export is usable: a person must fix them); 1 when the export is unusable; 78 for a policy mistake or a platform's permission or quota (PolicyError, PlatformConfigError, thrown to the
// caller).
ExitCode runValidate(const VerbContext& ctx) {
  auto& out = ctx.out;
  out << "config " << ctx.config.sourceFile << ": ok\n";

  const policy::Policy policy = readPolicy(ctx.config);
  if (policy.path.empty()) {
    out << "policy: none configured ([policy] path)\n";
  } else {
    out << "policy " << policy.path << ": ok (" << policy.departments.size() << " departments, "
        << policy.protect.size() << " protected patterns, "
        << counted(policy.assets.size(), "asset rule") << ", "
        << counted(policy.locks.size(), "lock rule") << ", "
        << counted(policy.activities.size(), "activity rule") << ")\n";
  }

  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, policy);
  } catch (const directory::platform::PlatformConfigError&) {
    throw;  // a permission or quota: 78, as check and sync say (daemon/app.cpp)
  } catch (const directory::ExportError& e) {
    ctx.err << "membersync: validate: " << e.what() << "\n";
    return ExitCode::Failed;
  }
  std::size_t active = 0;
  for (const auto& p : hr.people) active += p.active;
  out << "HR export " << hr.path << ": " << hr.rowCount << " rows, " << hr.people.size()
      << " valid (" << active << " active, " << hr.people.size() - active << " departed), "
      << hr.problems.size() << " skipped\n";
  for (const auto& problem : hr.problems) out << "  " << directory::describe(hr, problem) << "\n";
  for (const auto& notice : hr.notices) out << "  note: " << notice << "\n";
  if (computesFields(ctx.config)) showFirstPeople(out, hr, 5);
  reportRules(out, policy, hr);
  reportAddresses(out, ctx.config, hr);
  if (!hr.problems.empty()) {
    out << "Skipped rows are neither added, changed nor treated as departed until they are "
           "fixed.\n";
    return ExitCode::PartlyFailed;  // usable, with rows that need a person (as `sync` says)
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
