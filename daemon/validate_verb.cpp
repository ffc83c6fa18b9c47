#include <algorithm>
#include <ostream>

#include "daemon/inputs.h"
#include "daemon/verbs.h"
#include "jobs/deliver/delivery.h"
#include "jobs/directory/column_template.h"
#include "jobs/directory/describe.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/i18n/message.h"
#include "jobs/policy/rules.h"
#include "jobs/report/text_table.h"

namespace membersync::cli {
namespace {

using i18n::format;

std::string count(std::size_t n) {
  return std::to_string(n);
}
std::string people(const i18n::Translator& tr, std::size_t n) {
  return format(tr.trn("{count} person", "{count} people", n), {{"count", count(n)}});
}

// What each rule of the policy grants, and how many active people of the export it matches.
// Warnings (a rule matching nobody, a column the export does not have) do not fail validate:
// the export may simply not have such people today.
// What one rule grants, after the people it matches ("{people}"), by section.
std::string ruleGrants(const i18n::Translator& tr, const policy::Policy& policy,
                       const policy::RuleReport& r, std::size_t& a, std::size_t& l,
                       std::size_t& v) {
  const std::string matched = people(tr, r.people);
  if (r.section == "assets") {
    const policy::AssetRule& rule = policy.assets[a++];
    if (!rule.product.empty())
      return format(tr.tr("{people}, product {product}"),
                    {{"people", matched}, {"product", rule.product}});
    const std::size_t pool = rule.pool.size();
    std::string out = format(rule.exclusive ? tr.tr("{people}, pool of {pool} (exclusive)")
                                            : tr.tr("{people}, pool of {pool}"),
                             {{"people", matched}, {"pool", count(pool)}});
    if (r.people > pool)
      out += format(tr.tr("; the pool is {short} short"), {{"short", count(r.people - pool)}});
    return out;
  }
  if (r.section == "locks")
    return format(tr.tr("{people} with a lock number in {column}"),
                  {{"people", matched}, {"column", policy.locks[l++].lockFrom}});
  return format(tr.tr("{people}, activity {label}"),
                {{"people", matched}, {"label", policy.activities[v++].label}});
}

void reportRules(const i18n::Translator& tr, std::ostream& out, const policy::Policy& policy,
                 const directory::Export& hr) {
  const auto reports = policy::reportRules(policy, hr.people);
  if (reports.empty()) return;
  out << tr.tr("rules (active people of the export each one matches):") << "\n";
  std::size_t a = 0, l = 0, v = 0;
  for (const auto& r : reports) {
    out << "  " << r.section << " " << r.rule << ": " << ruleGrants(tr, policy, r, a, l, v) << "\n";
    for (const auto& column : r.unknownColumns)
      out << "    "
          << format(tr.tr("warning: \"{column}\" is neither an HR field nor a column of {file}, "
                          "so it is empty for everyone"),
                    {{"column", column}, {"file", hr.path}})
          << "\n";
    if (r.people == 0)
      out << "    " << format(tr.tr("warning: rule {rule} matches nobody"), {{"rule", r.rule}})
          << "\n";
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
void showFirstPeople(const i18n::Translator& tr, std::ostream& out, const directory::Export& hr,
                     std::size_t shown) {
  // The field names are the keys of [directory] column.*, as written in membersync.ini.
  report::TextTable table({"employee_id", "account", "name", "department", "mobile", "status"});
  for (std::size_t i = 0; i < hr.people.size() && i < shown; ++i) {
    const directory::Person& p = hr.people[i];
    table.addRow({p.employeeId, p.account, p.name, p.department, p.mobile.value_or(""),
                  p.status.empty() ? tr.tr("(active)") : p.status});
  }
  if (table.empty()) return;
  const std::size_t n = std::min(shown, hr.people.size());
  out << format(tr.trn("the first {count} person as read (columns and templates applied):",
                       "the first {count} people as read (columns and templates applied):", n),
                {{"count", count(n)}})
      << "\n";
  table.print(out, "  ");
}

// With mail delivery: who has no usable address in `to_column` (their passwords will wait in
// the outbox for a person to hand out). Not an error.
void reportAddresses(const i18n::Translator& tr, std::ostream& out, const config::Config& config,
                     const directory::Export& hr) {
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
  // English says "people" whatever the count, as it always did.
  out << format(
      tr.tr("delivery: {usable} of {count} active people have a usable address in "
            "{column}"),
      {{"usable", count(active - without.size())}, {"count", count(active)}, {"column", column}});
  if (!without.empty()) {
    std::string accounts;
    for (std::size_t i = 0; i < without.size() && i < 5; ++i)
      accounts += (i ? ", " : "") + without[i];
    if (without.size() > 5) accounts += ", ...";
    out << format(tr.tr("; the passwords of the others wait in the outbox (`membersync "
                        "passwords`): {accounts}"),
                  {{"accounts", accounts}});
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
  const i18n::Translator& tr = ctx.tr;
  out << format(tr.tr("config {file}: ok"), {{"file", ctx.config.sourceFile}}) << "\n";

  const policy::Policy policy = readPolicy(ctx.config);
  if (policy.path.empty()) {
    out << tr.tr("policy: none configured ([policy] path)") << "\n";
  } else {
    const std::size_t assets = policy.assets.size(), locks = policy.locks.size(),
                      activities = policy.activities.size();
    out << format(tr.tr("policy {file}: ok ({departments} departments, {patterns} protected "
                        "patterns, {assets}, {locks}, {activities})"),
                  {{"file", policy.path},
                   {"departments", count(policy.departments.size())},
                   {"patterns", count(policy.protect.size())},
                   {"assets", format(tr.trn("{count} asset rule", "{count} asset rules", assets),
                                     {{"count", count(assets)}})},
                   {"locks", format(tr.trn("{count} lock rule", "{count} lock rules", locks),
                                    {{"count", count(locks)}})},
                   {"activities",
                    format(tr.trn("{count} activity rule", "{count} activity rules", activities),
                           {{"count", count(activities)}})}})
        << "\n";
  }

  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, policy);
  } catch (const directory::platform::PlatformConfigError&) {
    throw;  // a permission or quota: 78, as check and sync say (daemon/app.cpp)
  } catch (const directory::ExportError& e) {
    ctx.err << format(tr.tr("membersync: validate: {error}"),
                      {{"error", i18n::render(tr, e.message())}})
            << "\n";
    return ExitCode::Failed;
  }
  std::size_t active = 0;
  for (const auto& p : hr.people) active += p.active;
  // English says "rows" whatever the count, as it always did.
  out << format(tr.tr("HR export {file}: {count} rows, {valid} valid ({active} active, "
                      "{departed} departed), {skipped} skipped"),
                {{"file", hr.path},
                 {"count", count(hr.rowCount)},
                 {"valid", count(hr.people.size())},
                 {"active", count(active)},
                 {"departed", count(hr.people.size() - active)},
                 {"skipped", count(hr.problems.size())}})
      << "\n";
  for (const auto& problem : hr.problems)
    out << "  " << i18n::render(tr, directory::describeMessage(hr, problem)) << "\n";
  for (const auto& notice : hr.notices)
    out << "  " << format(tr.tr("note: {note}"), {{"note", notice}}) << "\n";
  if (computesFields(ctx.config)) showFirstPeople(tr, out, hr, 5);
  reportRules(tr, out, policy, hr);
  reportAddresses(tr, out, ctx.config, hr);
  if (!hr.problems.empty()) {
    out << tr.tr(
               "Skipped rows are neither added, changed nor treated as departed until they are "
               "fixed.")
        << "\n";
    return ExitCode::PartlyFailed;  // usable, with rows that need a person (as `sync` says)
  }
  return ExitCode::Done;
}

}  // namespace membersync::cli
