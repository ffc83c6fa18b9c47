#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "jobs/center/members.h"

namespace membersync::center {

// More members than this in one enterprise is not believed: a `total` past it is a fault.
inline constexpr std::int64_t kMostMembers = 100'000'000;

// Whether an A5 page object's counts add up (facts.md, "The page object"), judged by the answer's
// own pageSize and size, so a server that clamps the page size, or answers the last page for a
// page past the end (PageHelper's "reasonable" paging), passes. Empty when they add up; else what
// does not, naming the fields and their values. A page whose counts do not add up must not drive
// a read: a `pages` or `total` from nowhere would make the client ask for pages without end.
std::optional<std::string> pageObjectProblem(const MemberPage& page);

}  // namespace membersync::center
