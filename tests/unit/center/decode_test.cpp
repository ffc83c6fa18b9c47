#include <catch2/catch.hpp>

#include "jobs/center/decode.h"

using namespace membersync::center;

namespace {

// Reads a member-center body and decodes its data with `decode`; REQUIREs a readable envelope.
template <class F>
auto decodeBody(Endpoint endpoint, const std::string& body, F decode) {
  auto env = readEnvelope(endpoint, body);
  REQUIRE(env.ok());
  return decode(env.value().data.get());
}

const char* kMemberPage = R"({
  "code": 0, "message": "success",
  "data": {
    "pageNum": 2, "pageSize": 2, "size": 2, "orderBy": null, "startRow": 3, "endRow": 4,
    "total": 5, "pages": 3,
    "list": [
      {"id": "1700000000000000123", "userId": 1700000000000000456, "globalId": "G-1",
       "enterpriseId": "88", "departmentId": 1001, "departmentName": "ENG",
       "userName": "zhangsan@acme", "passwordMobile": "13800000000", "name": "张三",
       "assetNums": ["AN-0001", "AN-0002"], "borrowNum": "LK-0001", "onlineFlag": true,
       "remark": "备注 ✓", "deleted": false, "updateTime": 1700000000000, "createTime": 1690000000000,
       "boundUserInfo": null, "someFieldAddedLater": {"x": 1}},
      {"id": 2, "userId": "3", "globalId": 9007199254740993, "enterpriseId": 88,
       "departmentId": null, "userName": "lisi@acme", "name": "Li Si", "deleted": true,
       "updateTime": 1, "createTime": 2}
    ],
    "firstPage": 1, "prePage": 1, "nextPage": 3, "lastPage": 3, "isFirstPage": false,
    "isLastPage": false, "hasPreviousPage": true, "hasNextPage": true, "navigatePages": 8,
    "navigatepageNums": [1, 2, 3]
  }
})";

}  // namespace

TEST_CASE("decode: a member page keeps every field of the spec's page object", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers, kMemberPage, decodeMemberPage);
  REQUIRE(page.ok());
  const MemberPage& p = page.value();
  CHECK(p.pageNum == 2);
  CHECK(p.pageSize == 2);
  CHECK(p.size == 2);
  CHECK_FALSE(p.orderBy);
  CHECK(p.startRow == 3);
  CHECK(p.endRow == 4);
  CHECK(p.total == 5);
  CHECK(p.pages == 3);
  CHECK(p.firstPage == 1);
  CHECK(p.prePage == 1);
  CHECK(p.nextPage == 3);
  CHECK(p.lastPage == 3);
  CHECK_FALSE(p.isFirstPage);
  CHECK_FALSE(p.isLastPage);
  CHECK(p.hasPreviousPage);
  CHECK(p.hasNextPage);
  CHECK(p.navigatePages == 8);
  CHECK(p.navigatepageNums == std::vector<int>{1, 2, 3});
  REQUIRE(p.list.size() == 2);
}

TEST_CASE("decode: member ids come exact at 64 bits whether sent as numbers or strings", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers, kMemberPage, decodeMemberPage);
  REQUIRE(page.ok());
  const auto& first = page.value().list[0];
  CHECK(first.departmentId == std::optional<std::string>("1001"));
  const auto& second = page.value().list[1];
  CHECK(second.globalId == "9007199254740993");  // 2^53 + 1: would be lost through a double
}

TEST_CASE("decode: a list item keeps its fields, Chinese text intact, unknown fields ignored", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers, kMemberPage, decodeMemberPage);
  REQUIRE(page.ok());
  const auto& m = page.value().list[0];
  CHECK(m.globalId == "G-1");
  CHECK(page.value().departmentNames == std::vector<std::string>{"ENG", ""});
  CHECK(m.userName == "zhangsan@acme");
  CHECK(m.passwordMobile == std::optional<std::string>("13800000000"));
  CHECK(m.name == "张三");
  CHECK(m.assetNums == std::vector<std::string>{"AN-0001", "AN-0002"});
  CHECK(m.borrowNum == std::optional<std::string>("LK-0001"));
  CHECK(m.remark == std::optional<std::string>("备注 ✓"));
  CHECK_FALSE(m.deleted);
}

