#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>

#include "daemon/inputs.h"
#include "daemon/runtime.h"
#include "daemon/verbs.h"
#include "jobs/center/page_check.h"
#include "jobs/core/text.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/report/text_table.h"

namespace membersync::cli {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep = " ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

// `check` shows this many rows of each table: enough to see that the reads work and what they
// hold; the counts say how many there are (an enterprise may have thousands).
constexpr std::size_t kShown = 10;

// Prints `table` (its first kShown rows) and, when there were more, how many were left out.
void printFirst(std::ostream& out, const report::TextTable& table, std::size_t rows) {
  table.print(out);
  if (rows > kShown) out << "  ... and " << rows - kShown << " more\n";
}

// A failed call becomes 78 when a person must fix the configuration, else 1.
ExitCode report(const VerbContext& ctx, const std::string& what, const center::Error& e) {
  ctx.err << "membersync: check: " << what << ": " << e.describe() << "\n";
  return exitCodeOf(e);
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

// format = dingtalk: walks every department and every page of users and counts what it found
// and what the walk cost. Read-only. A configuration problem (a permission, the quota) is 78.
std::optional<ExitCode> checkPlatform(const VerbContext& ctx) {
  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, readPolicy(ctx.config));
  } catch (const directory::platform::PlatformConfigError& e) {
    ctx.err << "membersync: check: reading the organisation chart: " << e.what() << "\n";
    return ExitCode::Configuration;
  } catch (const directory::ExportError& e) {
    ctx.err << "membersync: check: reading the organisation chart: " << e.what() << "\n";
    return ExitCode::Failed;
  }
  ctx.out << "directory " << hr.path << "\n"
          << "  walked " << hr.departmentCount << " departments, " << hr.rowCount << " people, "
          << hr.people.size() << " valid, " << hr.problems.size()
          << " skipped (`membersync validate` lists them); " << hr.calls << " calls made\n\n";
  return std::nullopt;
}

// The tokens and their scopes; nullopt when they are usable, else the exit code (the reason
// printed).
std::optional<ExitCode> showTokens(const VerbContext& ctx, center::Session& session) {
  const auto& cfg = ctx.config.center;
  auto tokens = session.checkTokens();
  if (!tokens.ok()) return report(ctx, "obtaining tokens", tokens.error());
  const auto& t = tokens.value();
  ctx.out << "tokens (" << cfg.tokenUrl << ")\n"
          << "  application " << t.clientId << ": scopes "
          << (t.memberScopesReported ? join(t.memberScopes) : "(not reported)") << "\n"
          << "  admin " << cfg.adminUser << ": "
          << (t.userTokenObtained ? "signed in" : "not signed in") << "\n";
  if (t.activityClientId != t.clientId) {
    ctx.out << "  activity application " << t.activityClientId << ": scopes "
            << (t.activityScopesReported ? join(t.activityScopes) : "(not reported)") << "\n";
  }
  if (t.problems.empty()) return std::nullopt;
  for (const auto& p : t.problems)
    ctx.err << "membersync: check: " << ctx.config.sourceFile << ": [center] " << p << "\n";
  return ExitCode::Configuration;
}

// Who holds what: accounts by globalId, from page 1 (others show as their globalId).
class Holders {
 public:
  void add(const std::string& globalId, const std::string& account) {
    accounts_[globalId] = account;
  }
  std::string of(const std::optional<std::string>& globalId) const {
    if (!globalId || globalId->empty()) return "";
    auto it = accounts_.find(*globalId);
    return it != accounts_.end() ? it->second : *globalId;
  }

 private:
  std::map<std::string, std::string> accounts_;
};

