// Benchmark: the CPU one A5 page costs to read, as a tree (readEnvelope) and streamed
// (readMemberPageEnvelope), each then decoded by decodeMemberPage. The page is shaped as the
// emulator sends it (every field of a list item, one asset number each). The two ways take turns
// in rounds, so that a busy machine weighs on both alike; the best round of each counts.
//
//   build/tests/bench/decode_page_bench [--page-size 100] [--pages 2000] [--rounds 5]

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>

#include "jobs/center/decode.h"
#include "tests/bench/bench_support.h"

namespace {

using namespace membersync;

std::string member(int i) {
  const std::string n = std::to_string(i);
  return R"({"id":")" + std::to_string(1700000000000000000LL + i) + R"(","userId":")" +
         std::to_string(1800000000000000000LL + i) + R"(","globalId":"G-)" + n +
         R"(","enterpriseId":"88","departmentId":)" + std::to_string(1000 + i % 50) +
         R"(,"departmentName":"Department )" + std::to_string(i % 50) + R"(","userName":"user)" +
         n + R"(@acme","passwordMobile":null,"name":"Person )" + n + R"(","assetNums":["AN-)" + n +
         R"("],"borrowNum":null,"onlineFlag":false,"remark":null,"deleted":false,)"
         R"("updateTime":1700000000000,"createTime":1690000000000,"boundUserInfo":null})";
}

std::string pageBody(int size) {
  std::string list;
  for (int i = 0; i < size; ++i) list += (i ? "," : "") + member(i);
  const std::string s = std::to_string(size);
  return R"({"code":0,"message":"success","data":{"pageNum":1,"pageSize":)" + s + R"(,"size":)" +
         s + R"(,"orderBy":null,"startRow":1,"endRow":)" + s + R"(,"total":)" + s +
         R"(,"pages":1,"list":[)" + list +
         R"(],"firstPage":1,"prePage":0,"nextPage":0,"lastPage":1,"isFirstPage":true,)"
         R"("isLastPage":true,"hasPreviousPage":false,"hasNextPage":false,"navigatePages":8,)"
         R"("navigatepageNums":[1]}})";
}

// CPU seconds to read and decode `body` `pages` times with `read`.
template <class Read>
double cpuSeconds(const std::string& body, int pages, Read read) {
  const std::clock_t start = std::clock();
  std::size_t members = 0;
  for (int i = 0; i < pages; ++i) {
    auto env = read(body);
    auto page = center::decodeMemberPage(env.value().data.get());
    members += page.value().list.size();
  }
  if (members == 0) std::puts("no members read");
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
  int pageSize = 100;
  int pages = 2000;
  int rounds = 5;
  bench::parseIntFlags(argc, argv,
                       {{"page-size", &pageSize}, {"pages", &pages}, {"rounds", &rounds}});
  const std::string body = pageBody(pageSize);
  double tree = 1e9;
  double stream = 1e9;
  for (int r = 0; r < rounds; ++r) {
    tree = std::min(tree, cpuSeconds(body, pages, [](const std::string& b) {
                      return center::readEnvelope(center::Endpoint::ListMembers, b);
                    }));
    stream = std::min(stream, cpuSeconds(body, pages, center::readMemberPageEnvelope));
  }
  const double members = static_cast<double>(pageSize) * pages;
  std::printf("A5 pages of %d members (%zu bytes), %d pages, best of %d rounds\n", pageSize,
              body.size(), pages, rounds);
  std::printf("tree      %7.3f s  %6.3f us/member\n", tree, tree / members * 1e6);
  std::printf("streamed  %7.3f s  %6.3f us/member  (%.0f %% of the tree's)\n", stream,
              stream / members * 1e6, 100.0 * stream / tree);
  return 0;
}
