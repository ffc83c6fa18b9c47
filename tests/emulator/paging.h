#pragma once

#include <cstdint>
#include <vector>

// The member list's page object, computed the way MyBatis PageHelper's PageInfo computes it
// (see spec/facts.md). Pure arithmetic, no I/O.
namespace membersync::emulator {

struct PagingRules {
  std::int64_t maxPageSize = 0;  // > 0 clamps larger page sizes (--max-page-size)
  bool reasonable = false;       // a pageNum past the end answers the last page
};

struct PageWindow {
  std::int64_t pageNum = 0;   // possibly moved to the last page by the reasonable rule
  std::int64_t pageSize = 0;  // after clamping
  std::int64_t size = 0;      // items on this page
  std::int64_t startRow = 0;  // 1-based, inclusive; 0 on an empty page
  std::int64_t endRow = 0;
  std::int64_t total = 0;
  std::int64_t pages = 0;
  std::int64_t prePage = 0;    // 0 when none
  std::int64_t nextPage = 0;   // 0 when none
  std::int64_t firstPage = 0;  // first number of the navigation window, not necessarily 1
  std::int64_t lastPage = 0;   // last number of the navigation window, not necessarily `pages`
  bool isFirstPage = false;
  bool isLastPage = false;
  bool hasPreviousPage = false;
  bool hasNextPage = false;
  int navigatePages = 8;
  std::vector<std::int64_t> navigatepageNums;
  std::int64_t offset = 0;  // index of the page's first item in the whole list
};

// pageNum and pageSize must be >= 1 (the endpoint answers 40000 before calling this).
PageWindow computePage(std::int64_t total, std::int64_t pageNum, std::int64_t pageSize,
                       const PagingRules& rules);

}  // namespace membersync::emulator
