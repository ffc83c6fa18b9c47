// The emulator's faults for bounded calls: the huge A6 answer (valid JSON of the size asked for,
// produced in pieces), the raw answer framing, --bogus-pages, the list edits while a list is read
// (--move-member-at-page, --add-member-at-page), and their flags.
#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/emulator/huge_answer.h"
#include "tests/emulator/options.h"
#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

std::string whole(HugeBody& body, std::size_t piece = 4096) {
  std::string out;
  for (std::string p = body.next(piece); !p.empty(); p = body.next(piece)) out += p;
  return out;
}

ServiceOptions with(void (*set)(ServiceOptions&)) {
  ServiceOptions o;
  set(o);
  return o;
}

}  // namespace

TEST_CASE("faults: the huge A6 answer is valid JSON of about the size asked, the real assets first",
          "[emulator][faults]") {
  InProcess emu("demo.json", with([](ServiceOptions& o) { o.hugeAnswerMb = 1; }));
  Reply real = emu.call("GET", kEnt + "/asset/assetNums");
  REQUIRE(real.hugeBytes == 1 << 20);
  CHECK_FALSE(real.announceLength);
  HugeBody body(real.body, real.hugeBytes);
  const std::string text = whole(body);
  CHECK(static_cast<std::int64_t>(text.size()) == body.length());
  CHECK(body.length() <= real.hugeBytes);
  CHECK(body.length() > real.hugeBytes - 200);
  auto data = parse(text)->getArray("data");
  CHECK(data->size() == 30 + static_cast<std::size_t>(body.generated()));
  CHECK(data->getObject(0)->getValue<std::string>("assetNum") == "AN-0001");
  CHECK(data->getObject(30)->getValue<std::string>("assetNum") == "AN-HUGE-000000001");
  CHECK(data->getObject(30)->isNull("cloudAccountGlobalId"));
}

TEST_CASE("faults: a huge answer over an empty list, or smaller than the real one, is still valid",
          "[emulator][faults]") {
  HugeBody empty(R"({"code":0,"message":"success","data":[]})", 1000);
  auto data = parse(whole(empty, 7))->getArray("data");
  CHECK(data->size() == static_cast<std::size_t>(empty.generated()));
  CHECK(empty.generated() > 0);
  HugeBody small(R"({"code":0,"data":[1]})", 5);
  CHECK(whole(small) == R"({"code":0,"data":[1]})");
  CHECK(small.length() == 21);
}

TEST_CASE("faults: --huge-answer-length makes the huge answer announce its length",
          "[emulator][faults]") {
  InProcess emu("demo.json", with([](ServiceOptions& o) {
                  o.hugeAnswerMb = 2;
                  o.hugeAnswerLength = true;
                }));
  Reply r = emu.call("GET", kEnt + "/asset/assetNums");
  CHECK(r.hugeBytes == 2 << 20);
  CHECK(r.announceLength);
  Reply other = emu.call("GET", kEnt + "/asset/borrowUsbKeys");
  CHECK(other.hugeBytes == 0);  // A6 only
}

TEST_CASE("faults: raw answers are framed as HTTP/1.1 with a length or chunks",
          "[emulator][faults]") {
  CHECK(rawAnswerHead(200, "OK", "application/json", 12) ==
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: "
        "close\r\n\r\n");
  CHECK(rawAnswerHead(200, "OK", "text/plain", -1) ==
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: "
        "close\r\n\r\n");
  CHECK(chunkOf(std::string(26, 'a')) == "1a\r\n" + std::string(26, 'a') + "\r\n");
  CHECK(chunkOf("") == "0\r\n\r\n");
}

TEST_CASE(
    "faults: --bogus-pages answers pages that total and pageSize do not make, with a next page",
    "[emulator][faults]") {
  InProcess emu("demo.json", with([](ServiceOptions& o) { o.bogusPages = true; }));
  auto page =
      parse(emu.call("GET", kEnt + "/members?pageNum=1&pageSize=10").body)->getObject("data");
  CHECK(page->getValue<int>("total") == 6);
  CHECK(page->getValue<int>("pageSize") == 10);
  CHECK(page->getValue<int>("pages") == 1001);
  CHECK(page->getValue<bool>("hasNextPage"));
}

namespace {

// The userNames of page `pageNum` of the unfiltered list in pages of 4, and its total.
std::pair<std::vector<std::string>, int> listPage(InProcess& emu, int pageNum) {
  auto data =
      parse(emu.call("GET", kEnt + "/members?pageNum=" + std::to_string(pageNum) + "&pageSize=4")
                .body)
          ->getObject("data");
  std::vector<std::string> names;
  auto list = data->getArray("list");
  for (std::size_t i = 0; i < list->size(); ++i)
    names.push_back(list->getObject(static_cast<unsigned>(i))->getValue<std::string>("userName"));
  return {names, data->getValue<int>("total")};
}

}  // namespace

