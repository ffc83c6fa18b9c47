// Paging A5 through 250 members the way a careful client must: by hasNextPage, not lastPage.
#include <catch2/catch.hpp>

#include <set>

#include <Poco/JSON/Array.h>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;

namespace {

EmulatorProcess::Options manyMembers(std::vector<std::string> args) {
  EmulatorProcess::Options o;
  o.fixture = sourceDir() + "/tests/emulator/fixtures/many-members.json";
  o.extraArgs = std::move(args);
  return o;
}

Poco::JSON::Object::Ptr page(CenterClient& client, int pageNum, int pageSize) {
  auto r = client.call(
      "GET", "/me/api/v1/enterprise/ENT-ACME-0001/members?pageNum=" + std::to_string(pageNum) +
                 "&pageSize=" + std::to_string(pageSize));
  REQUIRE(r.status == 200);
  return parseJson(r.body)->getObject("data");
}

}  // namespace

TEST_CASE("emulator paging: 25 clamped pages walked by hasNextPage see every member once",
          "[emulator][paging]") {
  EmulatorProcess emu(manyMembers({"--max-page-size", "10", "--reasonable-paging"}));
  CenterClient client(emu);
  std::set<std::string> seen;
  int pageNum = 1;
  int pagesRead = 0;
  for (;;) {
    auto p = page(client, pageNum, 100);  // asks for 100, gets 10
    ++pagesRead;
    CHECK(p->getValue<int>("pageSize") == 10);
    CHECK(p->getValue<int>("pages") == 25);
    CHECK(p->getValue<int>("total") == 250);
    auto list = p->getArray("list");
    for (std::size_t i = 0; i < list->size(); ++i) {
      CHECK(
          seen.insert(list->getObject(static_cast<unsigned>(i))->getValue<std::string>("globalId"))
              .second);
    }
    if (pageNum == 13) {
      CHECK(p->getValue<int>("firstPage") == 9);
      CHECK(p->getValue<int>("lastPage") ==
            16);  // not the page count: paging to it would stop early
    }
    if (!p->getValue<bool>("hasNextPage")) break;
    pageNum = p->getValue<int>("nextPage");
  }
  CHECK(pagesRead == 25);
  CHECK(seen.size() == 250);
}

TEST_CASE("emulator paging: past the end is the last page with --reasonable-paging, else empty",
          "[emulator][paging]") {
  {
    EmulatorProcess emu(manyMembers({"--max-page-size", "10", "--reasonable-paging"}));
    CenterClient client(emu);
    auto p = page(client, 26, 10);
    CHECK(p->getValue<int>("pageNum") == 25);
    CHECK(p->getArray("list")->size() == 10);
    CHECK(p->getValue<bool>("isLastPage"));
    CHECK(page(client, 99, 10)->getValue<int>("pageNum") == 25);
  }
  {
    EmulatorProcess emu(manyMembers({}));
    CenterClient client(emu);
    auto p = page(client, 26, 10);
    CHECK(p->getValue<int>("pageNum") == 26);
    CHECK(p->getArray("list")->size() == 0);
    CHECK(p->getValue<int>("size") == 0);
    CHECK_FALSE(p->getValue<bool>("hasNextPage"));
    CHECK(page(client, 1, 100)->getArray("list")->size() == 100);  // no clamp without the flag
  }
}
