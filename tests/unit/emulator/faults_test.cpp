// The emulator's faults for bounded calls: the huge A6 answer (valid JSON of the size asked for,
// produced in pieces), the raw answer framing, --bogus-pages, and their flags.
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
