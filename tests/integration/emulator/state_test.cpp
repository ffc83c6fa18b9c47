// Writes change what the reads show: A9, A10 and A4 through A5, A6 and A8, plus stats and reset.
#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/integration/emulator/emulator_calls.h"

using namespace membersync::testing;

namespace {

const std::string kEnt = "/me/api/v1/enterprise/ENT-ACME-0001";

Poco::JSON::Array::Ptr data(const EmulatorProcess::Response& r) {
  REQUIRE(r.status == 200);
  return parseJson(r.body)->getArray("data");
}

Poco::JSON::Object::Ptr find(const Poco::JSON::Array::Ptr& list, const std::string& key,
                             const std::string& value) {
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto o = list->getObject(static_cast<unsigned>(i));
    if (o->getValue<std::string>(key) == value) return o;
  }
  FAIL("nothing with " << key << " = " << value);
  return nullptr;
}

Poco::JSON::Object::Ptr listed(CenterClient& client, const std::string& account) {
  auto r = client.call("GET", kEnt + "/members?pageNum=1&pageSize=50&keyword=" + account);
  REQUIRE(r.status == 200);
  auto list = parseJson(r.body)->getObject("data")->getArray("list");
  return list->size() == 0 ? nullptr : list->getObject(0);
}

std::string str(const Poco::JSON::Object::Ptr& o, const std::string& key) {
  return o->isNull(key) ? std::string() : o->getValue<std::string>(key);
}

}  // namespace

TEST_CASE("emulator state: assigning, lending and deleting show in A5, A6 and A8",
          "[emulator][assets]") {
  EmulatorProcess emu;
  CenterClient client(emu);
  const std::string gid = str(listed(client, "wangfang"), "globalId");

  REQUIRE(client
              .call("POST", "/me/api/v1/enterprise/member/" + gid + "/privileges",
                    R"({"deleteAssets":["AN-0014"],"addAssets":["AN-0015"]})")
              .status == 200);
  auto assets = data(client.call("GET", kEnt + "/asset/assetNums"));
  CHECK(str(find(assets, "assetNum", "AN-0014"), "cloudAccountGlobalId").empty());
  CHECK(str(find(assets, "assetNum", "AN-0015"), "cloudAccountGlobalId") == gid);
  auto nums = listed(client, "wangfang")->getArray("assetNums");
  REQUIRE(nums->size() == 2);
  CHECK(nums->getElement<std::string>(0) == "AN-0013");
  CHECK(nums->getElement<std::string>(1) == "AN-0015");

  REQUIRE(client
              .call("POST", "/me/api/v1/enterprise/member/" + gid + "/borrow",
                    R"({"borrowedUsbKey":"LK-0005","assetIDs":["AID-0013","AID-0015"]})")
              .status == 200);
  assets = data(client.call("GET", kEnt + "/asset/assetNums"));
  CHECK(find(assets, "assetNum", "AN-0013")->getValue<bool>("borrowedFlag"));
  auto lock = find(data(client.call("GET", kEnt + "/asset/borrowUsbKeys")), "assetNum", "LK-0005");
  CHECK(lock->getValue<bool>("borrowedFlag"));
  CHECK(str(lock, "cloudAccountGlobalId") == gid);
  CHECK(str(listed(client, "wangfang"), "borrowNum") == "LK-0005");

  REQUIRE(client.call("DELETE", kEnt + "/member/" + gid).status == 200);
  CHECK(listed(client, "wangfang") == nullptr);
  assets = data(client.call("GET", kEnt + "/asset/assetNums"));
  CHECK(str(find(assets, "assetNum", "AN-0013"), "cloudAccountGlobalId").empty());
  CHECK_FALSE(find(assets, "assetNum", "AN-0013")->getValue<bool>("borrowedFlag"));
  lock = find(data(client.call("GET", kEnt + "/asset/borrowUsbKeys")), "assetNum", "LK-0005");
  CHECK_FALSE(lock->getValue<bool>("borrowedFlag"));
}

TEST_CASE("emulator faults: drop-after-commit closes the connection after carrying the write out",
          "[emulator][faults]") {
  EmulatorProcess::Options options;
  options.extraArgs = {"--drop-after-commit", "1", "--seed", "3"};
  EmulatorProcess emu(options);
  CenterClient client(emu);
  CHECK_THROWS_AS(
      client.call("POST", kEnt + "/member",
                  R"({"userList":[{"userName":"indoubt","password":"abcdefgh1","name":"D"}]})"),
      ConnectionDropped);
  REQUIRE(listed(client, "indoubt") != nullptr);  // it was added all the same
  // A write that is refused is answered normally.
  auto refused = client.call("POST", kEnt + "/member", R"({"userList":[]})");
  CHECK(refused.status == 299);
  auto stats =
      parseJson(emu.stats())->getObject("endpoints")->getObject("A1")->getObject("outcomes");
  CHECK(stats->getValue<int>("dropped") == 1);
}

TEST_CASE("emulator stats and reset: calls are counted, reset restores the fixture",
          "[emulator][stats]") {
  EmulatorProcess emu;
  CenterClient client(emu);  // two token calls
  client.call("GET", kEnt + "/members?pageNum=1&pageSize=5");
  client.call("GET", kEnt + "/asset/borrowUsbKeys");
  client.call("POST", kEnt + "/member",
              R"({"userList":[{"userName":"tmp1","password":"abcdefgh1","name":"T"}]})");
  client.activity(R"({"identity":"a@b.cn","activityLabel":"nope","source":"s"})");
  auto s = parseJson(emu.stats());
  CHECK(s->getObject("totals")->getValue<int>("calls") == 6);
  CHECK(s->getObject("totals")->getValue<int>("reads") == 2);
  CHECK(s->getObject("totals")->getValue<int>("writes") == 2);
  CHECK(s->getObject("endpoints")->getObject("B1")->getObject("outcomes")->getValue<int>("3001") ==
        1);
  CHECK(s->getObject("endpoints")->getObject("token")->getValue<int>("calls") == 2);

  emu.reset();
  CHECK(parseJson(emu.stats())->getObject("totals")->getValue<int>("calls") == 0);
  CHECK(listed(client, "tmp1") == nullptr);  // same tokens still work after the reset
  CHECK(emu.state().find("tmp1@acme") == std::string::npos);
}
