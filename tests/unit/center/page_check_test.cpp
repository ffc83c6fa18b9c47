// A page object whose counts do not add up fails the read (facts.md, "The page object"), judged by
// the answer's own pageSize and size, so clamped and "reasonable" paging still pass.
#include <catch2/catch.hpp>

#include <algorithm>

#include "jobs/center/decode.h"
#include "jobs/center/page_check.h"
#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;
using Catch::Contains;

namespace {

// Page `pageNum` of `total` members in pages of `pageSize`, as PageHelper computes it.
MemberPage page(std::int64_t total, int pageNum, int pageSize) {
  MemberPage p;
  p.total = total;
  p.pageNum = pageNum;
  p.pageSize = pageSize;
  p.pages = static_cast<int>((total + pageSize - 1) / pageSize);
  const std::int64_t start = static_cast<std::int64_t>(pageNum - 1) * pageSize;
  p.size = static_cast<int>(std::clamp<std::int64_t>(total - start, 0, pageSize));
  p.list.resize(static_cast<std::size_t>(p.size));
  p.hasNextPage = pageNum < p.pages;
  return p;
}

std::string problem(const MemberPage& p) {
  return pageObjectProblem(p).value_or("");
}

}  // namespace

TEST_CASE("page check: PageHelper's own pages add up, first, middle, last, past the end and empty",
          "[center][limits]") {
  CHECK(problem(page(250, 1, 10)) == "");
  CHECK(problem(page(250, 13, 10)) == "");
  CHECK(problem(page(243, 25, 10)) == "");
  CHECK(problem(page(250, 40, 10)) == "");  // past the end: an empty list
  CHECK(problem(page(0, 1, 100)) == "");
}

TEST_CASE("page check: a clamped page size is judged by the pageSize the answer gives",
          "[center][limits]") {
  MemberPage p = page(250, 1, 10);  // 100 asked, the server clamped to 10
  CHECK(problem(p) == "");
}

TEST_CASE("page check: reasonable paging's last page for a page past the end adds up",
          "[center][limits]") {
  MemberPage p = page(243, 25, 10);  // page 30 asked, the last one answered
  CHECK(problem(p) == "");
}

TEST_CASE("page check: pages that total and pageSize do not make are refused, naming the counts",
          "[center][limits]") {
  MemberPage p = page(250, 1, 10);
  p.pages = 1025;
  CHECK(problem(p) == "pages is 1025, but total 250 in pages of 10 makes 25");
}

TEST_CASE("page check: size past pageSize, a list past size, size past total are refused",
          "[center][limits]") {
  MemberPage p = page(250, 1, 10);
  p.size = 11;
  CHECK(problem(p) == "size 11 is more than pageSize 10");
  MemberPage q = page(250, 1, 10);
  q.list.resize(12);
  CHECK(problem(q) == "the list holds 12 members, more than size 10");
  MemberPage r = page(3, 1, 10);
  r.size = 5;
  r.list.resize(5);
  CHECK(problem(r) == "size 5 is more than total 3");
}

TEST_CASE("page check: a negative or absurd total is refused", "[center][limits]") {
  MemberPage p = page(250, 1, 10);
  p.total = -1;
  CHECK(problem(p) == "total is negative (-1)");
  MemberPage q = page(250, 1, 1000);
  q.total = 5'000'000'000;
  q.pages = 5'000'000;
  CHECK_THAT(problem(q), Contains("total 5000000000 is more members than any enterprise has"));
}

TEST_CASE("page check: a next page announced on the last page is refused", "[center][limits]") {
  MemberPage p = page(250, 25, 10);
  p.hasNextPage = true;
  CHECK(problem(p) == "hasNextPage is true on page 25 of 25");
}

TEST_CASE(
    "page check: an A5 answer whose counts do not add up fails the read at page 1, not retried",
    "[center][limits]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) {
    return okAnswer(
        R"({"pageNum":1,"pageSize":10,"size":1,"total":250,"pages":1025,"hasNextPage":true,)"
        R"("list":[{"globalId":"a","userName":"a@acme"}]})");
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK(all.error().kind == ErrorKind::Protocol);
  CHECK_THAT(all.error().message,
             Contains("do not add up: pages is 1025, but total 250 in pages of 10 makes 25"));
  CHECK(rig.service.apiRequests().size() == 1);
}

namespace {

// An A5 page object as JSON: `listed` members (globalIds `<pageNum>-<i>`) of a list of `total`
// in pages of `pageSize`, with `pages` and `hasNextPage` as given.
TransportResult pageAnswer(int pageNum, int pageSize, std::int64_t total, std::int64_t pages,
                           int listed, bool hasNextPage) {
  std::string list;
  for (int i = 0; i < listed; ++i)
    list += (i ? "," : "") + std::string(R"({"globalId":")") + std::to_string(pageNum) + "-" +
            std::to_string(i) + R"(","userName":"m@acme"})";
  return okAnswer(R"({"pageNum":)" + std::to_string(pageNum) + R"(,"pageSize":)" +
                  std::to_string(pageSize) + R"(,"size":)" + std::to_string(listed) +
                  R"(,"total":)" + std::to_string(total) + R"(,"pages":)" + std::to_string(pages) +
                  R"(,"hasNextPage":)" + (hasNextPage ? "true" : "false") + R"(,"list":[)" + list +
                  "]}");
}

int pageNumOf(const HttpRequest& r) {
  return std::stoi(queryParam(r, "pageNum"));
}

}  // namespace

