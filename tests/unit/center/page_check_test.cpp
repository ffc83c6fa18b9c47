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
