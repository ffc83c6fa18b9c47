#include <catch2/catch.hpp>

#include <Poco/JSON/Array.h>

#include "tests/unit/emulator/in_process.h"

using namespace membersync::emulator;
using namespace membersync::emulator::testing;

namespace {

std::string item(const std::string& userName, const std::string& extra = "") {
  return R"({"userName":")" + userName + R"(","password":"abcdefgh1","name":"Some One")" + extra +
         "}";
}

std::string addBody(const std::vector<std::string>& items) {
  std::string out = R"({"userList":[)";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + items[i];
  return out + "]}";
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

Reply add(InProcess& emu, const std::vector<std::string>& items) {
  return emu.call("POST", kEnt + "/member", addBody(items));
}

int liveMembers(InProcess& emu) {
  auto members = emu.state()->getArray("members");
  int n = 0;
  for (std::size_t i = 0; i < members->size(); ++i) {
    if (!members->getObject(static_cast<unsigned>(i))->getValue<bool>("deleted")) ++n;
  }
  return n;
}

Poco::JSON::Object::Ptr page(InProcess& emu, const std::string& query) {
  Reply r = emu.call("GET", kEnt + "/members?" + query);
  REQUIRE(r.status == 200);
  return parse(r.body)->getObject("data");
}

}  // namespace

TEST_CASE("A1: added members come back as records with 64-bit numeric ids and the suffix",
          "[emulator][members]") {
  InProcess emu;
  Reply r = add(
      emu,
      {item("newbie", R"(,"departmentId":1002,"remark":"hi","passwordMobile":"+8613912345678")")});
  REQUIRE(r.status == 200);
  auto body = parse(r.body);
  CHECK(body->getValue<int>("code") == 0);
  CHECK(body->getValue<std::string>("message") == "success");
  auto data = body->getObject("data");
  CHECK(data->getArray("failed")->size() == 0);
  auto rec = data->getArray("succeeded")->getObject(0);
  CHECK(rec->get("id").isInteger());
  CHECK(rec->getValue<std::int64_t>("id") > 1700000000000000000);
  CHECK(rec->getValue<std::int64_t>("userId") > 1800000000000000000);
  CHECK(rec->getValue<std::int64_t>("enterpriseId") == 880001);
  CHECK(rec->getValue<std::string>("userName") == "newbie@acme");
  CHECK(rec->getValue<std::string>("departmentName") == "DESIGN");
  CHECK(rec->getValue<std::string>("globalId").size() == 32);
  CHECK_FALSE(rec->getValue<bool>("deleted"));
  CHECK(r.committed);
}

TEST_CASE("A1: whole-request refusals create nothing", "[emulator][members]") {
  InProcess emu;
  const int before = liveMembers(emu);
  std::vector<std::string> many(101, item("x"));
  CHECK(InProcess::code(emu.call("POST", kEnt + "/member", "{}")) == "40000");
  CHECK(InProcess::code(emu.call("POST", kEnt + "/member", "not json")) == "40000");
  Reply plain = emu.raw("POST", "/me/api/v1" + kEnt + "/member?g_nonce=plain",
                        {{"Authorization", "Bearer " + emu.appToken},
                         {"clientToken", emu.appToken},
                         {"userToken", emu.userToken},
                         {"Content-Type", "text/plain"}},
                        addBody({item("plain")}));
  CHECK(InProcess::code(plain) == "40000");
  CHECK(InProcess::code(emu.call("POST", kEnt + "/member", R"({"userList":[]})")) == "40021");
  CHECK(InProcess::code(add(emu, many)) == "60013");
  CHECK(InProcess::code(add(emu, {item("")})) == "40008");
  CHECK(InProcess::code(add(emu, {R"({"userName":"a","password":"","name":"A"})"})) == "40001");
  CHECK(InProcess::code(add(emu, {R"({"userName":"a","password":"abcdefgh1","name":""})"})) ==
        "40022");
  CHECK(InProcess::code(add(emu, {item("a", R"(,"name":")" + repeat("名", 31) + "\"")})) ==
        "30002");
  CHECK(InProcess::code(add(emu, {item("a", R"(,"remark":")" + repeat("r", 201) + "\"")})) ==
        "30003");
  CHECK(InProcess::code(add(emu, {item("bad-name")})) == "10003");
  CHECK(InProcess::code(add(emu, {item(repeat("a", 58))})) == "10003");
  CHECK(InProcess::code(add(emu, {item("a", R"(,"passwordMobile":"12345")")})) == "10004");
  CHECK(InProcess::code(add(emu, {item("a", R"(,"departmentId":"x")")})) == "40000");
  // The first offending item decides, even when a later one is worse.
  Reply r =
      add(emu, {item("good1"), R"({"userName":"b","password":"short","name":"B"})", item("")});
  CHECK(InProcess::code(r) == "50003");
  auto o = parse(r.body);
  CHECK(o->getValue<std::string>("message") == "password length must lie between {0} and {1}");
  CHECK(o->getArray("data")->getElement<int>(0) == 8);
  CHECK(o->getArray("data")->getElement<int>(1) == 20);
  CHECK(liveMembers(emu) == before);
}

