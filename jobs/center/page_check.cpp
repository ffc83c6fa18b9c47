#include "jobs/center/page_check.h"

namespace membersync::center {
namespace {

std::string n(std::int64_t v) {
  return std::to_string(v);
}

std::optional<std::string> negative(const MemberPage& p) {
  const std::pair<const char*, std::int64_t> fields[] = {{"total", p.total},
                                                         {"pages", p.pages},
                                                         {"pageSize", p.pageSize},
                                                         {"size", p.size},
                                                         {"pageNum", p.pageNum}};
  for (const auto& [name, value] : fields)
    if (value < 0) return std::string(name) + " is negative (" + n(value) + ")";
  return std::nullopt;
}

// The counts of this page against each other and against the list it holds.
std::optional<std::string> pageCounts(const MemberPage& p) {
  const auto listed = static_cast<std::int64_t>(p.list.size());
  if (listed > p.size)
    return "the list holds " + n(listed) + " members, more than size " + n(p.size);
  if (p.size > p.total) return "size " + n(p.size) + " is more than total " + n(p.total);
  if (p.pageSize > 0 && p.size > p.pageSize)
    return "size " + n(p.size) + " is more than pageSize " + n(p.pageSize);
  return std::nullopt;
}

// pages against total and the page size this answer says it used (not the one asked for).
std::optional<std::string> pageTotals(const MemberPage& p) {
  if (p.total > kMostMembers)
    return "total " + n(p.total) + " is more members than any enterprise has (more than " +
           n(kMostMembers) + ")";
  if (p.pageSize > 0) {
    const std::int64_t expected = (p.total + p.pageSize - 1) / p.pageSize;
    if (p.pages != expected)
      return "pages is " + n(p.pages) + ", but total " + n(p.total) + " in pages of " +
             n(p.pageSize) + " makes " + n(expected);
  }
  if (p.hasNextPage && p.pages > 0 && p.pageNum >= p.pages)
    return "hasNextPage is true on page " + n(p.pageNum) + " of " + n(p.pages);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> pageObjectProblem(const MemberPage& page) {
  if (auto why = negative(page)) return why;
  if (auto why = pageTotals(page)) return why;
  return pageCounts(page);
}

std::optional<std::string> pageShapeProblem(const MemberPage& page, int pageNum, int pageSize) {
  if (page.pageSize > 0 && page.pageSize != pageSize)
    return "page " + n(pageNum) + " is cut in pages of " + n(page.pageSize) +
           ", page 1 in pages of " + n(pageSize);
  const auto listed = static_cast<std::int64_t>(page.list.size());
  if (page.hasNextPage && listed != pageSize)
    return "page " + n(pageNum) + " holds " + n(listed) + " members in pages of " + n(pageSize) +
           " and claims a next page (hasNextPage): every page but the last must be full";
  return std::nullopt;
}

std::optional<std::string> pageCountProblem(std::int64_t total, int pageSize, int asked,
                                            int mostPages) {
  const std::int64_t pages = pageSize > 0 ? (total + pageSize - 1) / pageSize : total;
  if (pages <= mostPages) return std::nullopt;
  const std::string cut = pageSize == asked
                              ? "[center] page_size = " + n(asked)
                              : "pages of " + n(pageSize) +
                                    " (the center's cut of [center] page_size = " + n(asked) + ")";
  return "the member list would take " + n(pages) + " pages (total " + n(total) + " in " + cut +
         "), more than [center] max_member_pages = " + n(mostPages) +
         "; not read. If the enterprise really has that many members, raise max_member_pages, or "
         "page_size (at most 1000)";
}

}  // namespace membersync::center
