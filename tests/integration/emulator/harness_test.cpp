#include <catch2/catch.hpp>

#include "tests/integration/emulator/emulator_calls.h"
#include "tests/support/emulator_process.h"

using namespace membersync::testing;

TEST_CASE("harness: the emulator starts on a free port and answers its inspection endpoints",
          "[emulator][harness]") {
  EmulatorProcess emu;
  REQUIRE(emu.port() > 0);
  CHECK(emu.baseUrl() == "http://127.0.0.1:" + std::to_string(emu.port()));
  CHECK(emu.tokenUrl() == emu.baseUrl() + "/uc/oauth/token");
  auto state = parseJson(emu.state());
  CHECK(state->getObject("enterprise")->getValue<std::string>("globalId") == kEnterprise);
  CHECK(parseJson(emu.stats())->getObject("totals")->getValue<int>("calls") == 0);
  emu.reset();
}

TEST_CASE("harness: two emulators run side by side on different ports", "[emulator][harness]") {
  EmulatorProcess a;
  EmulatorProcess b;
  CHECK(a.port() != b.port());
}

TEST_CASE("harness: a bad flag makes the constructor throw instead of hanging",
          "[emulator][harness]") {
  EmulatorProcess::Options options;
  options.extraArgs = {"--no-such-flag"};
  CHECK_THROWS_AS(EmulatorProcess(options), std::runtime_error);
}

TEST_CASE("harness: a bad fixture makes the constructor throw", "[emulator][harness]") {
  EmulatorProcess::Options options;
  options.fixture = sourceDir() + "/tests/emulator/fixtures/does-not-exist.json";
  CHECK_THROWS_AS(EmulatorProcess(options), std::runtime_error);
}
