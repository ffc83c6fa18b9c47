#include "jobs/plan/reverted_fields.h"

#include <set>

#include "jobs/plan/item_fields.h"

namespace membersync::plan::detail {
namespace {

const state::RevertedField* holdOf(const Context& ctx, const std::string& employeeId,
                                   const std::string& field) {
  const auto& held = ctx.in.state.revertedFields;
  auto it = held.find(state::revertedFieldKey(employeeId, field));
  return it == held.end() ? nullptr : &it->second;
}

}  // namespace

std::vector<FieldChange> takeRevertedChanges(Context& ctx, const directory::Person& p,
                                             const std::optional<std::string>& departmentId,
                                             std::vector<FieldChange>& changes) {
  const auto& all = ctx.in.state.revertedFields;
  const std::string prefix = p.employeeId + "|";
  for (auto it = all.lower_bound(prefix); it != all.end() && it->first.rfind(prefix, 0) == 0;
       ++it) {
    const auto wanted = personField(p, departmentId, it->second.field);
    if (wanted && *wanted != it->second.value)
      ctx.plan.stateChanges.liftedReverts.push_back(it->first);
  }
  std::vector<FieldChange> held;
  std::vector<FieldChange> kept;
  for (FieldChange& c : changes) {
    const state::RevertedField* hold = holdOf(ctx, p.employeeId, c.field);
    (hold && hold->value == c.after ? held : kept).push_back(std::move(c));
  }
  changes = std::move(kept);
  return held;
}

Item revertHoldItem(const Context& ctx, const directory::Person& p, const LiveMember& m,
                    std::vector<FieldChange> held) {
  std::set<std::int64_t> runs;
  for (const auto& c : held) runs.insert(holdOf(ctx, p.employeeId, c.field)->revertedRun);
  std::string named;
  for (const auto run : runs) named += (named.empty() ? "" : ", ") + std::to_string(run);
  Item item;
  item.kind = ItemKind::Held;
  item.heldKind = ItemKind::Edit;
  item.key = "reverted:" + p.employeeId;
  item.employeeId = p.employeeId;
  item.account = m.account;
  item.globalId = m.item->globalId;
  item.changes = std::move(held);
  item.line = p.line;
  item.reason = i18n::msgn(
                    "reverted in run {runs}: HR still gives the value that run set; held "
                    "until HR gives another",
                    "reverted in runs {runs}: HR still gives the value that run set; held "
                    "until HR gives another",
                    runs.size())
                    .with("runs", named);
  return item;
}

void keepHeldFields(Item& edit, const std::vector<FieldChange>& held,
                    const center::MemberListItem& member) {
  for (const FieldChange& c : held)
    setEditField(edit, c.field, c.field == "name" ? std::optional(member.name) : std::nullopt);
}

}  // namespace membersync::plan::detail
