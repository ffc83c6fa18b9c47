#include <map>
#include <ostream>

#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/center/page_check.h"
#include "jobs/core/text.h"
#include "jobs/report/text_table.h"

namespace membersync::cli {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep = " ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

// A failed call becomes 78 when a person must fix the configuration, else 1.
ExitCode report(const VerbContext& ctx, const std::string& what, const center::Error& e) {
  ctx.err << "membersync: check: " << what << ": " << e.describe() << "\n";
  return e.kind == center::ErrorKind::Configuration ? ExitCode::Configuration : ExitCode::Failed;
}

// format = ldap: binds, reads every page and counts what the filter finds. Read-only.
bool checkDirectory(const VerbContext& ctx) {
  const auto& l = ctx.config.directory.ldap;
  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, readPolicy(ctx.config));
  } catch (const directory::ExportError& e) {
    ctx.err << "membersync: check: reading the directory: " << e.what() << "\n";
    return false;
  }
  ctx.out << "directory " << hr.path << "\n"
          << "  bound as " << l.bindDn << (l.startTls ? " (StartTLS)" : "") << "\n"
          << "  filter " << l.filter << ": " << hr.rowCount << " entries, " << hr.people.size()
          << " valid, " << hr.problems.size() << " skipped (`membersync validate` lists them)\n";
  for (const auto& notice : hr.notices) ctx.out << "  note: " << notice << "\n";
  ctx.out << "\n";
  return true;
}

}  // namespace

// `check` is read-only: with format = ldap it first reads the directory; then it obtains the tokens, confirms the scopes and the enterprise, and reads
// one page of members, the asset numbers and the borrowed locks.
ExitCode runCheck(const VerbContext& ctx) {
  if (ctx.config.directory.format == directory::ExportFormat::Ldap && !checkDirectory(ctx))
    return ExitCode::Failed;
  const auto& cfg = ctx.config.center;
  Runtime runtime(ctx.config, StateUse::Read);  // never opens the state
  center::Session& session = runtime.session();
  center::MemberCenterClient& client = runtime.client();
  auto& out = ctx.out;

  auto tokens = session.checkTokens();
  if (!tokens.ok()) return report(ctx, "obtaining tokens from " + cfg.tokenUrl, tokens.error());
  const auto& t = tokens.value();
  out << "tokens (" << cfg.tokenUrl << ")\n"
      << "  application " << t.clientId << ": scopes "
      << (t.memberScopesReported ? join(t.memberScopes) : "(not reported)") << "\n"
      << "  admin " << cfg.adminUser << ": " << (t.userTokenObtained ? "signed in" : "not signed in")
      << "\n";
  if (t.activityClientId != t.clientId) {
    out << "  activity application " << t.activityClientId << ": scopes "
        << (t.activityScopesReported ? join(t.activityScopes) : "(not reported)") << "\n";
  }
  if (!t.problems.empty()) {
    for (const auto& p : t.problems) {
      ctx.err << "membersync: check: " << ctx.config.sourceFile << ": [center] " << p << "\n";
    }
    return ExitCode::Configuration;
  }

  auto page = client.listMembersPage(1);
  if (!page.ok()) return report(ctx, "listing members (A5)", page.error());
  const auto& p = page.value();
  // What a sync's read would refuse after page 1: a short page 1, or more pages than allowed.
  const int cut = p.pageSize > 0 ? p.pageSize : cfg.pageSize;
  auto unreadable = center::pageShapeProblem(p, 1, cut);
  if (!unreadable && p.hasNextPage)
    unreadable = center::pageCountProblem(p.total, cut, cfg.pageSize, cfg.memberPageLimit());
  if (unreadable) {
    ctx.err << "membersync: check: listing members (A5): " << *unreadable << "\n";
    return ExitCode::Failed;
  }
  const std::string& suffix = ctx.config.accountSuffix();
  std::map<std::string, std::string> accountByGlobalId;
  report::TextTable members({"account", "name", "department", "assets", "lock"});
  for (const auto& m : p.list) {
    accountByGlobalId[m.globalId] = accountOf(m.userName, suffix);
    if (m.deleted) continue;
    members.addRow({accountOf(m.userName, suffix), m.name, m.departmentName.value_or(""),
                    join(m.assetNums, ","), m.borrowNum.value_or("")});
  }
  out << "\nenterprise " << cfg.enterpriseGlobalId << ": " << p.total << " members; page 1 of "
      << p.pages << " (" << p.size << " shown)\n";
  members.print(out);

  auto assets = client.listAssetNumbers();
  if (!assets.ok()) return report(ctx, "listing asset numbers (A6)", assets.error());
  auto holder = [&](const std::optional<std::string>& globalId) -> std::string {
    if (!globalId || globalId->empty()) return "";
    auto it = accountByGlobalId.find(*globalId);
    return it != accountByGlobalId.end() ? it->second : *globalId;
  };
  int assigned = 0;
  int lent = 0;
  report::TextTable assetTable({"asset", "id", "assigned to", "lent", "online"});
  for (const auto& a : assets.value()) {
    assigned += a.cloudAccountGlobalId && !a.cloudAccountGlobalId->empty();
    lent += a.borrowedFlag;
    assetTable.addRow({a.assetNum, a.assetId, holder(a.cloudAccountGlobalId),
                       a.borrowedFlag ? "yes" : "", a.onlineFlag ? "yes" : ""});
  }
  out << "\nasset numbers: " << assets.value().size() << " (" << assigned << " assigned, " << lent
      << " lent to a lock)\n";
  assetTable.print(out);

  auto locks = client.listBorrowedLocks();
  if (!locks.ok()) return report(ctx, "listing borrowed locks (A8)", locks.error());
  report::TextTable lockTable({"lock", "id", "lent to"});
  for (const auto& l : locks.value()) {
    lockTable.addRow({l.assetNum, l.assetId, l.borrowedFlag ? holder(l.cloudAccountGlobalId) : ""});
  }
  out << "\nborrowed locks: " << locks.value().size() << "\n";
  lockTable.print(out);

  out << "\ncheck passed: credentials, scopes and enterprise " << cfg.enterpriseGlobalId
      << " are usable (read-only; nothing was changed)\n";
  return ExitCode::Done;
}

}  // namespace membersync::cli