// id, userId, enterpriseId, onlineFlag, updateTime and createTime are not kept (nobody reads
// them), but a page that gets their type wrong is refused as before.
TEST_CASE("decode: a list item's unread fields are still checked, the error naming the field", "[center]") {
  const std::string head = R"({"code":0,"data":{"pageNum":1,"total":2,"list":[{"globalId":"G-1","userName":"a"},)";
  const std::vector<std::pair<std::string, std::string>> cases{
      {R"("id":true)", "data.list[1].id: expected a string or an integer, got a boolean"},
      {R"("id":1.5)", "data.list[1].id: expected a string or an integer, got a number"},
      {R"("userId":{"x":1})", "data.list[1].userId: expected a string or an integer, got an object"},
      {R"("enterpriseId":[88])", "data.list[1].enterpriseId: expected a string or an integer, got an array"},
      {R"("onlineFlag":"yes")", "data.list[1].onlineFlag: expected a boolean, got a string"},
      {R"("updateTime":"soon")", "data.list[1].updateTime: expected an integer, got a string"},
      {R"("createTime":true)", "data.list[1].createTime: expected an integer, got a boolean"},
      {R"("assetNums":["AN-1",{}])", "data.list[1].assetNums[1]: expected a string, got an object"},
      {R"("assetNums":"AN-1")", "data.list[1].assetNums: expected an array, got a string"},
  };
  for (const auto& [field, message] : cases) {
    INFO(field);
    auto page = decodeBody(Endpoint::ListMembers, head + R"({"globalId":"G-2","userName":"b",)" + field + "}]}}",
                           decodeMemberPage);
    REQUIRE(page.failed());
    CHECK(page.error().kind == ErrorKind::Protocol);
    CHECK(page.error().message == message);
  }
  // Right types, however sent, and an unspecified boundUserInfo, are read.
  auto fine = decodeBody(Endpoint::ListMembers,
                         head + R"({"globalId":"G-2","userName":"b","id":"7","userId":7,"enterpriseId":7.0,
                                    "onlineFlag":1,"updateTime":"17","createTime":null,
                                    "boundUserInfo":{"any":["thing"]}}]}})",
                         decodeMemberPage);
  REQUIRE(fine.ok());
  CHECK(fine.value().list.size() == 2);
}

TEST_CASE("decode: a list element that is not an object is an error naming its index", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers,
                         R"({"code":0,"data":{"pageNum":1,"total":2,"list":[{"globalId":"G-1","userName":"a"},7]}})",
                         decodeMemberPage);
  REQUIRE(page.failed());
  CHECK(page.error().message == "data.list[1]: expected an object, got a number");
}

TEST_CASE("decode: null and missing optional member fields are absent, deleted members are kept", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers, kMemberPage, decodeMemberPage);
  REQUIRE(page.ok());
  const auto& m = page.value().list[1];
  CHECK_FALSE(m.departmentId);
  CHECK(page.value().departmentNames[1].empty());
  CHECK_FALSE(m.passwordMobile);
  CHECK_FALSE(m.remark);
  CHECK_FALSE(m.borrowNum);
  CHECK(m.assetNums.empty());
  CHECK(m.deleted);
}

TEST_CASE("decode: a partial add (code \"60027\" as a string) gives successes and failures", "[center]") {
  const char* body = R"({"code":"60027","message":"部分成员添加失败","cause":null,"data":{
    "succeeded":[{"id":1700000000000000123,"userId":5,"globalId":"G-9","enterpriseId":88,
      "departmentId":null,"departmentName":null,"userName":"wangwu@acme","name":"王五",
      "remark":null,"deleted":false,"updateTime":1700000000000,"createTime":1700000000000}],
    "failed":[{"userName":"bad name","message":"账号只能包含字母和数字"}]}})";
  auto env = readEnvelope(Endpoint::AddMembers, body);
  REQUIRE(env.ok());
  CHECK(env.value().code == "60027");
  CHECK(env.value().message == "部分成员添加失败");
  auto result = decodeAddMembersResult(env.value().data.get());
  REQUIRE(result.ok());
  REQUIRE(result.value().succeeded.size() == 1);
  const MemberRecord& r = result.value().succeeded[0];
  CHECK(r.id == "1700000000000000123");
  CHECK(r.userId == "5");
  CHECK(r.globalId == "G-9");
  CHECK(r.enterpriseId == "88");
  CHECK_FALSE(r.departmentId);
  CHECK_FALSE(r.departmentName);
  CHECK(r.userName == "wangwu@acme");
  CHECK(r.name == "王五");
  CHECK_FALSE(r.remark);
  CHECK_FALSE(r.deleted);
  CHECK(r.createTime == 1700000000000);
  REQUIRE(result.value().failed.size() == 1);
  CHECK(result.value().failed[0].userName == "bad name");
  CHECK(result.value().failed[0].message == "账号只能包含字母和数字");
}

