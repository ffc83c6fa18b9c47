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

// Whether page `pageNum` fits the list as page 1 cut it: in pages of `pageSize` (page 1's own
// pageSize, or the size asked when it gave none) on every page, and full on every page but the
// last (one with hasNextPage must hold pageSize members). Empty when it fits; else what does not.
// A page that does not fit must not drive a read: a page 1 of one member that claims a next page
// and a total of a million would have the list read in a million pages of one.
std::optional<std::string> pageShapeProblem(const MemberPage& page, int pageNum, int pageSize);

// Empty when `total` members in pages of `pageSize` take at most `mostPages` pages ([center]
// max_member_pages); else why the list is not read, naming the keys. `asked` is [center]
// page_size, named too when the center cuts smaller pages than asked.
std::optional<std::string> pageCountProblem(std::int64_t total, int pageSize, int asked,
                                            int mostPages);

}  // namespace membersync::center
