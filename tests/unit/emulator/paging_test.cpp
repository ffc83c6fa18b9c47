#include <catch2/catch.hpp>

#include "tests/emulator/paging.h"

using membersync::emulator::computePage;
using membersync::emulator::PageWindow;
using membersync::emulator::PagingRules;
using Nums = std::vector<std::int64_t>;

namespace {
const PagingRules kPlain{};
const PagingRules kReasonable{0, true};
}  // namespace

TEST_CASE("paging: the first of 25 pages starts the navigation window at 1", "[emulator][paging]") {
  PageWindow w = computePage(250, 1, 10, kPlain);
  CHECK(w.pageNum == 1);
  CHECK(w.pages == 25);
  CHECK(w.size == 10);
  CHECK(w.startRow == 1);
  CHECK(w.endRow == 10);
  CHECK(w.offset == 0);
  CHECK(w.prePage == 0);
  CHECK(w.nextPage == 2);
  CHECK(w.isFirstPage);
  CHECK_FALSE(w.isLastPage);
  CHECK_FALSE(w.hasPreviousPage);
  CHECK(w.hasNextPage);
  CHECK(w.navigatePages == 8);
  CHECK(w.navigatepageNums == Nums{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(w.firstPage == 1);
  CHECK(w.lastPage == 8);
}

TEST_CASE("paging: page 5 still shows the window 1..8", "[emulator][paging]") {
  PageWindow w = computePage(250, 5, 10, kPlain);
  CHECK(w.startRow == 41);
  CHECK(w.endRow == 50);
  CHECK(w.prePage == 4);
  CHECK(w.nextPage == 6);
  CHECK(w.navigatepageNums == Nums{1, 2, 3, 4, 5, 6, 7, 8});
}

TEST_CASE("paging: a middle page centres the window and lastPage is not the page count",
          "[emulator][paging]") {
  PageWindow w = computePage(250, 13, 10, kPlain);
  CHECK(w.navigatepageNums == Nums{9, 10, 11, 12, 13, 14, 15, 16});
  CHECK(w.firstPage == 9);
  CHECK(w.lastPage == 16);
  CHECK(w.pages == 25);
  CHECK(w.hasNextPage);
}

TEST_CASE("paging: the last page ends the window at the page count", "[emulator][paging]") {
  PageWindow w = computePage(250, 25, 10, kPlain);
  CHECK(w.size == 10);
  CHECK(w.startRow == 241);
  CHECK(w.endRow == 250);
  CHECK(w.nextPage == 0);
  CHECK(w.isLastPage);
  CHECK_FALSE(w.hasNextPage);
  CHECK(w.navigatepageNums == Nums{18, 19, 20, 21, 22, 23, 24, 25});
  CHECK(w.firstPage == 18);
  CHECK(w.lastPage == 25);
}

TEST_CASE("paging: past the end answers an empty page that is not the last", "[emulator][paging]") {
  PageWindow w = computePage(250, 26, 10, kPlain);
  CHECK(w.pageNum == 26);
  CHECK(w.size == 0);
  CHECK(w.startRow == 0);
  CHECK(w.endRow == 0);
  CHECK(w.prePage == 25);
  CHECK(w.nextPage == 0);
  CHECK_FALSE(w.isFirstPage);
  CHECK_FALSE(w.isLastPage);
  CHECK(w.hasPreviousPage);
  CHECK_FALSE(w.hasNextPage);
  CHECK(w.navigatepageNums == Nums{18, 19, 20, 21, 22, 23, 24, 25});
}

TEST_CASE("paging: with the reasonable rule a page past the end is the last page",
          "[emulator][paging]") {
  for (std::int64_t asked : {26, 27, 1000}) {
    PageWindow w = computePage(250, asked, 10, kReasonable);
    CHECK(w.pageNum == 25);
    CHECK(w.size == 10);
    CHECK(w.startRow == 241);
    CHECK(w.isLastPage);
    CHECK_FALSE(w.hasNextPage);
  }
  // Inside the range the rule changes nothing.
  for (std::int64_t asked : {1, 5, 13, 25}) {
    PageWindow plain = computePage(250, asked, 10, kPlain);
    PageWindow reasonable = computePage(250, asked, 10, kReasonable);
    CHECK(plain.pageNum == reasonable.pageNum);
    CHECK(plain.navigatepageNums == reasonable.navigatepageNums);
    CHECK(plain.startRow == reasonable.startRow);
  }
}

TEST_CASE("paging: a short last page counts only its items", "[emulator][paging]") {
  PageWindow w = computePage(23, 3, 10, kPlain);
  CHECK(w.pages == 3);
  CHECK(w.size == 3);
  CHECK(w.startRow == 21);
  CHECK(w.endRow == 23);
  CHECK(w.navigatepageNums == Nums{1, 2, 3});
  CHECK(w.lastPage == 3);
}

TEST_CASE("paging: an empty list has no pages and is its own last page", "[emulator][paging]") {
  for (const PagingRules& rules : {kPlain, kReasonable}) {
    PageWindow w = computePage(0, 1, 10, rules);
    CHECK(w.pageNum == 1);
    CHECK(w.pages == 0);
    CHECK(w.size == 0);
    CHECK(w.isFirstPage);
    CHECK(w.isLastPage);
    CHECK_FALSE(w.hasNextPage);
    CHECK(w.navigatepageNums.empty());
    CHECK(w.firstPage == 0);
    CHECK(w.lastPage == 0);
    CHECK(w.prePage == 0);
  }
}

TEST_CASE("paging: --max-page-size clamps the page size and the page count follows",
          "[emulator][paging]") {
  PageWindow w = computePage(250, 2, 100, PagingRules{10, false});
  CHECK(w.pageSize == 10);
  CHECK(w.pages == 25);
  CHECK(w.startRow == 11);
  CHECK(w.endRow == 20);
  PageWindow small = computePage(250, 2, 5, PagingRules{10, false});
  CHECK(small.pageSize == 5);
}
