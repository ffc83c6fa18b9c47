#include <catch2/catch.hpp>

#include <sstream>

#include <Poco/JSON/Array.h>

#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

Poco::JSON::Object::Ptr asset(InProcess& emu, const std::string& num) {
  auto list = parse(emu.call("GET", kEnt + "/asset/assetNums").body)->getArray("data");
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto a = list->getObject(static_cast<unsigned>(i));
    if (a->getValue<std::string>("assetNum") == num) return a;
  }
  FAIL("no asset " << num);
  return nullptr;
}

Poco::JSON::Object::Ptr lock(InProcess& emu, const std::string& num) {
  auto list = parse(emu.call("GET", kEnt + "/asset/borrowUsbKeys").body)->getArray("data");
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto l = list->getObject(static_cast<unsigned>(i));
    if (l->getValue<std::string>("assetNum") == num) return l;
  }
  FAIL("no lock " << num);
  return nullptr;
}

std::string holder(InProcess& emu, const std::string& num) {
  auto a = asset(emu, num);
  return a->isNull("cloudAccountGlobalId") ? "" : a->getValue<std::string>("cloudAccountGlobalId");
}

Reply configure(InProcess& emu, const std::string& account, const std::string& body) {
  return emu.call("POST", "/enterprise/member/" + emu.globalIdOf(account + "@acme") + "/privileges",
                  body);
}

Reply lend(InProcess& emu, const std::string& account, const std::string& lockNum,
           const std::string& ids) {
  return emu.call("POST", "/enterprise/member/" + emu.globalIdOf(account + "@acme") + "/borrow",
                  R"({"borrowedUsbKey":")" + lockNum + R"(","assetIDs":[)" + ids + "]}");
}

// The state without the nonces seen (which every call adds to).
std::string dataOnly(InProcess& emu) {
  auto state = emu.state();
  state->remove("seenNonces");
  std::ostringstream out;
  state->stringify(out);
  return out.str();
}

}  // namespace

TEST_CASE("A6/A8: asset and lock records show who holds what", "[emulator][assets]") {
  InProcess emu;
  auto a = asset(emu, "AN-0001");
  CHECK(a->getValue<std::string>("assetId") == "AID-0001");
  CHECK(a->getValue<std::string>("cloudAccountGlobalId") == emu.globalIdOf("zhangwei@acme"));
  CHECK(a->getValue<bool>("borrowedFlag"));
  CHECK(a->getValue<bool>("onlineFlag"));
  CHECK(asset(emu, "AN-0005")->isNull("cloudAccountGlobalId"));
  CHECK(lock(emu, "LK-0003")->getValue<std::string>("cloudAccountGlobalId") ==
        emu.globalIdOf("zhangwei@acme"));
  CHECK(lock(emu, "LK-0001")->isNull("cloudAccountGlobalId"));
}

TEST_CASE("A7: the product tree has every spec field, ids as numbers and strings",
          "[emulator][assets]") {
  InProcess emu;
  Reply r = emu.call("GET", "/enterprise/asset/AID-0001/merchandiseProducts");
  REQUIRE(r.status == 200);
  auto data = parse(r.body)->getObject("data");
  auto top = data->getArray("productInstanceList")->getObject(0);
  CHECK(top->getValue<std::string>("productUri") == "uri:cad-pro");
  CHECK(top->get("id").isInteger());
  CHECK(top->isNull("merchandiseInsId"));
  CHECK(top->getArray("productExtendInstanceList")->size() == 0);
  auto suite = data->getArray("children")->getObject(0);
  CHECK(suite->getValue<std::string>("merchandiseNum") == "M-CAD-SUITE");
  CHECK(suite->isNull("parentId"));
  auto nestedProduct = suite->getArray("productInstanceList")->getObject(0);
  CHECK(nestedProduct->get("id").isString());
  CHECK(nestedProduct->getValue<std::int64_t>("merchandiseInsId") ==
        suite->getValue<std::int64_t>("id"));
  auto addon = suite->getArray("children")->getObject(0);
  CHECK(addon->getValue<std::int64_t>("parentId") == suite->getValue<std::int64_t>("id"));
  CHECK(addon->getValue<std::string>("parentMerchandiseNum") == "M-CAD-SUITE");
  CHECK(addon->isNull("children"));
  CHECK(addon->getArray("productInstanceList")->getObject(0)->getValue<std::string>("productUri") ==
        "uri:render");
  for (const char* key : {"id",
                          "licenseType",
                          "customerId",
                          "assetId",
                          "assetInsId",
                          "merchandiseInsId",
                          "assetNum",
                          "productUri",
                          "gmsPid",
                          "appKey",
                          "productName",
                          "channelCode",
                          "licenseOrderId",
                          "channelOrderId",
                          "limitStartTime",
                          "limitEndTime",
                          "limitAmount",
                          "limitConcurrent",
                          "limitTimeDuration",
                          "trial",
                          "trialEndDate",
                          "limitType",
                          "prodDefExtend",
                          "timeDurationExpression",
                          "srcLicenseOrderId",
                          "createTime",
                          "updateTime",
                          "activateFlag",
                          "crmProductId",
                          "productExtendInstanceList"}) {
    INFO(key);
    CHECK(top->has(key));
    CHECK(nestedProduct->has(key));
  }
  CHECK(InProcess::code(emu.call("GET", "/enterprise/asset/AN-0001/merchandiseProducts")) ==
        "60024");
}

TEST_CASE("A6-A8: an enterprise bound to no customer is 60017", "[emulator][assets]") {
  InProcess emu("switches.json");
  CHECK(InProcess::code(emu.call("GET", kEnt + "/asset/assetNums")) == "60017");
  CHECK(InProcess::code(emu.call("GET", "/enterprise/asset/AID-0001/merchandiseProducts")) ==
        "60017");
  CHECK(InProcess::code(emu.call("GET", kEnt + "/asset/borrowUsbKeys")) == "60017");
}

