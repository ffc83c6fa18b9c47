#include "jobs/plan/ordering.h"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "jobs/core/text.h"

namespace membersync::plan::detail {
namespace {

// Adds before assignments, assignments before lendings, enrolments after both; withdrawals
// before deletes; what makes no call last.
int rank(ItemKind kind) {
  switch (kind) {
    case ItemKind::Add:
      return 0;
    case ItemKind::Adopt:
      return 1;
    case ItemKind::Edit:
      return 2;
    case ItemKind::Assign:
      return 3;
    case ItemKind::Lend:
      return 4;
    case ItemKind::Enrol:
      return 5;
    case ItemKind::Withdraw:
      return 6;
    case ItemKind::Delete:
      return 7;
    case ItemKind::Held:
      return 8;
    case ItemKind::Rename:
      return 9;
    case ItemKind::Orphan:
      return 10;
    case ItemKind::Problem:
      return 11;
  }
  return 12;
}

struct SortKey {
  int rank;
  std::string account;
  int line;
  const std::string* key;
  bool operator<(const SortKey& o) const {
    return std::tie(rank, account, line, *key) < std::tie(o.rank, o.account, o.line, *o.key);
  }
};

// Puts items[order[k]] at position k, one cycle of the permutation at a time: a second vector
// of every item would double the plan's memory at its peak (100,000 adds are ~100 MB).
void permuteInPlace(std::vector<Item>& items, const std::vector<std::size_t>& order) {
  std::vector<bool> placed(items.size(), false);
  for (std::size_t start = 0; start < items.size(); ++start) {
    if (placed[start]) continue;
    Item first = std::move(items[start]);
    std::size_t at = start;
    for (;;) {
      placed[at] = true;
      const std::size_t from = order[at];
      if (from == start) {
        items[at] = std::move(first);
        break;
      }
      items[at] = std::move(items[from]);
      at = from;
    }
  }
}

}  // namespace

void orderItems(Plan& plan) {
  // Sort keys are built once (lower-casing inside the comparison would cost n log n copies).
  std::vector<SortKey> keys;
  keys.reserve(plan.items.size());
  for (const Item& i : plan.items)
    keys.push_back({rank(i.kind), lowerAscii(i.account), i.line, &i.key});
  std::vector<std::size_t> order(plan.items.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  keys.clear();
  keys.shrink_to_fit();
  permuteInPlace(plan.items, order);
}

void countItems(Plan& plan) {
  plan.counts = countsOf(plan.items);
}

void orderStateChanges(Plan& plan) {
  StateChanges& sc = plan.stateChanges;
  auto byEmployee = [](const auto& a, const auto& b) { return a.employeeId < b.employeeId; };
  std::stable_sort(sc.absences.begin(), sc.absences.end(), byEmployee);
  std::stable_sort(sc.links.begin(), sc.links.end(), byEmployee);
  for (auto* ids : {&sc.clearedAbsences, &sc.droppedLinks, &sc.endedLendings,
                    &sc.droppedOwnedAssets}) {
    std::sort(ids->begin(), ids->end());
    ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
  }
}

}  // namespace membersync::plan::detail
