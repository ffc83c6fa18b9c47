#include "jobs/plan/item_fields.h"

#include <algorithm>

#include "jobs/plan/field_buffer.h"

namespace membersync::plan::detail {
namespace {

// Adds a change when the wanted value differs from the center's ("" when the center has none).
void compare(std::vector<FieldChange>& out, const char* field, const std::string& wanted,
             const std::optional<std::string>& current) {
  const std::string before = current.value_or("");
  if (before != wanted) out.push_back(FieldChange{field, before, wanted});
}

void personFields(FieldBuffer& f, ItemKind kind, const directory::Person& person,
                  const std::optional<std::string>& departmentId, const std::string& policyHash) {
  f.field(toString(kind)).field(person.employeeId).field(person.account).field(person.name);
  f.field(person.department).optional(departmentId).optional(person.remark);
  f.optional(person.mobile).field(person.active ? "active" : "departed").field(policyHash);
}

}  // namespace

std::optional<std::string> departmentIdFor(const policy::Policy& policy,
                                           const directory::Person& person) {
  if (person.department.empty()) return std::nullopt;
  auto it = policy.departments.find(person.department);
  if (it == policy.departments.end()) return std::nullopt;
  return it->second;
}

Item addItem(const directory::Person& person, const policy::Policy& policy,
             const PlanSettings& settings) {
  Item item;
  item.kind = ItemKind::Add;
  item.key = "add:" + person.employeeId;
  item.employeeId = person.employeeId;
  item.account = person.account;
  item.name = person.name;
  item.department = person.department;
  item.departmentId = departmentIdFor(policy, person);
  item.remark = person.remark;
  item.mobile = person.mobile;
  item.line = person.line;
  item.reason = i18n::msg("new in HR");
  item.inputHash = addHash(person, item.departmentId, policy.contentHash, settings);
  return item;
}

std::vector<FieldChange> fieldChanges(const directory::Person& person,
                                      const std::optional<std::string>& departmentId,
                                      const center::MemberListItem& member) {
  std::vector<FieldChange> changes;
  compare(changes, "name", person.name, member.name);
  // An unmapped department leaves the center's department alone (A2 cannot clear one anyway).
  if (departmentId) compare(changes, "departmentId", *departmentId, member.departmentId);
  // An absent column is not managed; "" on HR and nothing on the center are the same.
  if (person.remark) compare(changes, "remark", *person.remark, member.remark);
  if (person.mobile) compare(changes, "passwordMobile", *person.mobile, member.passwordMobile);
  return changes;
}

Item editItem(const directory::Person& person, const LiveMember& member,
              const policy::Policy& policy, std::vector<FieldChange> changes) {
  Item item;
  item.kind = ItemKind::Edit;
  item.key = "edit:" + person.employeeId;
  item.employeeId = person.employeeId;
  item.account = member.account;
  item.globalId = member.item->globalId;
  item.name = person.name;
  item.department = person.department;
  item.departmentId = departmentIdFor(policy, person);
  item.remark = person.remark;
  item.mobile = person.mobile;
  item.changes = std::move(changes);
  item.line = person.line;
  item.reason = i18n::msg("differs from the HR row");
  item.inputHash = personHash(ItemKind::Edit, person, item.departmentId, policy.contentHash);
  return item;
}

std::optional<std::string> personField(const directory::Person& person,
                                       const std::optional<std::string>& departmentId,
                                       const std::string& field) {
  if (field == "name") return person.name;
  if (field == "departmentId") return departmentId;
  if (field == "remark") return person.remark;
  if (field == "passwordMobile") return person.mobile;
  return std::nullopt;
}

void setEditField(Item& edit, const std::string& field, std::optional<std::string> value) {
  if (field == "name" && value) edit.name = std::move(*value);
  if (field == "departmentId") edit.departmentId = std::move(value);
  if (field == "remark") edit.remark = std::move(value);
  if (field == "passwordMobile") edit.mobile = std::move(value);
}

void hold(Item& item, i18n::Message reason) {
  item.heldKind = item.kind;
  item.kind = ItemKind::Held;
  item.reason = std::move(reason);
}

std::string personHash(ItemKind kind, const directory::Person& person,
                       const std::optional<std::string>& departmentId,
                       const std::string& policyHash) {
  FieldBuffer f;
  personFields(f, kind, person, departmentId, policyHash);
  return f.sha256();
}

std::string addHash(const directory::Person& person, const std::optional<std::string>& departmentId,
                    const std::string& policyHash, const PlanSettings& settings) {
  FieldBuffer f;
  personFields(f, ItemKind::Add, person, departmentId, policyHash);
  f.field(std::to_string(settings.passwordLength)).field(settings.accountSuffix);
  return f.sha256();
}

std::string memberHash(ItemKind kind, const std::string& employeeId, const std::string& why,
                       const LiveMember& member, const std::string& policyHash) {
  FieldBuffer f;
  f.field(toString(kind)).field(employeeId).field(why);
  f.field(member.item->globalId).field(member.item->userName);
  std::vector<std::string> assets = member.item->assetNums;
  std::sort(assets.begin(), assets.end());
  f.field(std::to_string(assets.size()));
  for (const std::string& asset : assets) f.field(asset);
  f.optional(member.item->borrowNum).field(policyHash);
  return f.sha256();
}

}  // namespace membersync::plan::detail