TEST_CASE("A9: withdraw then assign, visible in A6 and A5", "[emulator][assets]") {
  InProcess emu;
  const std::string lina = emu.globalIdOf("lina@acme");
  Reply r = configure(
      emu, "lina", R"({"deleteAssets":["AN-0002","AN-0009"],"addAssets":["AN-0003","AN-0004"]})");
  REQUIRE(r.status == 200);
  CHECK(holder(emu, "AN-0002").empty());
  CHECK(holder(emu, "AN-0003") == lina);
  CHECK(holder(emu, "AN-0004") == lina);
  auto list = parse(emu.call("GET", kEnt + "/members?pageNum=1&pageSize=10&keyword=lina").body);
  auto nums = list->getObject("data")->getArray("list")->getObject(0)->getArray("assetNums");
  REQUIRE(nums->size() == 2);
  CHECK(nums->getElement<std::string>(0) == "AN-0003");
  // Assigning what the member already holds is a success without change.
  CHECK(configure(emu, "lina", R"({"deleteAssets":[],"addAssets":["AN-0003"]})").status == 200);
}

TEST_CASE("A9: refusals change nothing", "[emulator][assets]") {
  InProcess emu;
  const std::string before = dataOnly(emu);
  CHECK(InProcess::code(configure(emu, "lina", R"({"addAssets":[]})")) == "40000");
  CHECK(InProcess::code(configure(emu, "lina", R"({"deleteAssets":[1],"addAssets":[]})")) ==
        "40000");
  CHECK(InProcess::code(emu.call("POST", "/enterprise/member/nobody/privileges",
                                 R"({"deleteAssets":[],"addAssets":[]})")) == "60026");
  CHECK(InProcess::code(configure(emu, "chenjie",
                                  R"({"deleteAssets":[],"addAssets":["AN-0005"]})")) == "60023");
  CHECK(InProcess::code(configure(
            emu, "lina", R"({"deleteAssets":[],"addAssets":["AN-0005","AN-9999"]})")) == "60024");
  CHECK(InProcess::code(configure(
            emu, "lina", R"({"deleteAssets":[],"addAssets":["AN-0005","AN-0030"]})")) == "60025");
  CHECK(InProcess::code(configure(
            emu, "lina", R"({"deleteAssets":["AN-0005"],"addAssets":["AN-0005"]})")) == "60028");
  CHECK(InProcess::code(configure(
            emu, "lina", R"({"deleteAssets":[],"addAssets":["AN-0006","AN-0006"]})")) == "60028");
  CHECK(InProcess::code(configure(
            emu, "lina", R"({"deleteAssets":[],"addAssets":["AN-0005","AN-0001"]})")) == "60028");
  CHECK(dataOnly(emu) == before);
}

TEST_CASE("A9: withdrawing an asset the member does not hold is a no-op", "[emulator][assets]") {
  InProcess emu;
  const std::string owner = holder(emu, "AN-0001");
  CHECK(configure(emu, "lina", R"({"deleteAssets":["AN-0001","AN-0007"],"addAssets":[]})").status ==
        200);
  CHECK(holder(emu, "AN-0001") == owner);
}

TEST_CASE("A10: lending marks assets and lock, visible in A6, A8 and A5", "[emulator][assets]") {
  InProcess emu;
  Reply r = lend(emu, "wangfang", "LK-0001", R"("AID-0013","AID-0014")");
  REQUIRE(r.status == 200);
  CHECK(asset(emu, "AN-0013")->getValue<bool>("borrowedFlag"));
  CHECK(asset(emu, "AN-0014")->getValue<bool>("borrowedFlag"));
  auto l = lock(emu, "LK-0001");
  CHECK(l->getValue<bool>("borrowedFlag"));
  CHECK(l->getValue<std::string>("cloudAccountGlobalId") == emu.globalIdOf("wangfang@acme"));
  auto list = parse(emu.call("GET", kEnt + "/members?pageNum=1&pageSize=10&keyword=wangfang").body);
  CHECK(list->getObject("data")->getArray("list")->getObject(0)->getValue<std::string>(
            "borrowNum") == "LK-0001");
  // The same again changes nothing and succeeds.
  CHECK(lend(emu, "wangfang", "LK-0001", R"("AID-0013")").status == 200);
}

TEST_CASE("A10: refusals", "[emulator][assets]") {
  InProcess emu;
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0001", "")) == "40000");
  CHECK(InProcess::code(
            emu.call("POST", "/enterprise/member/" + emu.globalIdOf("wangfang@acme") + "/borrow",
                     R"({"assetIDs":["AID-0013"]})")) == "40000");
  CHECK(InProcess::code(emu.call("POST", "/enterprise/member/nobody/borrow",
                                 R"({"borrowedUsbKey":"LK-0001","assetIDs":["AID-0013"]})")) ==
        "60026");
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-9999", R"("AID-0013")")) == "33009");
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0002", R"("AID-0013")")) == "33008");
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0003", R"("AID-0013")")) == "33018");
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0001", R"("AID-0005")")) == "33003");
  CHECK(InProcess::code(lend(emu, "zhangwei", "LK-0001", R"("AID-0001")")) == "33007");
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0004", R"("AID-0013","AID-0014")")) == "33006");
  CHECK(lend(emu, "wangfang", "LK-0004", R"("AID-0013")").status == 200);
  CHECK(InProcess::code(lend(emu, "wangfang", "LK-0004", R"("AID-0014")")) == "33006");
  CHECK_FALSE(asset(emu, "AN-0014")->getValue<bool>("borrowedFlag"));
}
