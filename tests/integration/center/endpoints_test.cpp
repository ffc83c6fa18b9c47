// Every endpoint's success path through the client, against the real emulator.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/integration/center/connected.h"

using namespace membersync::center;
using namespace membersync::center::integration;
using membersync::Secret;
using membersync::testing::EmulatorProcess;

namespace {

const MemberListItem* find(const std::vector<MemberListItem>& all, const std::string& userName) {
  for (const auto& m : all)
    if (m.userName == userName) return &m;
  return nullptr;
}

}  // namespace

TEST_CASE("center against the emulator: check obtains both tokens and confirms the scopes", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  auto check = c.session.checkTokens();
  REQUIRE(check.ok());
  CHECK(check.value().problems.empty());
  CHECK(check.value().userTokenObtained);

  ClientOptions meOnly = emulatorOptions(emu);
  meOnly.activityClientId = "me-only-app";
  meOnly.activityClientSecret = Secret("me-only-secret");
  Connected partial(meOnly);
  auto missing = partial.session.checkTokens();
  REQUIRE(missing.ok());
  REQUIRE(missing.value().problems.size() == 1);
  CHECK(missing.value().problems[0].find("auth_activity") != std::string::npos);
}

TEST_CASE("center against the emulator: A1 adds members and A5 lists them, Chinese names intact", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  auto added = c.members.addMembers(
      {NewMember{"xiaoming", Secret("Welcome2026abc"), std::string("1001"), "小明", std::string("新同事"),
                 std::string("13912345678")},
       NewMember{"anna", Secret("Welcome2026xyz"), std::nullopt, "Anna", std::nullopt, std::nullopt}});
  REQUIRE(added.ok());
  REQUIRE(added.value().succeeded.size() == 2);
  CHECK(added.value().failed.empty());
  CHECK(added.value().succeeded[0].userName == "xiaoming@acme");
  CHECK(added.value().succeeded[0].name == "小明");

  auto all = c.members.listAllMembers();
  REQUIRE(all.ok());
  const MemberListItem* m = find(all.value(), "xiaoming@acme");
  REQUIRE(m);
  CHECK(m->globalId == added.value().succeeded[0].globalId);
  CHECK(m->departmentId == std::optional<std::string>("1001"));
  CHECK(m->remark == std::optional<std::string>("新同事"));
  CHECK(m->passwordMobile == std::optional<std::string>("13912345678"));
}

TEST_CASE("center against the emulator: A2 edits a member, an empty remark clears it", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  const std::string lina = globalIdOf(c.members, "lina@acme");
  REQUIRE_FALSE(lina.empty());
  REQUIRE(c.members.editMember(lina, MemberEdit{"lina", "李娜娜", std::string("1003"), std::string(""), std::nullopt}).ok());
  auto all = c.members.listAllMembers();
  REQUIRE(all.ok());
  const MemberListItem* m = find(all.value(), "lina@acme");
  REQUIRE(m);
  CHECK(m->name == "李娜娜");
  CHECK(m->departmentId == std::optional<std::string>("1003"));
  CHECK_FALSE(m->remark.value_or("").size());
}

TEST_CASE("center against the emulator: A3 resets a password and A4 deletes a member", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  const std::string wang = globalIdOf(c.members, "wangfang@acme");
  REQUIRE_FALSE(wang.empty());
  REQUIRE(c.members.resetPassword(wang, Secret("N3w-Passw0rd!")).ok());
  REQUIRE(c.members.deleteMember(wang).ok());
  CHECK(globalIdOf(c.members, "wangfang@acme").empty());
}

TEST_CASE("center against the emulator: A5 pages carry PageHelper's fields", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  auto page = c.members.listMembersPage(1, {}, 2);
  REQUIRE(page.ok());
  const MemberPage& p = page.value();
  CHECK(p.pageNum == 1);
  CHECK(p.pageSize == 2);
  CHECK(p.size == 2);
  CHECK(p.startRow == 1);
  CHECK(p.endRow == 2);
  CHECK(p.pages == (p.total + 1) / 2);
  CHECK(p.hasNextPage);
  CHECK(p.isFirstPage);
  CHECK(p.list.size() == 2);
  auto filtered = c.members.listMembersPage(1, MemberFilter{std::string("1001"), std::nullopt}, 50);
  REQUIRE(filtered.ok());
  for (const auto& m : filtered.value().list) CHECK(m.departmentId == std::optional<std::string>("1001"));
}

TEST_CASE("center against the emulator: A6, A7 and A8 read assets, products and locks", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  auto assets = c.members.listAssetNumbers();
  REQUIRE(assets.ok());
  CHECK(assets.value().size() == 30);
  const std::string zhang = globalIdOf(c.members, "zhangwei@acme");
  auto an1 = std::find_if(assets.value().begin(), assets.value().end(),
                          [](const AssetNumber& a) { return a.assetNum == "AN-0001"; });
  REQUIRE(an1 != assets.value().end());
  CHECK(an1->cloudAccountGlobalId == std::optional<std::string>(zhang));
  CHECK(an1->borrowedFlag);

  auto tree = c.members.listProducts(an1->assetId);
  REQUIRE(tree.ok());
  CHECK_FALSE(productUris(tree.value()).empty());

  auto locks = c.members.listBorrowedLocks();
  REQUIRE(locks.ok());
  CHECK(locks.value().size() == 5);
}

TEST_CASE("center against the emulator: A9 assigns an asset and A10 lends it into a lock", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  const std::string lina = globalIdOf(c.members, "lina@acme");
  REQUIRE(c.members.configureAssets(lina, {}, {"AN-0003"}).ok());
  REQUIRE(c.members.lendAssets(lina, "LK-0001", {"AID-0002", "AID-0003"}).ok());
  auto assets = c.members.listAssetNumbers();
  REQUIRE(assets.ok());
  for (const auto& a : assets.value())
    if (a.assetNum == "AN-0003") {
      CHECK(a.cloudAccountGlobalId == std::optional<std::string>(lina));
      CHECK(a.borrowedFlag);
    }
  auto locks = c.members.listBorrowedLocks();
  REQUIRE(locks.ok());
  for (const auto& l : locks.value())
    if (l.assetNum == "LK-0001") CHECK(l.cloudAccountGlobalId == std::optional<std::string>(lina));
  auto all = c.members.listAllMembers();
  REQUIRE(all.ok());
  CHECK(find(all.value(), "lina@acme")->borrowNum == std::optional<std::string>("LK-0001"));
}

TEST_CASE("center against the emulator: B1 enrols and returns the products with readable dates", "[center]") {
  EmulatorProcess emu;
  Connected c(emulatorOptions(emu));
  auto r = c.activity.enrol({"zhangwei@acme", "render-trial-2026", "membersync", "HQ", std::string("sync")});
  REQUIRE(r.ok());
  REQUIRE_FALSE(r.value().products.empty());
  for (const auto& p : r.value().products) {
    CHECK_FALSE(p.productUri.empty());
    CHECK(p.limitStartDate.format != ActivityDate::Format::Unparsed);
    CHECK(p.limitEndDate.format != ActivityDate::Format::Unparsed);
  }
}
