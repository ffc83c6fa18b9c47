#pragma once

#include <string_view>

#include "jobs/policy/policy.h"

namespace membersync::plan::detail {

// True when the policy's `protect` list names `account` (bare accounts or `*` globs,
// case-insensitive). Such a member is never edited, withdrawn or deleted: those items are Held.
// The planner keeps its own matcher, with the semantics policy.h documents for
// policy::isProtected, so it needs nothing but headers from jobs/policy.
bool isProtectedAccount(const policy::Policy& policy, std::string_view account);

inline constexpr const char* kProtectedReason = "protected by the policy's protect list";

}  // namespace membersync::plan::detail