TEST_CASE(
    "faults: --move-member-at-page moves the member that opened page N onto page N-1, once, "
    "keeping total",
    "[emulator][faults]") {
  InProcess emu("demo.json", with([](ServiceOptions& o) { o.moveMemberAtPage = 2; }));
  // Six live members in pages of 4: zhangwei lina wangfang jsmith | svcbackup chenjie.
  const auto [first, total] = listPage(emu, 1);
  CHECK(total == 6);
  CHECK(first.back() == "jsmith@acme");
  const auto [second, after] = listPage(emu, 2);
  CHECK(after == 6);  // zhangwei deleted, byhand1 added at the end
  CHECK(second == std::vector<std::string>{"chenjie@acme", "byhand1@acme"});
  CHECK(listPage(emu, 1).first.back() == "svcbackup@acme");  // the member that opened page 2
  CHECK(listPage(emu, 2).first.back() == "byhand1@acme");    // once: page 2 again changes nothing
  // /_emulator/reset arms it again.
  REQUIRE(emu.raw("POST", "/_emulator/reset", {}).status == 200);
  CHECK(listPage(emu, 2).first.back() == "byhand1@acme");
  CHECK(listPage(emu, 1).first.front() == "lina@acme");
  // A filtered list never triggers it.
  InProcess filtered("demo.json", with([](ServiceOptions& o) { o.moveMemberAtPage = 2; }));
  filtered.call("GET", kEnt + "/members?pageNum=2&pageSize=4&keyword=acme");
  CHECK(listPage(filtered, 1).first.front() == "zhangwei@acme");
}

TEST_CASE("faults: --add-member-at-page adds a member at the end whenever page N is asked for",
          "[emulator][faults]") {
  InProcess emu("demo.json", with([](ServiceOptions& o) { o.addMemberAtPage = 2; }));
  CHECK(listPage(emu, 1).second == 6);
  CHECK(listPage(emu, 2).second == 7);
  CHECK(listPage(emu, 2).second == 8);
  CHECK(listPage(emu, 1).second == 8);  // page 1 adds nothing
  const auto [names, total] = listPage(emu, 2);
  CHECK(total == 9);
  CHECK(names == std::vector<std::string>{"svcbackup@acme", "chenjie@acme", "byhand1@acme",
                                          "byhand2@acme"});  // byhand3 opens page 3
}

TEST_CASE("faults: the flags parse, and bad values are refused naming the flag",
          "[emulator][faults]") {
  auto cl = parseCommandLine(
      {"--drip-ms", "250", "--huge-answer-mb", "1024", "--huge-answer-length", "--bogus-pages"},
      "demo.json");
  CHECK(cl.server.dripMs == 250);
  CHECK(cl.service.hugeAnswerMb == 1024);
  CHECK(cl.service.hugeAnswerLength);
  CHECK(cl.service.bogusPages);
  CHECK_THROWS_WITH(parseCommandLine({"--drip-ms", "-1"}, "demo.json"),
                    Catch::Contains("--drip-ms"));
  CHECK_THROWS_WITH(parseCommandLine({"--huge-answer-mb", "-5"}, "demo.json"),
                    Catch::Contains("--huge-answer-mb"));
  auto edits =
      parseCommandLine({"--move-member-at-page", "3", "--add-member-at-page", "2"}, "demo.json");
  CHECK(edits.service.moveMemberAtPage == 3);
  CHECK(edits.service.addMemberAtPage == 2);
  CHECK_THROWS_WITH(parseCommandLine({"--move-member-at-page", "1"}, "demo.json"),
                    Catch::Contains("--move-member-at-page must be 2 or more"));
  CHECK_THROWS_WITH(parseCommandLine({"--add-member-at-page", "-1"}, "demo.json"),
                    Catch::Contains("--add-member-at-page"));
}

TEST_CASE("faults: --validation takes whole, per-item or per-item-message", "[emulator][faults]") {
  using Validation = ServiceOptions::Validation;
  CHECK(parseCommandLine({}, "demo.json").service.validation == Validation::Whole);
  CHECK(parseCommandLine({"--validation", "per-item"}, "demo.json").service.validation ==
        Validation::PerItem);
  CHECK(parseCommandLine({"--validation", "per-item-message"}, "demo.json").service.validation ==
        Validation::PerItemMessage);
  CHECK_THROWS_WITH(parseCommandLine({"--validation", "sometimes"}, "demo.json"),
                    Catch::Contains("--validation") && Catch::Contains("per-item-message"));
}
