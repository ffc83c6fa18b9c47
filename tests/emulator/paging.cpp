#include "tests/emulator/paging.h"

#include <algorithm>

namespace membersync::emulator {
namespace {

// PageInfo.calcNavigatepageNums: all pages when they fit, else a window of `navigatePages`
// starting navigatePages/2 before the current page, pushed back inside [1, pages].
std::vector<std::int64_t> navigationWindow(std::int64_t pageNum, std::int64_t pages, int width) {
  std::vector<std::int64_t> nums;
  if (pages <= width) {
    for (std::int64_t p = 1; p <= pages; ++p) nums.push_back(p);
    return nums;
  }
  std::int64_t start = pageNum - width / 2;
  std::int64_t end = pageNum + width / 2;
  if (start < 1) {
    start = 1;
  } else if (end > pages) {
    start = pages - width + 1;
  }
  for (int i = 0; i < width; ++i) nums.push_back(start + i);
  return nums;
}

}  // namespace

PageWindow computePage(std::int64_t total, std::int64_t pageNum, std::int64_t pageSize,
                       const PagingRules& rules) {
  PageWindow w;
  w.pageSize = (rules.maxPageSize > 0) ? std::min(pageSize, rules.maxPageSize) : pageSize;
  w.total = total;
  w.pages = (total + w.pageSize - 1) / w.pageSize;
  w.pageNum = pageNum;
  if (rules.reasonable && w.pages > 0 && w.pageNum > w.pages) w.pageNum = w.pages;

  w.offset = (w.pageNum - 1) * w.pageSize;
  w.size = std::clamp<std::int64_t>(total - w.offset, 0, w.pageSize);
  if (w.size > 0) {
    w.startRow = w.offset + 1;
    w.endRow = w.startRow - 1 + w.size;
  }

  w.navigatepageNums = navigationWindow(w.pageNum, w.pages, w.navigatePages);
  // PageInfo.calcPage sets these only when there is a navigation window, i.e. pages > 0.
  if (!w.navigatepageNums.empty()) {
    w.firstPage = w.navigatepageNums.front();
    w.lastPage = w.navigatepageNums.back();
    if (w.pageNum > 1) w.prePage = w.pageNum - 1;
    if (w.pageNum < w.pages) w.nextPage = w.pageNum + 1;
  }
  w.isFirstPage = w.pageNum == 1;
  w.isLastPage = w.pageNum == w.pages || w.pages == 0;
  w.hasPreviousPage = w.pageNum > 1;
  w.hasNextPage = w.pageNum < w.pages;
  return w;
}

}  // namespace membersync::emulator