// Page 1 of the members, checked as a sync's read would check it; nullopt when it reads, else
// the exit code (the reason printed).
std::optional<ExitCode> showMembers(const VerbContext& ctx, center::MemberCenterClient& client,
                                    Holders& holders) {
  const auto& cfg = ctx.config.center;
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
  report::TextTable members({"account", "name", "department", "assets", "lock"});
  std::size_t live = 0;
  for (const auto& m : p.list) {
    holders.add(m.globalId, accountOf(m.userName, suffix));
    if (m.deleted || ++live > kShown) continue;
    members.addRow({accountOf(m.userName, suffix), m.name, m.departmentName.value_or(""),
                    join(m.assetNums, ","), m.borrowNum.value_or("")});
  }
  ctx.out << "\nenterprise " << cfg.enterpriseGlobalId << ": " << p.total << " members; page 1 of "
          << p.pages << " read (" << p.size << " members)\n";
  printFirst(ctx.out, members, live);
  return std::nullopt;
}

std::optional<ExitCode> showAssets(const VerbContext& ctx, center::MemberCenterClient& client,
                                   const Holders& holders) {
  auto assets = client.listAssetNumbers();
  if (!assets.ok()) return report(ctx, "listing asset numbers (A6)", assets.error());
  int assigned = 0;
  int lent = 0;
  report::TextTable table({"asset", "id", "assigned to", "lent", "online"});
  std::size_t row = 0;
  for (const auto& a : assets.value()) {
    assigned += a.cloudAccountGlobalId && !a.cloudAccountGlobalId->empty();
    lent += a.borrowedFlag;
    if (row++ >= kShown) continue;  // counted, not shown
    table.addRow({a.assetNum, a.assetId, holders.of(a.cloudAccountGlobalId),
                  a.borrowedFlag ? "yes" : "", a.onlineFlag ? "yes" : ""});
  }
  ctx.out << "\nasset numbers: " << assets.value().size() << " (" << assigned << " assigned, "
          << lent << " lent to a lock)\n";
  printFirst(ctx.out, table, assets.value().size());
  return std::nullopt;
}

std::optional<ExitCode> showLocks(const VerbContext& ctx, center::MemberCenterClient& client,
                                  const Holders& holders) {
  auto locks = client.listBorrowedLocks();
  if (!locks.ok()) return report(ctx, "listing borrowed locks (A8)", locks.error());
  report::TextTable table({"lock", "id", "lent to"});
  for (std::size_t i = 0; i < locks.value().size() && i < kShown; ++i) {
    const auto& l = locks.value()[i];
    table.addRow({l.assetNum, l.assetId, l.borrowedFlag ? holders.of(l.cloudAccountGlobalId) : ""});
  }
  ctx.out << "\nborrowed locks: " << locks.value().size() << "\n";
  printFirst(ctx.out, table, locks.value().size());
  return std::nullopt;
}

}  // namespace

// `check` is read-only: with format = ldap it first reads the directory; then it obtains the
// tokens, confirms the scopes and the enterprise, and reads one page of members, the asset
// numbers and the borrowed locks, printing their counts and the first rows of each.
ExitCode runCheck(const VerbContext& ctx) {
  if (ctx.config.directory.format == directory::ExportFormat::Ldap && !checkDirectory(ctx))
    return ExitCode::Failed;
  if (directory::isPlatform(ctx.config.directory.format))
    if (auto failed = checkPlatform(ctx)) return *failed;
  Runtime runtime(ctx.config, StateUse::Read);  // never opens the state
  center::MemberCenterClient& client = runtime.client();
  Holders holders;
  if (auto failed = showTokens(ctx, runtime.session())) return *failed;
  if (auto failed = showMembers(ctx, client, holders)) return *failed;
  if (auto failed = showAssets(ctx, client, holders)) return *failed;
  if (auto failed = showLocks(ctx, client, holders)) return *failed;
  ctx.out << "\ncheck passed: credentials, scopes and enterprise "
          << ctx.config.center.enterpriseGlobalId
          << " are usable (read-only; nothing was changed)\n";
  return ExitCode::Done;
}

}  // namespace membersync::cli
