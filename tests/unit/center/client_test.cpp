#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <thread>

#include "tests/unit/center/rig.h"

using namespace membersync::center;
using namespace membersync::center::testing;
using namespace std::chrono_literals;
using membersync::Secret;

namespace {

const char* kAddResult = R"({"succeeded":[{"id":1,"userId":2,"globalId":"G-1","enterpriseId":3,
  "userName":"zhangsan@acme","name":"张三","deleted":false,"updateTime":1,"createTime":1}],"failed":[]})";

NewMember newMember(const std::string& account) {
  return NewMember{account, Secret("Passw0rd1234"), std::string("1001"), "Name", std::nullopt, std::nullopt};
}

const EnrolRequest kEnrol{"zhangsan@acme", "welcome-2026", "membersync", "HQ", std::nullopt};

bool isHex32(const std::string& s) {
  return s.size() == 32 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

TEST_CASE("client: member-center calls carry both tokens, Content-Type only with a body", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest& r) {
    return r.method == "POST" ? okAnswer(kAddResult) : okAnswer("null");
  };
  REQUIRE(rig.members.addMembers({newMember("zhangsan")}).ok());
  REQUIRE(rig.members.deleteMember("G-1").ok());
  const auto requests = rig.service.apiRequests();
  for (const auto& r : requests) {
    CHECK(header(r, "Authorization") == "Bearer client-token-1");
    CHECK(header(r, "clientToken") == "client-token-1");
    CHECK(header(r, "userToken") == "user-token-1");
  }
  CHECK(header(requests[0], "Content-Type") == "application/json");
  CHECK_FALSE(hasHeader(requests[1], "Content-Type"));
  CHECK(requests[1].body.empty());
}

TEST_CASE("client: each endpoint uses the spec's method and path, path variables escaped", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest& r) {
    if (r.url.find("/activity/") != std::string::npos)
      return TransportResult::answered(200, R"({"resultCode":"0000","detail":{"products":[]}})");
    if (r.url.find("/members?") != std::string::npos) return okAnswer(R"({"pageNum":1,"total":0,"list":[]})");
    if (r.url.find("/merchandiseProducts") != std::string::npos) return okAnswer("{}");
    if (r.method == "GET") return okAnswer("[]");
    if (r.method == "POST" && r.url.find("/member?") != std::string::npos) return okAnswer(kAddResult);
    return okAnswer();
  };
  const std::string odd = "G/1 ?";
  REQUIRE(rig.members.addMembers({newMember("a")}).ok());
  REQUIRE(rig.members.editMember(odd, MemberEdit{"a", "A", {}, {}, {}}).ok());
  REQUIRE(rig.members.resetPassword(odd, Secret("Passw0rd1234")).ok());
  REQUIRE(rig.members.deleteMember(odd).ok());
  REQUIRE(rig.members.listMembersPage(3, MemberFilter{std::string("1001"), std::string("张 三")}, 50).ok());
  REQUIRE(rig.members.listAssetNumbers().ok());
  REQUIRE(rig.members.listProducts("A 7").ok());
  REQUIRE(rig.members.listBorrowedLocks().ok());
  REQUIRE(rig.members.configureAssets(odd, {"AN-0001"}, {"AN-0002"}).ok());
  REQUIRE(rig.members.lendAssets(odd, "LK-0001", {"A1"}).ok());
  REQUIRE(rig.activity.enrol(kEnrol).ok());

  const std::string ent = "/me/api/v1/enterprise/ENT-ACME-0001";
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"POST", ent + "/member"},
      {"PUT", ent + "/member/G%2F1%20%3F"},
      {"PUT", ent + "/member/G%2F1%20%3F/resetPassword"},
      {"DELETE", ent + "/member/G%2F1%20%3F"},
      {"GET", ent + "/members"},
      {"GET", ent + "/asset/assetNums"},
      {"GET", "/me/api/v1/enterprise/asset/A%207/merchandiseProducts"},
      {"GET", ent + "/asset/borrowUsbKeys"},
      {"POST", "/me/api/v1/enterprise/member/G%2F1%20%3F/privileges"},
      {"POST", "/me/api/v1/enterprise/member/G%2F1%20%3F/borrow"},
      {"POST", "/activity/services/activity"},
  };
  const auto requests = rig.service.apiRequests();
  REQUIRE(requests.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(requests[i].url);
    CHECK(requests[i].method == expected[i].first);
    CHECK(pathOf(requests[i]) == expected[i].second);
    CHECK(isHex32(queryParam(requests[i], "g_nonce")));
    CHECK(requests[i].url.find("?g_nonce=") != std::string::npos);
  }
  const HttpRequest& list = requests[4];
  CHECK(queryParam(list, "pageNum") == "3");
  CHECK(queryParam(list, "pageSize") == "50");
  CHECK(queryParam(list, "departmentId") == "1001");
  CHECK(queryParam(list, "keyword") == "%E5%BC%A0%20%E4%B8%89");
  const HttpRequest& enrol = requests.back();
  CHECK(header(enrol, "Authorization") == "Bearer client-token-1");
  CHECK_FALSE(hasHeader(enrol, "clientToken"));
  CHECK_FALSE(hasHeader(enrol, "userToken"));
  CHECK(header(enrol, "Content-Type") == "application/json");
}

