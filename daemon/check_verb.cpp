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
#include "jobs/i18n/message.h"
#include "jobs/report/text_table.h"

namespace membersync::cli {
namespace {

using i18n::format;

std::string count(std::size_t n) {
  return std::to_string(n);
}

std::string join(const std::vector<std::string>& items, const std::string& sep = " ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

// `check` shows this many rows of each table: enough to see that the reads work and what they
// hold; the counts say how many there are (an enterprise may have thousands).
constexpr std::size_t kShown = 10;

// Prints `table` (its first kShown rows) and, when there were more, how many were left out.
void printFirst(const i18n::Translator& tr, std::ostream& out, const report::TextTable& table,
                std::size_t rows) {
  table.print(out);
  if (rows > kShown)
    out << "  " << format(tr.tr("... and {count} more"), {{"count", count(rows - kShown)}}) << "\n";
}

// A failed call becomes 78 when a person must fix the configuration, else 1. `what` is the
// call, translated; the service's own description stays as it says it.
ExitCode report(const VerbContext& ctx, const std::string& what, const center::Error& e) {
  ctx.err << format(ctx.tr.tr("membersync: check: {what}: {error}"),
                    {{"what", what}, {"error", e.describe()}})
          << "\n";
  return exitCodeOf(e);
}

// "membersync: check: reading ...: why", the reason in the reader's language.
void readFailed(const VerbContext& ctx, const std::string& what, const directory::ExportError& e) {
  ctx.err << format(ctx.tr.tr("membersync: check: {what}: {error}"),
                    {{"what", what}, {"error", i18n::render(ctx.tr, e.message())}})
          << "\n";
}

void printNotices(const VerbContext& ctx, const directory::Export& hr) {
  for (const auto& notice : hr.notices)
    ctx.out << "  " << format(ctx.tr.tr("note: {note}"), {{"note", notice}}) << "\n";
  ctx.out << "\n";
}

// format = ldap: binds, reads every page and counts what the filter finds. Read-only.
bool checkDirectory(const VerbContext& ctx) {
  const auto& l = ctx.config.directory.ldap;
  const i18n::Translator& tr = ctx.tr;
  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, readPolicy(ctx.config));
  } catch (const directory::ExportError& e) {
    readFailed(ctx, tr.tr("reading the directory"), e);
    return false;
  }
  ctx.out << format(tr.tr("directory {source}"), {{"source", hr.path}}) << "\n  "
          << format(l.startTls ? tr.tr("bound as {dn} (StartTLS)") : tr.tr("bound as {dn}"),
                    {{"dn", l.bindDn}})
          << "\n  "
          << format(tr.tr("filter {filter}: {count} entries, {valid} valid, {skipped} skipped "
                          "(`membersync validate` lists them)"),
                    {{"filter", l.filter},
                     {"count", count(hr.rowCount)},
                     {"valid", count(hr.people.size())},
                     {"skipped", count(hr.problems.size())}})
          << "\n";
  printNotices(ctx, hr);
  return true;
}

// format = dingtalk, wecom or feishu: walks every department and every page of users and counts what it found
// and what the walk cost. Read-only. A configuration problem (a permission, the quota) is 78.
std::optional<ExitCode> checkPlatform(const VerbContext& ctx) {
  const i18n::Translator& tr = ctx.tr;
  directory::Export hr;
  try {
    hr = readHrExport(ctx.config, readPolicy(ctx.config));
  } catch (const directory::platform::PlatformConfigError& e) {
    readFailed(ctx, tr.tr("reading the organisation chart"), e);
    return ExitCode::Configuration;
  } catch (const directory::ExportError& e) {
    readFailed(ctx, tr.tr("reading the organisation chart"), e);
    return ExitCode::Failed;
  }
  ctx.out << format(tr.tr("directory {source}"), {{"source", hr.path}}) << "\n  "
          << format(tr.tr("walked {departments} departments, {count} people, {valid} valid, "
                          "{skipped} skipped (`membersync validate` lists them); {calls} calls "
                          "made"),
                    {{"departments", count(hr.departmentCount)},
                     {"count", count(hr.rowCount)},
                     {"valid", count(hr.people.size())},
                     {"skipped", count(hr.problems.size())},
                     {"calls", std::to_string(hr.calls)}})
          << "\n";
  printNotices(ctx, hr);
  return std::nullopt;
}

// The tokens and their scopes; nullopt when they are usable, else the exit code (the reason
// printed).
std::optional<ExitCode> showTokens(const VerbContext& ctx, center::Session& session) {
  const auto& cfg = ctx.config.center;
  const i18n::Translator& tr = ctx.tr;
  auto tokens = session.checkTokens();
  if (!tokens.ok()) return report(ctx, tr.tr("obtaining tokens"), tokens.error());
  const auto& t = tokens.value();
  const std::string notReported = tr.tr("(not reported)");
  ctx.out << format(tr.tr("tokens ({url})"), {{"url", cfg.tokenUrl}}) << "\n  "
          << format(tr.tr("application {client}: scopes {scopes}"),
                    {{"client", t.clientId},
                     {"scopes", t.memberScopesReported ? join(t.memberScopes) : notReported}})
          << "\n  "
          << format(t.userTokenObtained ? tr.tr("admin {user}: signed in")
                                        : tr.tr("admin {user}: not signed in"),
                    {{"user", cfg.adminUser}})
          << "\n";
  if (t.activityClientId != t.clientId) {
    ctx.out << "  "
            << format(tr.tr("activity application {client}: scopes {scopes}"),
                      {{"client", t.activityClientId},
                       {"scopes", t.activityScopesReported ? join(t.activityScopes) : notReported}})
            << "\n";
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
  const i18n::Translator& tr = ctx.tr;
  if (!page.ok()) return report(ctx, tr.tr("listing members"), page.error());
  const auto& p = page.value();
  // What a sync's read would refuse after page 1: a short page 1, or more pages than allowed.
  const int cut = p.pageSize > 0 ? p.pageSize : cfg.pageSize;
  auto unreadable = center::pageShapeProblem(p, 1, cut);
  if (!unreadable && p.hasNextPage)
    unreadable = center::pageCountProblem(p.total, cut, cfg.pageSize, cfg.memberPageLimit());
  if (unreadable) {
    ctx.err << format(tr.tr("membersync: check: {what}: {error}"),
                      {{"what", tr.tr("listing members")}, {"error", *unreadable}})
            << "\n";
    return ExitCode::Failed;
  }
  const std::string& suffix = ctx.config.accountSuffix();
  report::TextTable members(
      {tr.tr("account"), tr.tr("name"), tr.tr("department"), tr.tr("assets"), tr.tr("lock")});
  std::size_t live = 0;
  for (std::size_t i = 0; i < p.list.size(); ++i) {
    const auto& m = p.list[i];
    holders.add(m.globalId, accountOf(m.userName, suffix));
    if (m.deleted || ++live > kShown) continue;
    const std::string department = i < p.departmentNames.size() ? p.departmentNames[i] : "";
    members.addRow({accountOf(m.userName, suffix), m.name, department, join(m.assetNums, ","),
                    m.borrowNum.value_or("")});
  }
  ctx.out << "\n"
          << format(tr.tr("enterprise {enterprise}: {total} members; page 1 of {pages} read "
                          "({count} members)"),
                    {{"enterprise", cfg.enterpriseGlobalId},
                     {"total", std::to_string(p.total)},
                     {"pages", std::to_string(p.pages)},
                     {"count", std::to_string(p.size)}})
          << "\n";
  printFirst(tr, ctx.out, members, live);
  return std::nullopt;
}

std::optional<ExitCode> showAssets(const VerbContext& ctx, center::MemberCenterClient& client,
                                   const Holders& holders) {
  const i18n::Translator& tr = ctx.tr;
  auto assets = client.listAssetNumbers();
  if (!assets.ok()) return report(ctx, tr.tr("listing asset numbers"), assets.error());
  int assigned = 0;
  int lent = 0;
  report::TextTable table(
      {tr.tr("asset"), tr.tr("id"), tr.tr("assigned to"), tr.tr("lent"), tr.tr("online")});
  const std::string yes = tr.tr("yes");
  std::size_t row = 0;
  for (const auto& a : assets.value()) {
    assigned += a.cloudAccountGlobalId && !a.cloudAccountGlobalId->empty();
    lent += a.borrowedFlag;
    if (row++ >= kShown) continue;  // counted, not shown
    table.addRow({a.assetNum, a.assetId, holders.of(a.cloudAccountGlobalId),
                  a.borrowedFlag ? yes : "", a.onlineFlag ? yes : ""});
  }
  ctx.out << "\n"
          << format(tr.tr("asset numbers: {count} ({assigned} assigned, {lent} lent to a lock)"),
                    {{"count", count(assets.value().size())},
                     {"assigned", std::to_string(assigned)},
                     {"lent", std::to_string(lent)}})
          << "\n";
  printFirst(tr, ctx.out, table, assets.value().size());
  return std::nullopt;
}

std::optional<ExitCode> showLocks(const VerbContext& ctx, center::MemberCenterClient& client,
                                  const Holders& holders) {
  const i18n::Translator& tr = ctx.tr;
  auto locks = client.listBorrowedLocks();
  if (!locks.ok()) return report(ctx, tr.tr("listing borrowed locks"), locks.error());
  report::TextTable table({tr.tr("lock"), tr.tr("id"), tr.tr("lent to")});
  for (std::size_t i = 0; i < locks.value().size() && i < kShown; ++i) {
    const auto& l = locks.value()[i];
    table.addRow({l.assetNum, l.assetId, l.borrowedFlag ? holders.of(l.cloudAccountGlobalId) : ""});
  }
  ctx.out << "\n"
          << format(tr.tr("borrowed locks: {count}"), {{"count", count(locks.value().size())}})
          << "\n";
  printFirst(tr, ctx.out, table, locks.value().size());
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
  ctx.out << "\n"
          << format(ctx.tr.tr("check passed: credentials, scopes and enterprise {enterprise} are "
                              "usable (read-only; nothing was changed)"),
                    {{"enterprise", ctx.config.center.enterpriseGlobalId}})
          << "\n";
  return ExitCode::Done;
}

}  // namespace membersync::cli