TEST_CASE("decode: the envelope reads code 0 as an integer or a string, and cause", "[center]") {
  auto asInt = readEnvelope(Endpoint::EditMember, R"({"code":0,"message":"success","data":null})");
  REQUIRE(asInt.ok());
  CHECK(asInt.value().code == "0");
  CHECK(asInt.value().data == nullptr);
  auto asString = readEnvelope(Endpoint::EditMember, R"({"code":"0","message":"success"})");
  REQUIRE(asString.ok());
  CHECK(asString.value().code == "0");
  auto error = readEnvelope(Endpoint::EditMember, R"({"code":"60002","message":"用户不存在","cause":"no such user"})");
  REQUIRE(error.ok());
  CHECK(error.value().code == "60002");
  CHECK(error.value().cause == "no such user");
}

TEST_CASE("decode: a templated error's data array becomes the template's arguments", "[center]") {
  auto env = readEnvelope(Endpoint::AddMembers,
                          R"({"code":"50003","message":"密码长度必须在{0}和{1}之间","data":[8,20]})");
  REQUIRE(env.ok());
  CHECK(env.value().args == std::vector<std::string>{"8", "20"});
}

TEST_CASE("decode: malformed JSON is an error value naming the endpoint", "[center]") {
  auto env = readEnvelope(Endpoint::ListMembers, R"({"code":0,"data":{"list":[)");
  REQUIRE(env.failed());
  CHECK(env.error().kind == ErrorKind::Protocol);
  CHECK(env.error().endpoint == "A5 list members");
  CHECK(env.error().describe().find("A5 list members") == 0);
  CHECK(env.error().message.find("malformed JSON") != std::string::npos);
  for (const char* bad : {"", "<html>502 Bad Gateway</html>", "[1,2]", "null", R"({"message":"x"})",
                          R"({"code":1e400})", R"({"code":{"a":1}})"}) {
    INFO(bad);
    auto r = readEnvelope(Endpoint::ListAssetNumbers, bad);
    REQUIRE(r.failed());
    CHECK(r.error().kind == ErrorKind::Protocol);
    CHECK(r.error().endpoint == "A6 list asset numbers");
  }
}

TEST_CASE("decode: a wrong shape is an error naming the endpoint and the field", "[center]") {
  auto page = decodeBody(Endpoint::ListMembers,
                         R"({"code":0,"data":{"pageNum":1,"total":1,"list":[{"globalId":{"x":1},"userName":"a"}]}})",
                         decodeMemberPage);
  REQUIRE(page.failed());
  CHECK(page.error().endpoint == "A5 list members");
  CHECK(page.error().message == "data.list[0].globalId: expected a string or an integer, got an object");

  auto notArray = decodeBody(Endpoint::ListAssetNumbers, R"({"code":0,"data":{"assetNum":"x"}})",
                             decodeAssetNumbers);
  REQUIRE(notArray.failed());
  CHECK(notArray.error().message == "data: expected an array, got an object");

  auto missing = decodeBody(Endpoint::ListMembers, R"({"code":0,"data":{"list":[{"userName":"a"}]}})",
                            decodeMemberPage);
  REQUIRE(missing.failed());
  CHECK(missing.error().message == "data.list[0].globalId: missing");
}

TEST_CASE("decode: asset numbers and borrowed locks", "[center]") {
  auto assets = decodeBody(Endpoint::ListAssetNumbers, R"({"code":0,"message":"success","data":[
      {"assetNum":"AN-0001","assetId":1700000000000000789,"cloudAccountGlobalId":"G-1","borrowedFlag":true,"onlineFlag":false},
      {"assetNum":"AN-0002","assetId":"A2","cloudAccountGlobalId":null,"borrowedFlag":false,"onlineFlag":true,"new":1}]})",
                           decodeAssetNumbers);
  REQUIRE(assets.ok());
  REQUIRE(assets.value().size() == 2);
  CHECK(assets.value()[0].assetId == "1700000000000000789");
  CHECK(assets.value()[0].cloudAccountGlobalId == std::optional<std::string>("G-1"));
  CHECK(assets.value()[0].borrowedFlag);
  CHECK_FALSE(assets.value()[1].cloudAccountGlobalId);
  CHECK(assets.value()[1].onlineFlag);

  auto locks = decodeBody(Endpoint::ListBorrowedLocks, R"({"code":0,"data":[
      {"assetId":"L1","assetNum":"LK-0001","borrowedFlag":true,"cloudAccountGlobalId":"G-1"},
      {"assetId":"L2","assetNum":"LK-0002","borrowedFlag":false}]})",
                          decodeBorrowedLocks);
  REQUIRE(locks.ok());
  REQUIRE(locks.value().size() == 2);
  CHECK(locks.value()[0].assetNum == "LK-0001");
  CHECK(locks.value()[0].cloudAccountGlobalId == std::optional<std::string>("G-1"));
  CHECK_FALSE(locks.value()[1].borrowedFlag);
  CHECK_FALSE(locks.value()[1].cloudAccountGlobalId);

  auto none = decodeBody(Endpoint::ListBorrowedLocks, R"({"code":0,"data":null})", decodeBorrowedLocks);
  REQUIRE(none.ok());
  CHECK(none.value().empty());
}

