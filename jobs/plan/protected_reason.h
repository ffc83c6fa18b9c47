#pragma once

namespace membersync::plan::detail {

// The reason a protected account's edit, withdrawal or delete is Held. Matching itself is
// policy::isProtected (bare accounts or `*` globs, case-insensitive).
inline constexpr const char* kProtectedReason = "protected by the policy's protect list";

}  // namespace membersync::plan::detail