TEST_CASE("A1: limits count characters, not bytes", "[emulator][members]") {
  InProcess emu;
  Reply r = add(emu, {item("chinese", R"(,"name":")" + repeat("名", 30) + R"(","remark":")" +
                                          repeat("备", 200) + "\"")});
  CHECK(r.status == 200);
  CHECK(add(emu, {item(repeat("a", 57))}).status == 200);  // 62 characters with "@acme"
}

TEST_CASE("A1: existing, repeated and unknown-department accounts fail alone with 60027",
          "[emulator][members]") {
  InProcess emu;
  Reply r = add(emu, {item("fresh1"), item("ZhangWei"), item("fresh2"), item("FRESH1"),
                      item("fresh3", R"(,"departmentId":4711)")});
  CHECK(r.status == 299);
  CHECK(InProcess::code(r) == "60027");
  CHECK(r.committed);
  auto data = parse(r.body)->getObject("data");
  auto ok = data->getArray("succeeded");
  auto failed = data->getArray("failed");
  REQUIRE(ok->size() == 2);
  CHECK(ok->getObject(0)->getValue<std::string>("userName") == "fresh1@acme");
  CHECK(ok->getObject(1)->getValue<std::string>("userName") == "fresh2@acme");
  REQUIRE(failed->size() == 3);
  CHECK(failed->getObject(0)->getValue<std::string>("userName") == "ZhangWei");
  CHECK(failed->getObject(1)->getValue<std::string>("userName") == "FRESH1");
  CHECK(failed->getObject(2)->getValue<std::string>("userName") == "fresh3");
  CHECK_FALSE(failed->getObject(0)->getValue<std::string>("message").empty());

  Reply allFailed = add(emu, {item("fresh1")});
  CHECK(InProcess::code(allFailed) == "60027");
  CHECK_FALSE(allFailed.committed);
}

TEST_CASE(
    "A1: --validation per-item lists a refused row in 60027 with its code, "
    "per-item-message with the spec's text alone",
    "[emulator][members]") {
  const std::string longPassword = R"(,"password":"abcdefghijklmnopqrstu")";  // 21 characters
  auto failedOf = [&](ServiceOptions::Validation validation) {
    ServiceOptions options;
    options.validation = validation;
    InProcess emu("demo.json", options);
    Reply r =
        add(emu, {item("fresh1"), R"({"userName":"fresh2","name":"Two")" + longPassword + "}"});
    REQUIRE(InProcess::code(r) == "60027");
    auto data = parse(r.body)->getObject("data");
    CHECK(data->getArray("succeeded")->size() == 1);
    auto failed = data->getArray("failed");
    REQUIRE(failed->size() == 1);
    CHECK(failed->getObject(0)->getValue<std::string>("userName") == "fresh2");
    return failed->getObject(0);
  };
  const auto coded = failedOf(ServiceOptions::Validation::PerItem);
  CHECK(coded->getValue<std::string>("code") == "50003");
  CHECK(coded->getValue<std::string>("message") == "50003 password length");
  const auto bare = failedOf(ServiceOptions::Validation::PerItemMessage);
  CHECK_FALSE(bare->has("code"));
  CHECK(bare->getValue<std::string>("message") == "password length must lie between 8 and 20");
}

TEST_CASE("A1: a deleted account can be added again as a new member", "[emulator][members]") {
  InProcess emu;
  const std::string old = emu.globalIdOf("olduser@acme");
  Reply r = add(emu, {item("olduser")});
  REQUIRE(r.status == 200);
  CHECK(emu.globalIdOf("olduser@acme") != old);
}