namespace {

std::string product(const std::string& uri, const std::string& extra = "") {
  return R"({"id":1700000000000000001,"licenseType":"SUB","customerId":"C1","assetId":null,
    "assetInsId":null,"merchandiseInsId":42,"assetNum":"AN-0001","productUri":")" + uri + R"(",
    "gmsPid":"g","appKey":"k","productName":"渲染器","channelCode":"web","licenseOrderId":"LO1",
    "channelOrderId":"CO1","limitStartTime":1700000000000,"limitEndTime":1800000000000,
    "limitAmount":0,"limitConcurrent":2,"limitTimeDuration":0,"trial":1,"trialEndDate":null,
    "limitType":"basic","prodDefExtend":false,"timeDurationExpression":null,"srcLicenseOrderId":null,
    "createTime":1700000000000,"updateTime":null,"activateFlag":true,"crmProductId":"CRM-1",
    "productExtendInstanceList":[])" + extra + "}";
}

std::string node(const std::string& num, const std::string& children, const std::string& products) {
  return R"({"id":7,"licenseType":"SUB","merchandiseNum":")" + num + R"(","merchandiseName":"套餐",
    "parentId":null,"parentMerchandiseNum":"","customerId":"C1","licenseOrderId":"LO1",
    "channelOrderId":"CO1","createTime":1,"updateTime":null,"channelCode":"web",
    "timeDurationExpression":null,"srcLicenseOrderId":null,"children":)" + children +
         R"(,"productInstanceList":)" + products + "}";
}

}  // namespace

TEST_CASE("decode: a product tree three merchandise levels deep yields every productUri", "[center]") {
  const std::string level3 = node("M3", "null", "[" + product("uri:deep") + "]");
  const std::string level2 = node("M2", "[" + level3 + "]", "[" + product("uri:middle") + "]");
  const std::string level1 = node("M1", "[" + level2 + "]", "null");
  const std::string body = R"({"code":0,"message":"success","data":{"productInstanceList":[)" +
                           product("uri:top") + R"(],"children":[)" + level1 + "," +
                           node("M1b", "[]", "[" + product("uri:sibling") + "]") + "]}}";
  auto tree = decodeBody(Endpoint::ListProducts, body, decodeProductTree);
  REQUIRE(tree.ok());
  CHECK(productUris(tree.value()) ==
        std::vector<std::string>{"uri:top", "uri:middle", "uri:deep", "uri:sibling"});
  const MerchandiseNode& m1 = tree.value().children[0];
  CHECK(m1.merchandiseNum == "M1");
  CHECK(m1.merchandiseName == "套餐");
  CHECK(m1.productInstanceList.empty());
  CHECK(m1.children[0].children[0].merchandiseNum == "M3");
  CHECK(m1.children[0].children[0].children.empty());

  const ProductInstance& p = tree.value().productInstanceList[0];
  CHECK(p.id == "1700000000000000001");
  CHECK_FALSE(p.assetId);
  CHECK(p.merchandiseInsId == std::optional<std::string>("42"));
  CHECK(p.assetNum == std::optional<std::string>("AN-0001"));
  CHECK(p.productName == "渲染器");
  CHECK(p.limitEndTime == 1800000000000);
  CHECK(p.limitConcurrent == 2);
  CHECK(p.trial == 1);
  CHECK_FALSE(p.trialEndDate);
  CHECK(p.limitType == "basic");
  CHECK_FALSE(p.updateTime);
  CHECK(p.activateFlag);
  CHECK(p.crmProductId == "CRM-1");
  CHECK(p.productExtendInstancesJson.empty());
}