TEST_CASE("client: every attempt gets a fresh 128-bit g_nonce, retries and renewals included", "[center]") {
  Rig rig;
  rig.service.push(businessAnswer("500", "network"));
  rig.service.push(TransportResult::notSent("connection refused"));
  rig.service.push(businessAnswer("60005", "login expired"));
  rig.service.push(TransportResult::noAnswer("read time-out"));
  rig.service.push(okAnswer("[]"));
  REQUIRE(rig.members.listAssetNumbers().ok());
  std::set<std::string> nonces;
  for (const auto& r : rig.service.apiRequests()) {
    CHECK(isHex32(queryParam(r, "g_nonce")));
    nonces.insert(queryParam(r, "g_nonce"));
  }
  CHECK(rig.service.apiRequests().size() == 5);
  CHECK(nonces.size() == 5);
}

TEST_CASE("client: an add whose answer is lost is Unknown and sent exactly once", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::noAnswer("connection closed after sending"));
  rig.service.handler = [](const HttpRequest&) { return okAnswer(kAddResult); };
  auto r = rig.members.addMembers({newMember("zhangsan")});
  REQUIRE(r.unknown());
  CHECK(r.outcome() == Outcome::Unknown);
  CHECK(r.error().endpoint == "A1 add members");
  CHECK(rig.service.apiRequests().size() == 1);
  CHECK(rig.session.stats().of(Endpoint::AddMembers).unknown == 1);
}

TEST_CASE("client: a lost answer on delete, configure, lend or a gateway 502 is Unknown, sent once", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return TransportResult::noAnswer("read time-out"); };
  CHECK(rig.members.deleteMember("G-1").unknown());
  CHECK(rig.members.configureAssets("G-1", {}, {"AN-0001"}).unknown());
  CHECK(rig.members.lendAssets("G-1", "LK-0001", {"A1"}).unknown());
  CHECK(rig.service.apiRequests().size() == 3);
  rig.service.handler = [](const HttpRequest&) { return TransportResult::answered(502, "Bad Gateway"); };
  CHECK(rig.members.addMembers({newMember("a")}).unknown());
  CHECK(rig.service.apiRequests().size() == 4);
}

TEST_CASE("client: an unreadable answer to a write is in doubt, sent once, to a read it is an error",
          "[center]") {
  Rig rig;
  // A proxy's HTTP 500 after forwarding, then a truncated 200: either may follow a write that
  // took effect.
  rig.service.handler = [](const HttpRequest&) { return TransportResult::answered(500, "<html>"); };
  CHECK(rig.members.addMembers({newMember("a")}).unknown());
  rig.service.handler = [](const HttpRequest&) {
    return TransportResult::answered(200, R"({"code":0,"message":"success","data":{"succ)");
  };
  CHECK(rig.members.deleteMember("G-1").unknown());
  rig.service.handler = [](const HttpRequest&) { return okAnswer(R"({"succeeded":"oops"})"); };
  CHECK(rig.members.addMembers({newMember("b")}).unknown());
  CHECK(rig.service.apiRequests().size() == 3);
  rig.service.handler = [](const HttpRequest&) { return TransportResult::answered(500, "<html>"); };
  auto read = rig.members.listAssetNumbers();
  REQUIRE(read.failed());
  CHECK(read.error().kind == ErrorKind::Protocol);
}

