#include "jobs/plan/plan.h"

#include <algorithm>
#include <cstdlib>

#include "jobs/plan/field_buffer.h"

namespace membersync::plan {
namespace {

constexpr ItemKind kAllKinds[] = {ItemKind::Add,      ItemKind::Edit,   ItemKind::Adopt,
                                  ItemKind::Withdraw, ItemKind::Delete, ItemKind::Orphan,
                                  ItemKind::Held,     ItemKind::Rename, ItemKind::Problem,
                                  ItemKind::Assign,   ItemKind::Lend,   ItemKind::Enrol};

}  // namespace

const char* toString(ItemKind kind) {
  switch (kind) {
    case ItemKind::Add:
      return "add";
    case ItemKind::Edit:
      return "edit";
    case ItemKind::Adopt:
      return "adopt";
    case ItemKind::Withdraw:
      return "withdraw";
    case ItemKind::Delete:
      return "delete";
    case ItemKind::Orphan:
      return "orphan";
    case ItemKind::Held:
      return "held";
    case ItemKind::Rename:
      return "rename";
    case ItemKind::Problem:
      return "problem";
    case ItemKind::Assign:
      return "assign";
    case ItemKind::Lend:
      return "lend";
    case ItemKind::Enrol:
      return "enrol";
  }
  return "problem";
}

std::optional<ItemKind> itemKindFromString(const std::string& text) {
  for (ItemKind kind : kAllKinds)
    if (text == toString(kind)) return kind;
  return std::nullopt;
}

std::string fieldLabel(const std::string& field) {
  return field == "passwordMobile" ? "mobile" : field;
}

bool withdrawsNothing(const Item& item) {
  return item.kind == ItemKind::Withdraw && item.assetsToWithdraw.empty();
}

bool onlyWithdraws(const Item& item) {
  return item.kind == ItemKind::Assign && item.assetsToAdd.empty() &&
         !item.assetsToWithdraw.empty();
}

Counts countsOf(const std::vector<Item>& items) {
  Counts c;
  for (const Item& i : items) {
    c.departuresOnly += withdrawsNothing(i) ? 1 : 0;
    c.assignWithdrawals += onlyWithdraws(i) ? 1 : 0;
    switch (i.kind) {
      case ItemKind::Add:
        ++c.add;
        break;
      case ItemKind::Edit:
        ++c.edit;
        break;
      case ItemKind::Adopt:
        ++c.adopt;
        break;
      case ItemKind::Withdraw:
        ++c.withdraw;
        break;
      case ItemKind::Delete:
        ++c.del;
        break;
      case ItemKind::Orphan:
        ++c.orphan;
        break;
      case ItemKind::Held:
        ++c.held;
        break;
      case ItemKind::Rename:
        ++c.rename;
        break;
      case ItemKind::Assign:
        ++c.assign;
        break;
      case ItemKind::Lend:
        ++c.lend;
        break;
      case ItemKind::Enrol:
        ++c.enrol;
        break;
      case ItemKind::Problem:
        ++c.problem;
        break;
    }
  }
  return c;
}

bool Plan::hasChanges() const {
  // Adoptions only record a link; held items, orphans, renames and problems make no call.
  for (const Item& item : items) {
    switch (item.kind) {
      case ItemKind::Add:
      case ItemKind::Edit:
      case ItemKind::Withdraw:
      case ItemKind::Delete:
      case ItemKind::Assign:
      case ItemKind::Lend:
      case ItemKind::Enrol:
        return true;
      default:
        break;
    }
  }
  return false;
}

i18n::Message Plan::guardReasons() const {
  if (guard.tripped && editGuard.tripped)
    return i18n::msg("{reason}; and {more}")
        .with("reason", guard.reason)
        .with("more", editGuard.reason);
  if (guard.tripped) return guard.reason;
  return editGuard.tripped ? editGuard.reason : i18n::Message();
}

void Plan::nameRun(long long run) {
  guard.reason = namingRun(std::move(guard.reason), run);
  editGuard.reason = namingRun(std::move(editGuard.reason), run);
  for (Item& item : items)
    if (item.heldByGuard) item.reason = namingRun(std::move(item.reason), run);
}

std::string namingRun(std::string reason, long long run) {
  const std::string placeholder = kAllowCommand;
  const std::string named = placeholder.substr(0, placeholder.size() - 3) + std::to_string(run);
  for (auto at = reason.find(placeholder); at != std::string::npos;
       at = reason.find(placeholder, at + named.size()))
    reason.replace(at, placeholder.size(), named);
  return reason;
}

i18n::Message namingRun(i18n::Message reason, long long run) {
  for (i18n::MessageArgument& a : reason.arguments) {
    if (a.name == kRunArgument && a.message.empty() && a.text == kRunPlaceholder)
      a.text = std::to_string(run);
    for (i18n::Message& nested : a.message) nested = namingRun(std::move(nested), run);
  }
  return reason;
}

std::string revertKeyPrefix(long long run) {
  return "revert:" + std::to_string(run) + ":";
}

long long revertedRunOf(const std::string& key) {
  const std::string prefix = "revert:";
  if (key.rfind(prefix, 0) != 0) return 0;
  return std::strtoll(key.c_str() + prefix.size(), nullptr, 10);
}

namespace {

// Sorted, so that the order a list was built in does not count as other content.
void sortedList(detail::FieldBuffer& f, std::vector<std::string> values) {
  std::sort(values.begin(), values.end());
  f.field(std::to_string(values.size()));
  for (const auto& v : values) f.field(v);
}

}  // namespace

std::string releaseSubject(const std::string& key) {
  std::string k = key.substr(0, key.find('@'));
  if (const long long run = revertedRunOf(k); run != 0) k = k.substr(revertKeyPrefix(run).size());
  const auto colon = k.find(':');
  if (colon == std::string::npos) return "";
  const std::string rest = k.substr(colon + 1);
  return rest.substr(0, rest.find(':'));
}

bool Plan::inScope(const std::string& releaseKey) const {
  return scopeSubjects.empty() || std::find(scopeSubjects.begin(), scopeSubjects.end(),
                                            releaseSubject(releaseKey)) != scopeSubjects.end();
}

std::string releaseKey(const Item& item) {
  const ItemKind kind = item.kind == ItemKind::Held ? item.heldKind : item.kind;
  detail::FieldBuffer f;
  switch (kind) {
    case ItemKind::Edit:  // the values it sets (the form releases had before other kinds')
      f.field(item.name).optional(item.departmentId).optional(item.remark).optional(item.mobile);
      break;
    case ItemKind::Withdraw:
    case ItemKind::Assign:  // the asset numbers it assigns and withdraws
      f.field(toString(kind));
      sortedList(f, item.assetsToAdd);
      sortedList(f, item.assetsToWithdraw);
      break;
    case ItemKind::Lend:  // the lock, and the assets lent to it
      f.field(toString(kind)).field(item.lockNumber);
      sortedList(f, item.assetIds);
      break;
    case ItemKind::Delete:  // the departure: whose member, under which account and name
      f.field(toString(kind)).field(item.employeeId).field(item.account).field(item.name);
      break;
    default:
      return item.key;  // enrolments in doubt: released by key for one more attempt
  }
  return item.key + "@" + f.sha256().substr(0, 16);
}

}  // namespace membersync::plan