TEST_CASE("decode: B1 success reads granted products and all three date formats", "[center]") {
  auto env = readActivityEnvelope(R"({"resultCode":"0000","resultMessage":"领取成功","detail":{"products":[
      {"activityId":"A1","subActivityId":"S1","productUri":"uri:render","limitStartDate":"2026-01-01 08:30:00",
       "limitEndDate":"2026-12-31","activateType":"0"},
      {"activityId":"A1","subActivityId":"S2","productUri":"uri:view","limitStartDate":"1767225600000",
       "limitEndDate":"next spring","activateType":1}]}})");
  REQUIRE(env.ok());
  CHECK(env.value().code == "0000");
  auto result = decodeEnrolResult(env.value());
  REQUIRE(result.ok());
  CHECK(result.value().resultMessage == "领取成功");
  REQUIRE(result.value().products.size() == 2);
  const auto& a = result.value().products[0];
  CHECK(a.productUri == "uri:render");
  CHECK(a.limitStartDate.format == ActivityDate::Format::DateTime);
  CHECK(a.limitStartDate.civil == std::optional<CivilTime>(CivilTime{2026, 1, 1, 8, 30, 0}));
  CHECK(a.limitStartDate.raw == "2026-01-01 08:30:00");
  CHECK(a.limitEndDate.format == ActivityDate::Format::Date);
  CHECK(a.limitEndDate.civil == std::optional<CivilTime>(CivilTime{2026, 12, 31, 0, 0, 0}));
  const auto& b = result.value().products[1];
  CHECK(b.limitStartDate.format == ActivityDate::Format::EpochMillis);
  CHECK(b.limitStartDate.epochMillis == std::optional<std::int64_t>(1767225600000));
  CHECK(b.limitEndDate.format == ActivityDate::Format::Unparsed);
  CHECK(b.limitEndDate.raw == "next spring");
  CHECK(b.activateType == "1");
}

TEST_CASE("decode: activity dates out of range stay unparsed, never an error", "[center]") {
  CHECK(parseActivityDate("2026-13-01").format == ActivityDate::Format::Unparsed);
  CHECK(parseActivityDate("2026-01-01 25:00:00").format == ActivityDate::Format::Unparsed);
  CHECK(parseActivityDate("2026-01-01T08:00:00").format == ActivityDate::Format::Unparsed);
  CHECK(parseActivityDate("").format == ActivityDate::Format::Absent);
}

TEST_CASE("decode: B1 resultCode sent as a number is read as the 4-digit code", "[center]") {
  auto zero = readActivityEnvelope(R"({"resultCode":0,"resultMessage":"ok"})");
  REQUIRE(zero.ok());
  CHECK(zero.value().code == "0000");
  auto other = readActivityEnvelope(R"({"resultCode":1001,"resultMessage":"bad"})");
  REQUIRE(other.ok());
  CHECK(other.value().code == "1001");
  auto broken = readActivityEnvelope(R"({"resultMessage":"no code"})");
  REQUIRE(broken.failed());
  CHECK(broken.error().endpoint == "B1 enrol");
}

TEST_CASE("decode: a 3002 answer lists activities and units with their reasons", "[center]") {
  auto env = readActivityEnvelope(R"({"resultCode":"3002","resultMessage":"不满足领取条件","activityDtoList":[
      {"id":"ACT-1","name":"welcome-2026","participateResult":false,"engineSubActivityDtos":[
        {"id":"U-1","name":"seat","participateResult":false,"errorCode":14005,"errorMessage":"领取次数已达上限"},
        {"id":"U-2","name":"viewer","participateResult":true}]}]})");
  REQUIRE(env.ok());
  auto entries = decodeActivityEntries(env.value());
  REQUIRE(entries.ok());
  REQUIRE(entries.value().size() == 1);
  const ActivityEntry& a = entries.value()[0];
  CHECK(a.id == "ACT-1");
  CHECK_FALSE(a.participateResult);
  REQUIRE(a.units.size() == 2);
  CHECK(a.units[0].errorCode == "14005");
  CHECK(a.units[0].errorMessage == "领取次数已达上限");
  CHECK(a.units[1].participateResult);
}

TEST_CASE("decode: a token answer gives the token, its lifetime and scopes", "[center]") {
  auto t = readTokenAnswer(R"({"access_token":"abc","token_type":"bearer","expires_in":604800,"scope":"auth_me auth_activity"})");
  REQUIRE(t.ok());
  CHECK(t.value().accessToken == "abc");
  CHECK(t.value().expiresInSeconds == 604800);
  CHECK(t.value().scopes == std::vector<std::string>{"auth_me", "auth_activity"});
  auto error = readTokenAnswer(R"({"error":"invalid_grant","error_description":"Bad credentials"})");
  REQUIRE(error.ok());
  CHECK(error.value().error == "invalid_grant");
  CHECK(error.value().accessToken.empty());
}