TEST_CASE("client: a 500 on a read is retried with backoff until it succeeds", "[center]") {
  Rig rig;
  rig.service.push(businessAnswer("500", "network exception"));
  rig.service.push(businessAnswer("80001", "user center"));
  rig.service.push(okAnswer("[]"));
  REQUIRE(rig.members.listBorrowedLocks().ok());
  CHECK(rig.service.apiRequests().size() == 3);
  CHECK(rig.clock.totalSlept() >= 150ms);  // [50, 100] + [100, 200] ms of jittered backoff
  CHECK(rig.clock.totalSlept() <= 300ms);
  CHECK(rig.session.stats().of(Endpoint::ListBorrowedLocks).retries == 2);
}

TEST_CASE("client: a read that keeps failing stops after the policy's attempts", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return businessAnswer("500", "network exception"); };
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK(r.error().code == "500");
  CHECK(r.error().kind == ErrorKind::RetryLater);
  CHECK(rig.service.apiRequests().size() == 4);
  CHECK(rig.clock.totalSlept() <= 700ms);  // at most 100 + 200 + 400 ms
}

TEST_CASE("client: a lost answer on a safe call (edit) is retried", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::noAnswer("read time-out"));
  rig.service.push(okAnswer());
  REQUIRE(rig.members.editMember("G-1", MemberEdit{"a", "A", {}, {}, {}}).ok());
  CHECK(rig.service.apiRequests().size() == 2);
}

TEST_CASE("client: a safe write whose earlier attempt may have acted is in doubt when its last "
          "attempt fails",
          "[center]") {
  Rig rig;
  rig.service.push(TransportResult::noAnswer("read time-out"));  // the reset may have happened
  rig.service.handler = [](const HttpRequest&) { return TransportResult::answered(503, "busy"); };
  auto r = rig.members.resetPassword("G-1", Secret("Newpassw0rd12"));
  REQUIRE(r.unknown());  // not a plain failure: the new password may be in force
  CHECK(rig.service.apiRequests().size() == 4);
}

TEST_CASE("client: an add is re-sent after answers saying it was not carried out", "[center]") {
  ClientOptions o = testOptions();
  o.retry.maxAttempts = 6;
  Rig rig(o);
  rig.service.push(TransportResult::notSent("connection refused"));
  rig.service.push(TransportResult::answered(503, "busy"));
  rig.service.push(TransportResult::answered(429, "slow down"));
  rig.service.push(okAnswer(kAddResult));
  REQUIRE(rig.members.addMembers({newMember("zhangsan")}).ok());
  CHECK(rig.service.apiRequests().size() == 4);
}

TEST_CASE("client: code 500 or 80001 to a write not safe to repeat leaves it in doubt, sent once",
          "[center]") {
  for (const std::string code : {"500", "80001"}) {
    INFO(code);
    Rig rig;
    rig.service.handler = [code](const HttpRequest&) { return businessAnswer(code, "failed"); };
    auto add = rig.members.addMembers({newMember("zhangsan")});
    REQUIRE(add.unknown());
    CHECK(add.error().code == code);
    CHECK(rig.members.deleteMember("G-1").unknown());
    CHECK(rig.members.configureAssets("G-1", {}, {"AN-1"}).unknown());
    CHECK(rig.members.lendAssets("G-1", "L-1", {"A-1"}).unknown());
    CHECK(rig.service.apiRequests().size() == 4);  // each once
  }
}

TEST_CASE("client: code 500 to an edit is retried: an edit is safe to repeat", "[center]") {
  Rig rig;
  rig.service.push(businessAnswer("500", "network exception"));
  rig.service.push(okAnswer("null"));
  REQUIRE(rig.members.editMember("G-1", MemberEdit{"a", "A", {}, {}, {}}).ok());
  CHECK(rig.service.apiRequests().size() == 2);
}

TEST_CASE("client: an add stops being re-sent when the policy's attempts are spent", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return TransportResult::answered(503, "busy"); };
  auto r = rig.members.addMembers({newMember("zhangsan")});
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::RetryLater);
  CHECK(rig.service.apiRequests().size() == 4);
}

TEST_CASE("client: more than 100 members are refused before anything is sent", "[center]") {
  Rig rig;
  std::vector<NewMember> many;
  for (int i = 0; i < 101; ++i) many.push_back(newMember("user" + std::to_string(i)));
  auto r = rig.members.addMembers(many);
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::BadInput);
  CHECK(r.error().code == "60013");
  CHECK(rig.service.apiRequests().empty());
  CHECK(rig.service.tokenRequests().empty());
  many.pop_back();
  rig.service.handler = [](const HttpRequest&) { return okAnswer(kAddResult); };
  CHECK(rig.members.addMembers(many).ok());
}

