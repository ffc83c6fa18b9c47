#include "jobs/plan/plan.h"

namespace membersync::plan {
namespace {

constexpr ItemKind kAllKinds[] = {ItemKind::Add,    ItemKind::Edit,   ItemKind::Adopt,
                                  ItemKind::Withdraw, ItemKind::Delete, ItemKind::Orphan,
                                  ItemKind::Held,   ItemKind::Rename, ItemKind::Problem};

}  // namespace

const char* toString(ItemKind kind) {
  switch (kind) {
    case ItemKind::Add: return "add";
    case ItemKind::Edit: return "edit";
    case ItemKind::Adopt: return "adopt";
    case ItemKind::Withdraw: return "withdraw";
    case ItemKind::Delete: return "delete";
    case ItemKind::Orphan: return "orphan";
    case ItemKind::Held: return "held";
    case ItemKind::Rename: return "rename";
    case ItemKind::Problem: return "problem";
  }
  return "problem";
}

std::optional<ItemKind> itemKindFromString(const std::string& text) {
  for (ItemKind kind : kAllKinds)
    if (text == toString(kind)) return kind;
  return std::nullopt;
}

bool Plan::hasChanges() const {
  // Adoptions only record a link; held items, orphans, renames and problems make no call.
  for (const Item& item : items) {
    switch (item.kind) {
      case ItemKind::Add:
      case ItemKind::Edit:
      case ItemKind::Withdraw:
      case ItemKind::Delete: return true;
      default: break;
    }
  }
  return false;
}

}  // namespace membersync::plan