TEST_CASE("A1: departmentsRequired, the trial limit and the enterprise code are fixture switches",
          "[emulator][members]") {
  InProcess strict("strict.json");
  CHECK(InProcess::code(add(strict, {item("a")})) == "40009");
  const std::string dept = R"(,"departmentId":1001)";
  Reply over =
      add(strict, {item("t1", dept), item("t2", dept), item("t3", dept), item("t4", dept)});
  CHECK(InProcess::code(over) == "60009");
  auto o = parse(over.body);
  CHECK(o->getValue<std::string>("message") ==
        "the enterprise account may create at most {0} trial member accounts");
  CHECK(o->getArray("data")->getElement<int>(0) == 8);
  CHECK(add(strict, {item("t1", dept), item("t2", dept), item("t3", dept)}).status == 200);
  CHECK(InProcess::code(add(strict, {item("t4", dept)})) == "60009");

  InProcess noCode("switches.json");
  CHECK(InProcess::code(add(noCode, {item("a")})) == "40006");
}

TEST_CASE("A2: an edit keeps absent fields, clears empty ones and moves departments",
          "[emulator][members]") {
  InProcess emu;
  const std::string gid = emu.globalIdOf("lina@acme");
  const std::string path = kEnt + "/member/" + gid;
  Reply r = emu.call(
      "PUT", path,
      R"({"userName":"LINA","name":"李娜娜","departmentId":1003,"passwordMobile":"13900000000"})");
  REQUIRE(r.status == 200);
  auto list = page(emu, "pageNum=1&pageSize=10&keyword=lina")->getArray("list");
  REQUIRE(list->size() == 1);
  auto m = list->getObject(0);
  CHECK(m->getValue<std::string>("name") == "李娜娜");
  CHECK(m->getValue<std::string>("departmentName") == "SALES");
  CHECK(m->getValue<std::string>("remark") == "Team lead, Shanghai office");  // absent: kept
  CHECK(emu.call("PUT", path, R"({"userName":"lina@acme","name":"李娜","remark":""})").status ==
        200);
  m = page(emu, "pageNum=1&pageSize=10&keyword=lina")->getArray("list")->getObject(0);
  CHECK(m->isNull("remark"));
  CHECK(m->getValue<std::string>("passwordMobile") == "13900000000");
}

TEST_CASE("A2: refusals", "[emulator][members]") {
  InProcess emu;
  const std::string path = kEnt + "/member/" + emu.globalIdOf("lina@acme");
  CHECK(InProcess::code(
            emu.call("PUT", kEnt + "/member/nobody", R"({"userName":"x","name":"y"})")) == "60002");
  CHECK(InProcess::code(emu.call("PUT", kEnt + "/member/" + emu.globalIdOf("olduser@acme"),
                                 R"({"userName":"olduser","name":"y"})")) == "60002");
  CHECK(InProcess::code(emu.call("PUT", path, R"({"userName":"zhangwei","name":"y"})")) == "60002");
  CHECK(InProcess::code(emu.call("PUT", path, R"({"name":"y"})")) == "40000");
  CHECK(InProcess::code(emu.call("PUT", path, R"({"userName":"lina","name":""})")) == "40000");
  CHECK(InProcess::code(emu.call(
            "PUT", path, R"({"userName":"lina","name":")" + repeat("x", 31) + "\"}")) == "30002");
  CHECK(InProcess::code(emu.call(
            "PUT", path,
            R"({"userName":"lina","name":"L","remark":")" + repeat("x", 201) + "\"}")) == "30003");
}

TEST_CASE("A3: reset password checks the password, then the member", "[emulator][members]") {
  InProcess emu;
  const std::string path = kEnt + "/member/" + emu.globalIdOf("lina@acme") + "/resetPassword";
  CHECK(InProcess::code(emu.call("PUT", path, "")) == "40000");
  CHECK(InProcess::code(emu.call("PUT", path, R"({"password":""})")) == "40001");
  CHECK(InProcess::code(emu.call("PUT", path, R"({"password":"short"})")) == "50003");
  CHECK(InProcess::code(emu.call("PUT", kEnt + "/member/nobody/resetPassword",
                                 R"({"password":"longenough"})")) == "60002");
  CHECK(emu.call("PUT", path, R"({"password":"longenough"})").status == 200);
  // The state shows a digest, never the password.
  auto members = emu.state()->getArray("members");
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    if (m->getValue<std::string>("userName") != "lina@acme") continue;
    CHECK(m->getValue<std::string>("passwordSha256") ==
          "6ddf9d0c023b02684ae97185cb6648ecfa1318d540e6c45d61d12a8eecb15dcf");
  }
  CHECK(emu.state()->getArray("members")->getObject(0)->has("password") == false);
}

