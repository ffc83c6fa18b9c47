#pragma once

#include "jobs/i18n/message.h"

namespace membersync::plan::detail {

// The reason a protected account's edit, withdrawal or delete is Held. Matching itself is
// policy::isProtected (bare accounts or `*` globs, case-insensitive).
inline i18n::Message protectedReason() {
  return i18n::msg("protected by the policy's protect list");
}

}  // namespace membersync::plan::detail
