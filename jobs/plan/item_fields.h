#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/plan/member_field.h"
#include "jobs/plan/member_index.h"
#include "jobs/plan/plan.h"
#include "jobs/plan/plan_settings.h"
#include "jobs/policy/policy.h"

// How an HR row becomes the fields of an add or an edit, and the input hashes that tell the
// item history whether an item's inputs changed. Internal to jobs/plan.
namespace membersync::plan::detail {

// The departmentId the policy maps the person's department to (exact, case-sensitive key);
// nullopt when the department is empty or unmapped.
std::optional<std::string> departmentIdFor(const policy::Policy& policy,
                                           const directory::Person& person);

// An Add: account as HR spells it, name, mapped departmentId, remark and mobile as given
// (nullopt: not sent). Key "add:<employee_id>"; its inputHash is addHash().
Item addItem(const directory::Person& person, const policy::Policy& policy,
             const PlanSettings& settings);

// The fields of `member` that differ from the person's, by the edit rules: name always;
// departmentId only when the department maps to an id; remark and passwordMobile only when the
// export has that column (an absent value on the center counts as ""). Empty: nothing to do.
std::vector<FieldChange> fieldChanges(const directory::Person& person,
                                      const std::optional<std::string>& departmentId,
                                      const center::MemberListItem& member);

// An Edit of the linked or adopted member: every target field (optional ones nullopt when not
// managed, so the center keeps them) plus `changes`. The account is the center's, since A2 cannot
// rename. Key "edit:<employee_id>".
Item editItem(const directory::Person& person, const LiveMember& member,
              const policy::Policy& policy, std::vector<FieldChange> changes);

// The value HR (or the policy's department mapping) gives; nullopt when it does not manage the
// field (no such column, an unmapped department).
std::optional<std::string> personField(const directory::Person& person,
                                       const std::optional<std::string>& departmentId,
                                       const std::string& field);
// Sets the field as an edit sends it; nullopt leaves an optional field unsent (the center keeps
// it). The name is always sent: give the center's to keep it.
void setEditField(Item& edit, const std::string& field, std::optional<std::string> value);

// Turns a planned item into a Held one that keeps its key, fields and `destructive` flag;
// `reason` says why and what releases it.
void hold(Item& item, i18n::Message reason);

// SHA-256 of what an add, adopt or edit is computed from: the HR row's managed fields, the
// mapped departmentId and the policy's hash (the item kind keeps the hashes of different items
// apart).
std::string personHash(ItemKind kind, const directory::Person& person,
                       const std::optional<std::string>& departmentId,
                       const std::string& policyHash);

// SHA-256 of what an add's request is made from: personHash()'s fields and the settings that
// shape the request besides the row and the policy (the password length, the account suffix
// with the enterprise code). A refusal remembered against the add is released when any of
// them changes: the center may have been refusing the settings, not the row.
std::string addHash(const directory::Person& person, const std::optional<std::string>& departmentId,
                    const std::string& policyHash, const PlanSettings& settings);

// SHA-256 of what a withdrawal or delete is computed from: the employee (empty for orphans), why
// ("missing", "departed", "orphan"), the member's asset and lock fields (so a refused delete is
// tried again once the member changes on the center) and the policy's hash.
std::string memberHash(ItemKind kind, const std::string& employeeId, const std::string& why,
                       const LiveMember& member, const std::string& policyHash);

}  // namespace membersync::plan::detail