TEST_CASE("client: a partial add (60027) is an Ok outcome listing the failed rows", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::answered(299, R"({"code":"60027","message":"部分失败","data":{
    "succeeded":[{"id":1,"globalId":"G-1","userName":"a@acme","name":"A"}],
    "failed":[{"userName":"b","message":"账号已存在"}]}})"));
  auto r = rig.members.addMembers({newMember("a"), newMember("b")});
  REQUIRE(r.ok());
  CHECK(r.value().succeeded.size() == 1);
  REQUIRE(r.value().failed.size() == 1);
  CHECK(r.value().failed[0].userName == "b");
}

TEST_CASE("client: a business error is a Failed result with code, kind, texts and HTTP status", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::answered(
      299, R"({"code":"50003","message":"密码长度必须在{0}和{1}之间","cause":"length 3","data":[8,20]})"));
  auto r = rig.members.resetPassword("G-1", Secret("abc"));
  REQUIRE(r.failed());
  const Error& e = r.error();
  CHECK(e.endpoint == "A3 reset password");
  CHECK(e.code == "50003");
  CHECK(e.kind == ErrorKind::Configuration);  // [sync] password_length, not the member's fault
  CHECK(e.message == "the password length must lie between 8 and 20");
  CHECK(e.serverMessage == "密码长度必须在{0}和{1}之间");
  CHECK(e.cause == "length 3");
  CHECK(e.httpStatus == 299);
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("client: an HTTP status other than 200 and 299 is a Protocol error", "[center]") {
  Rig rig;
  rig.service.push(TransportResult::answered(404, "<html>not found</html>"));
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::Protocol);
  CHECK(r.error().httpStatus == 404);
  rig.service.push(TransportResult::answered(200, "not json"));
  auto bad = rig.members.listAssetNumbers();
  REQUIRE(bad.failed());
  CHECK(bad.error().kind == ErrorKind::Protocol);
  CHECK(bad.error().message.find("malformed JSON") != std::string::npos);
  CHECK(bad.error().httpStatus == 200);
}

TEST_CASE("client: a request that cannot be sent as configured is a configuration error at once", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) {
    return TransportResult::notSent("certificate verify failed", true);
  };
  auto r = rig.members.listAssetNumbers();
  REQUIRE(r.failed());
  CHECK(r.error().kind == ErrorKind::Configuration);
  CHECK(rig.service.apiRequests().size() == 1);
}

TEST_CASE("client: statistics count calls by endpoint and outcome, attempts and retries", "[center]") {
  Rig rig;
  rig.service.push(businessAnswer("500", "x"));
  rig.service.push(okAnswer("[]"));
  rig.service.push(businessAnswer("60002", "user not found"));
  rig.service.push(TransportResult::noAnswer("gone"));
  REQUIRE(rig.members.listAssetNumbers().ok());
  REQUIRE(rig.members.deleteMember("G-1").failed());
  REQUIRE(rig.members.deleteMember("G-2").unknown());
  const EndpointStats assets = rig.session.stats().of(Endpoint::ListAssetNumbers);
  CHECK(assets.calls == 1);
  CHECK(assets.ok == 1);
  CHECK(assets.attempts == 2);
  CHECK(assets.retries == 1);
  const EndpointStats deletes = rig.session.stats().of(Endpoint::DeleteMember);
  CHECK(deletes.calls == 2);
  CHECK(deletes.failed == 1);
  CHECK(deletes.unknown == 1);
  CHECK(deletes.failedByKind[static_cast<std::size_t>(ErrorKind::NotFound)] == 1);
  CHECK(rig.session.stats().of(Endpoint::Token).calls == 2);
  CHECK(rig.session.stats().snapshot().size() == kEndpointCount);
}

TEST_CASE("client: calls from many threads share the tokens and each get their own nonce", "[center]") {
  Rig rig;
  rig.service.handler = [](const HttpRequest&) { return okAnswer("[]"); };
  // Catch2's assertions are not thread-safe: the threads count, the test thread checks.
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10; ++i)
        if (rig.members.listAssetNumbers().ok()) ++ok;
    });
  for (auto& t : threads) t.join();
  CHECK(ok == 80);
  std::set<std::string> nonces;
  for (const auto& r : rig.service.apiRequests()) nonces.insert(queryParam(r, "g_nonce"));
  CHECK(nonces.size() == 80);
  CHECK(rig.service.grants("client_credentials") == 1);
  CHECK(rig.service.grants("password") == 1);
}
