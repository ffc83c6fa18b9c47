// Token expiry, nonce replay, long paging and calls in doubt, against the real emulator.
#include <catch2/catch.hpp>

#include <set>

#include "tests/integration/center/connected.h"

using namespace membersync::center;
using namespace membersync::center::integration;
using membersync::Secret;
using membersync::testing::EmulatorProcess;

TEST_CASE("center against the emulator: tokens that expire mid-sequence are renewed once, no call lost",
          "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));  // its clock is manual: it keeps its tokens until refused
  REQUIRE(c.members.listBorrowedLocks().ok());
  REQUIRE(c.members.listAssetNumbers().ok());
  REQUIRE(emu.request("POST", "/_emulator/expire-tokens").status == 200);  // expiry, without waiting
  REQUIRE(c.members.listBorrowedLocks().ok());
  REQUIRE(c.members.listAssetNumbers().ok());
  CHECK(c.session.stats().of(Endpoint::ListBorrowedLocks).renewals == 1);
  CHECK(c.session.stats().of(Endpoint::ListAssetNumbers).renewals == 0);
  CHECK(emulatorCalls(emu, "A8", "60000") == 1);
  CHECK(emulatorCalls(emu, "A8") == 3);  // the refused call was repeated once
  CHECK(c.session.stats().of(Endpoint::Token).calls == 4);  // two grants, then both renewed
}

TEST_CASE("center against the emulator: a replayed g_nonce is refused (70001) as a configuration error",
          "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu), nullptr, std::make_unique<RepeatingRandom>());
  REQUIRE(c.members.listAssetNumbers().ok());
  auto replay = c.members.listAssetNumbers();
  REQUIRE(replay.failed());
  CHECK(replay.error().code == "70001");
  CHECK(replay.error().kind == ErrorKind::Configuration);
  CHECK(emulatorCalls(emu, "A6") == 2);  // not retried
}

TEST_CASE(
    "center against the emulator: 25 clamped pages under reasonable paging are read completely, "
    "once, and page 1 once more",
    "[center]") {
  EmulatorProcess emu(
      {fixture("many-members.json"), {"--reasonable-paging", "--max-page-size", "10"}});
  Connected c(emulatorOptions(emu));  // asks for 100 a page
  auto all = c.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(all.value().size() == 250);
  std::set<std::string> ids;
  for (const auto& m : all.value()) ids.insert(m.globalId);
  CHECK(ids.size() == 250);
  CHECK(emulatorCalls(emu, "A5") == 26);  // the 25 pages, and page 1 after the last
  CHECK(emulatorCalls(emu, "A5", "0") == 26);
}

TEST_CASE("center against the emulator: a write dropped after commit is Unknown, and did happen",
          "[center]") {
  EmulatorProcess emu({"", {"--drop-after-commit", "1"}});
  Connected c(emulatorOptions(emu));
  auto added = c.members.addMembers(
      {NewMember{"indoubt", Secret("Welcome2026abc"), std::nullopt, "在途", std::nullopt, std::nullopt}});
  REQUIRE(added.unknown());
  CHECK(added.error().endpoint == "A1 add members");
  CHECK(emulatorCalls(emu, "A1") == 1);  // sent exactly once
  CHECK(emulatorCalls(emu, "A1", "dropped") == 1);
  CHECK_FALSE(globalIdOf(c.members, "indoubt@acme").empty());  // settled by reading

  const std::string lina = globalIdOf(c.members, "lina@acme");
  CHECK(c.members.configureAssets(lina, {}, {"AN-0004"}).unknown());
  CHECK(c.members.deleteMember(lina).unknown());
  CHECK(emulatorCalls(emu, "A9") == 1);
  CHECK(emulatorCalls(emu, "A4") == 1);
  CHECK(globalIdOf(c.members, "lina@acme").empty());
}

TEST_CASE("center against the emulator: a safe write whose answers are all lost is repeated, then in doubt", "[center]") {
  EmulatorProcess emu({"", {"--drop-after-commit", "1"}});
  Connected c(emulatorOptions(emu));
  const std::string lina = globalIdOf(c.members, "lina@acme");
  auto edit = c.members.editMember(lina, MemberEdit{"lina", "李娜", std::nullopt, std::nullopt, std::nullopt});
  // A2 is safe to repeat: every attempt committed and was dropped, so after the policy's
  // attempts it is in doubt (it may have taken effect), never a plain failure.
  REQUIRE(edit.unknown());
  CHECK(edit.error().kind == ErrorKind::RetryLater);
  CHECK(emulatorCalls(emu, "A2") == c.options.retry.maxAttempts);
}
