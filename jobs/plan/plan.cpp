#include "jobs/plan/plan.h"

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

Counts countsOf(const std::vector<Item>& items) {
  Counts c;
  for (const Item& i : items) {
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

}  // namespace membersync::plan
