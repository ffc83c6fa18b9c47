#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jobs/plan/context.h"

// A reverted field stays reverted: while HR gives the value the reverted run had set, the change
// is held instead of made again; once HR gives another value, the hold lifts. Internal to
// jobs/plan.
namespace membersync::plan::detail {

// Takes out of `changes` those that would set a field back to a value a revert took away, and
// returns them; records in the plan's state changes the holds of this person whose value HR no
// longer gives (`departmentId` is the mapped id of the person's department, if any).
std::vector<FieldChange> takeRevertedChanges(Context& ctx, const directory::Person& p,
                                             const std::optional<std::string>& departmentId,
                                             std::vector<FieldChange>& changes);

// The Held item that shows the changes takeRevertedChanges() took out, naming the run reverted.
Item revertHoldItem(const Context& ctx, const directory::Person& p, const LiveMember& m,
                    std::vector<FieldChange> held);

// An edit must leave the held fields as the center has them: the name is sent as the center's,
// the optional fields not at all.
void keepHeldFields(Item& edit, const std::vector<FieldChange>& held,
                    const center::MemberListItem& member);

}  // namespace membersync::plan::detail