TEST_CASE("page shape: every page in page 1's page size, full unless it is the last",
          "[center][limits]") {
  CHECK_FALSE(pageShapeProblem(page(250, 1, 10), 1, 10));
  CHECK_FALSE(pageShapeProblem(page(243, 25, 10), 25, 10));  // the last page may be short
  CHECK_FALSE(pageShapeProblem(page(250, 40, 10), 40, 10));  // past the end: empty, no next page
  MemberPage shortPage = page(250, 3, 10);
  shortPage.list.resize(9);
  shortPage.size = 9;
  CHECK(pageShapeProblem(shortPage, 3, 10).value_or("") ==
        "page 3 holds 9 members in pages of 10 and claims a next page (hasNextPage): every page "
        "but the last must be full");
  CHECK(pageShapeProblem(page(250, 2, 5), 2, 10).value_or("") ==
        "page 2 is cut in pages of 5, page 1 in pages of 10");
}

TEST_CASE("page count: a list past [center] max_member_pages is named with the keys to raise",
          "[center][limits]") {
  CHECK_FALSE(pageCountProblem(1'000'000, 100, 100, 10'000));
  CHECK(pageCountProblem(1'000'001, 100, 100, 10'000).value_or("") ==
        "the member list would take 10001 pages (total 1000001 in [center] page_size = 100), more "
        "than [center] max_member_pages = 10000; not read. If the enterprise really has that many "
        "members, raise max_member_pages, or page_size (at most 1000)");
  CHECK_THAT(pageCountProblem(1'000'000, 10, 100, 10'000).value_or(""),
             Contains("100000 pages (total 1000000 in pages of 10 (the center's cut of [center] "
                      "page_size = 100))"));
}

TEST_CASE(
    "paging: a page 1 of one member that claims a next page and a million members is refused "
    "after that one call, not read in pages of one",
    "[center][limits]") {
  Rig rig;  // page_size 100
  rig.service.handler = [](const HttpRequest& r) {
    if (pageNumOf(r) != 1) return businessAnswer("40000", "only page 1 is served here");
    return pageAnswer(1, 100, 1'000'000, 10'000, 1, true);  // its counts add up
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK(all.error().kind == ErrorKind::Protocol);
  CHECK_THAT(all.error().message,
             Contains("page 1 holds 1 members in pages of 100 and claims a next page"));
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("paging: a later page cut in another page size, or short before the last, fails the read",
          "[center][limits]") {
  for (const bool otherSize : {true, false}) {
    Rig rig;
    rig.service.handler = [otherSize](const HttpRequest& r) {
      const int n = pageNumOf(r);
      if (n != 2) return pageAnswer(n, 10, 30, 3, 10, n < 3);
      return otherSize ? pageAnswer(2, 5, 30, 6, 5, true) : pageAnswer(2, 10, 30, 3, 7, true);
    };
    auto all = rig.members.listAllMembers();
    REQUIRE(all.failed());
    CHECK(all.error().kind == ErrorKind::Protocol);
    CHECK_THAT(all.error().message, Contains(otherSize ? "page 2 is cut in pages of 5"
                                                       : "page 2 holds 7 members in pages of 10"));
  }
}

TEST_CASE("paging: a consistent clamp, 1000 asked and 500 served on every page, reads the list",
          "[center][limits]") {
  ClientOptions o = testOptions();
  o.pageSize = 1000;
  Rig rig(o);
  rig.service.handler = [](const HttpRequest& r) {
    const int n = pageNumOf(r);
    return pageAnswer(n, 500, 2300, 5, n < 5 ? 500 : 300, n < 5);
  };
  auto all = rig.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 2300);
  const auto requests = rig.service.apiRequests();
  REQUIRE(requests.size() == 6);  // 5 pages, and page 1 again after the last
  CHECK(queryParam(requests.front(), "pageSize") == "1000");
  for (std::size_t i = 1; i < requests.size(); ++i)
    CHECK(queryParam(requests[i], "pageSize") == "500");
}

TEST_CASE(
    "paging: a list past max_member_pages fails after page 1, naming the keys, the default "
    "is a million members in pages of page_size",
    "[center][limits]") {
  auto pagesOf = [](std::int64_t total) {
    return [total](const HttpRequest& r) {
      const int n = pageNumOf(r);
      const std::int64_t pages = (total + 99) / 100;
      const std::int64_t listed = std::min<std::int64_t>(100, total - (n - 1) * 100L);
      return pageAnswer(n, 100, total, pages, static_cast<int>(listed), n < pages);
    };
  };
  Rig rig;  // page_size 100: 10,000 pages at most
  rig.service.handler = pagesOf(1'000'001);
  auto all = rig.members.listAllMembers();
  REQUIRE(all.failed());
  CHECK_THAT(all.error().message, Contains("10001 pages") &&
                                      Contains("[center] max_member_pages = 10000") &&
                                      Contains("[center] page_size = 100"));
  CHECK(rig.service.apiRequests().size() == 1);

  ClientOptions o = testOptions();
  o.maxMemberPages = 3;
  Rig three(o);
  three.service.handler = pagesOf(301);
  REQUIRE(three.members.listAllMembers().failed());
  CHECK(three.service.apiRequests().size() == 1);
  three.service.handler = pagesOf(300);
  auto fits = three.members.listAllMembers();
  REQUIRE(fits.ok());
  CHECK(fits.value().size() == 300);
}