TEST_CASE("A4: delete frees the member's assets and lock, and is refused the second time",
          "[emulator][members]") {
  InProcess emu;
  const std::string gid = emu.globalIdOf("zhangwei@acme");
  Reply r = emu.call("DELETE", kEnt + "/member/" + gid);
  REQUIRE(r.status == 200);
  CHECK(r.committed);
  auto assets = parse(emu.call("GET", kEnt + "/asset/assetNums").body)->getArray("data");
  for (std::size_t i = 0; i < assets->size(); ++i) {
    auto a = assets->getObject(static_cast<unsigned>(i));
    CHECK((a->isNull("cloudAccountGlobalId") ||
           a->getValue<std::string>("cloudAccountGlobalId") != gid));
    if (a->getValue<std::string>("assetNum") == "AN-0001")
      CHECK_FALSE(a->getValue<bool>("borrowedFlag"));
  }
  auto lock =
      parse(emu.call("GET", kEnt + "/asset/borrowUsbKeys").body)->getArray("data")->getObject(2);
  CHECK(lock->getValue<std::string>("assetNum") == "LK-0003");
  CHECK_FALSE(lock->getValue<bool>("borrowedFlag"));
  CHECK(lock->isNull("cloudAccountGlobalId"));
  CHECK(InProcess::code(emu.call("DELETE", kEnt + "/member/" + gid)) == "60002");
  CHECK(page(emu, "pageNum=1&pageSize=50&keyword=zhangwei")->getValue<int>("total") == 0);
}

TEST_CASE("A5: list items carry string ids and the page object of PageHelper",
          "[emulator][members]") {
  InProcess emu;
  auto p = page(emu, "pageNum=1&pageSize=4");
  CHECK(p->getValue<int>("total") == 6);  // the deleted member is not listed
  CHECK(p->getValue<int>("pages") == 2);
  CHECK(p->getValue<int>("size") == 4);
  CHECK(p->isNull("orderBy"));
  CHECK(p->getValue<int>("navigatePages") == 8);
  auto first = p->getArray("list")->getObject(0);
  CHECK(first->get("id").isString());
  CHECK(first->getValue<std::string>("id") == "1700000000000000001");
  CHECK(first->getValue<std::string>("enterpriseId") == "880001");
  CHECK(first->getValue<std::string>("borrowNum") == "LK-0003");
  CHECK(first->getArray("assetNums")->size() == 2);
  CHECK(first->isNull("boundUserInfo"));
}

TEST_CASE("A5: keyword and department filters", "[emulator][members]") {
  InProcess emu;
  CHECK(page(emu, "pageNum=1&pageSize=10&keyword=SMITH")->getValue<int>("total") == 1);
  CHECK(page(emu, "pageNum=1&pageSize=10&keyword=%E5%BC%A0")->getValue<int>("total") ==
        0);  // raw, undecoded
  CHECK(page(emu, "pageNum=1&pageSize=10&departmentId=1001")->getValue<int>("total") == 3);
  CHECK(page(emu, "pageNum=1&pageSize=10&keyword=acme&departmentId=1004")->getValue<int>("total") ==
        1);
}

TEST_CASE("A5: pageNum and pageSize are required integers of at least 1", "[emulator][members]") {
  InProcess emu;
  for (const char* q : {"pageSize=10", "pageNum=1", "pageNum=0&pageSize=10", "pageNum=1&pageSize=0",
                        "pageNum=x&pageSize=10", "pageNum=1.5&pageSize=10",
                        "pageNum=1&pageSize=10&departmentId=abc"}) {
    INFO(q);
    CHECK(InProcess::code(emu.call("GET", kEnt + "/members?" + q)) == "40000");
  }
}

TEST_CASE("A5: deleted members are listed only when the fixture says so", "[emulator][members]") {
  InProcess strict("strict.json");
  auto list = page(strict, "pageNum=1&pageSize=50&keyword=olduser")->getArray("list");
  REQUIRE(list->size() == 1);
  CHECK(list->getObject(0)->getValue<bool>("deleted"));
}

TEST_CASE("A5: new members come last, ordered by creation", "[emulator][members]") {
  InProcess emu;
  REQUIRE(add(emu, {item("zz1"), item("aa2")}).status == 200);
  auto list = page(emu, "pageNum=1&pageSize=50")->getArray("list");
  CHECK(list->getObject(6)->getValue<std::string>("userName") == "zz1@acme");
  CHECK(list->getObject(7)->getValue<std::string>("userName") == "aa2@acme");
}
