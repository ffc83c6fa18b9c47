// A DingTalk walk through PlatformCalls (platform_client.h, dingtalk_walk.h) against a fake
// DingTalk in memory: paging, the token's life, rate limits waited out on a ManualClock (no test
// sleeps), and every fault failing the read whole.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "jobs/core/manual_clock.h"
#include "jobs/directory/platform/call_budget.h"
#include "jobs/directory/platform/dingtalk_pages.h"
#include "jobs/directory/platform/dingtalk_walk.h"

using namespace membersync;
using namespace membersync::directory;
using namespace membersync::directory::platform;

namespace {

int intAfter(const std::string& body, const std::string& key) {
  const auto at = body.find("\"" + key + "\":");
  return at == std::string::npos ? -1 : std::stoi(body.substr(at + key.size() + 3));
}

std::string pathOf(const std::string& url) {
  const auto start = url.find('/', url.find("://") + 3);
  return url.substr(start, url.find('?') - start);
}

// 总部 (1) -> 工程部 (2) -> 隧道组 (3); `people` users in 工程部, zhangsan also in 隧道组.
// `faults` answer the n-th call of a path instead of the real answer.
class FakeDingTalk : public center::Transport {
 public:
  int people = 3;
  int tokensIssued = 0;
  std::map<std::string, int> callsByPath;
  std::map<std::pair<std::string, int>, std::string> faults;
  std::vector<std::string> urls;

  center::TransportResult send(const center::HttpRequest& r) override {
    urls.push_back(r.url);
    const std::string path = pathOf(r.url);
    const int n = ++callsByPath[path];
    const auto fault = faults.find({path, n});
    if (fault != faults.end()) return center::TransportResult::answered(200, fault->second);
    if (path == "/gettoken") {
      if (r.url.find("appsecret=s3cr3t-app") == std::string::npos)
        return center::TransportResult::answered(200, R"({"errcode":40001,"errmsg":"bad secret"})");
      ++tokensIssued;
      return center::TransportResult::answered(200, R"({"errcode":0,"access_token":"tok)" +
                                                        std::to_string(tokensIssued) +
                                                        R"(","expires_in":7200})");
    }
    if (r.url.find("access_token=tok" + std::to_string(tokensIssued)) == std::string::npos)
      return center::TransportResult::answered(200,
                                               R"({"errcode":40014,"errmsg":"invalid token"})");
    const int dept = intAfter(r.body, "dept_id");
    if (path == "/topapi/v2/department/get")
      return center::TransportResult::answered(
          200, R"({"errcode":0,"result":{"dept_id":1,"name":"总部"}})");
    if (path == "/topapi/v2/department/listsub") {
      const std::string list = dept == 1   ? R"([{"dept_id":2,"name":"工程部","parent_id":1}])"
                               : dept == 2 ? R"([{"dept_id":3,"name":"隧道组","parent_id":2}])"
                                           : "[]";
      return center::TransportResult::answered(200, R"({"errcode":0,"result":)" + list + "}");
    }
    if (path == "/topapi/v2/user/list")
      return center::TransportResult::answered(200, users(dept, r.body));
    return center::TransportResult::answered(404, "{}");
  }

 private:
  std::string users(int dept, const std::string& body) const {
    if (intAfter(body, "size") != 100) return R"({"errcode":400002,"errmsg":"size"})";
    const int cursor = intAfter(body, "cursor");
    std::vector<std::string> list;
    if (dept == 2)
      for (int i = cursor; i < people && i < cursor + 100; ++i)
        list.push_back(R"({"userid":"u)" + std::to_string(i) + R"(","name":"员工)" +
                       std::to_string(i) + R"(","dept_id_list":[2],"active":true})");
    if (dept == 3)
      list.push_back(R"({"userid":"u0","name":"员工0","dept_id_list":[3,2],"active":true})");
    std::string joined;
    for (const std::string& u : list) joined += (joined.empty() ? "" : ",") + u;
    const bool more = dept == 2 && cursor + 100 < people;
    return R"({"errcode":0,"result":{"has_more":)" + std::string(more ? "true" : "false") +
           (more ? ",\"next_cursor\":" + std::to_string(cursor + 100) : "") + R"(,"list":[)" +
           joined + "]}}";
  }
};

struct Walk {
  FakeDingTalk dingtalk;
  ManualClock clock;
  Scrubber scrubber;
  dingtalk::Credentials credentials{"https://oapi.dingtalk.com", "dingkey", Secret("s3cr3t-app")};

  PlatformCalls calls() {
    return PlatformCalls(
        "DingTalk https://oapi.dingtalk.com", dingtalk, clock, scrubber,
        [this] { return dingtalk::tokenRequest(credentials); }, dingtalk::decodeToken);
  }
};

std::size_t rowsOf(const WalkResult& w) {
  return walkTable("dingtalk", w, {}).rows.size();
}

}  // namespace

TEST_CASE("dingtalk walk: every department from the root, every page of users, each person once") {
  Walk w;
  w.dingtalk.people = 250;  // three pages in 工程部
  PlatformCalls calls = w.calls();
  const WalkResult result = dingtalk::walk(calls, w.credentials);
  CHECK(result.departments.size() == 3);
  CHECK(rowsOf(result) == 250);
  CHECK(w.dingtalk.callsByPath["/topapi/v2/user/list"] == 1 + 3 + 1);
  CHECK(w.dingtalk.tokensIssued == 1);
  CHECK(calls.calls() == dingtalk::fewestCalls(3, 5));
  CHECK(w.clock.totalSlept() == Clock::Duration::zero());
}

TEST_CASE(
    "dingtalk walk: a token that expires mid-walk is fetched again once, and the walk goes on") {
  Walk w;
  w.dingtalk.faults[{"/topapi/v2/department/listsub", 2}] =
      R"({"errcode":42001,"errmsg":"expired"})";
  PlatformCalls calls = w.calls();
  CHECK(rowsOf(dingtalk::walk(calls, w.credentials)) == 3);
  CHECK(w.dingtalk.tokensIssued == 2);
}

TEST_CASE("dingtalk walk: a token kept past its expiry by the clock is fetched again before use") {
  Walk w;
  PlatformCalls calls = w.calls();
  dingtalk::walk(calls, w.credentials);
  w.clock.advance(std::chrono::hours(2));
  dingtalk::walk(calls, w.credentials);
  CHECK(w.dingtalk.tokensIssued == 2);
}

TEST_CASE("dingtalk walk: a fresh token refused again fails the read") {
  Walk w;
  for (int n = 1; n <= 5; ++n)
    w.dingtalk.faults[{"/topapi/v2/department/listsub", n}] =
        R"({"errcode":42001,"errmsg":"expired"})";
  PlatformCalls calls = w.calls();
  CHECK_THROWS_AS(dingtalk::walk(calls, w.credentials), ExportError);
  CHECK(w.dingtalk.tokensIssued == 2);
}

TEST_CASE("dingtalk walk: rate limits and an HTML page are waited out with a doubling pause") {
  Walk w;
  w.dingtalk.faults[{"/topapi/v2/user/list", 2}] = R"({"errcode":90018,"errmsg":"too many"})";
  w.dingtalk.faults[{"/topapi/v2/user/list", 3}] = "<html>blocked</html>";
  PlatformCalls calls = w.calls();
  CHECK(rowsOf(dingtalk::walk(calls, w.credentials)) == 3);
  CHECK(w.clock.totalSlept() == std::chrono::seconds(1 + 2));
  CHECK(calls.calls() == dingtalk::fewestCalls(3, 3) + 2);
}

TEST_CASE(
    "dingtalk walk: a platform that keeps limiting fails the read within the walk's time-out") {
  Walk w;
  for (int n = 1; n <= 200; ++n)
    w.dingtalk.faults[{"/topapi/v2/user/list", n}] = R"({"errcode":90002,"errmsg":"busy"})";
  PlatformCalls calls = w.calls();
  CHECK_THROWS_WITH(dingtalk::walk(calls, w.credentials), Catch::Contains("time-out"));
  CHECK(w.clock.totalSlept() <= std::chrono::minutes(10));
}

TEST_CASE("dingtalk walk: a page error in the middle fails the read whole") {
  Walk w;
  w.dingtalk.people = 250;
  w.dingtalk.faults[{"/topapi/v2/user/list", 3}] = R"({"errcode":50001,"errmsg":"internal"})";
  PlatformCalls calls = w.calls();
  CHECK_THROWS_WITH(dingtalk::walk(calls, w.credentials),
                    Catch::Contains("user/list of department 2") && Catch::Contains("50001"));
}

TEST_CASE(
    "dingtalk walk: a spent quota and a missing permission stop at once as configuration "
    "problems") {
  Walk w;
  SECTION("quota") {
    w.dingtalk.faults[{"/topapi/v2/department/listsub", 1}] =
        R"({"errcode":90020,"errmsg":"quota"})";
  }
  SECTION("permission") {
    w.dingtalk.faults[{"/topapi/v2/department/listsub", 1}] =
        R"({"errcode":88,"sub_code":"60011","sub_msg":"没有调用该接口的权限","errmsg":"x"})";
  }
  PlatformCalls calls = w.calls();
  CHECK_THROWS_AS(dingtalk::walk(calls, w.credentials), PlatformConfigError);
  CHECK(w.clock.totalSlept() == Clock::Duration::zero());
  CHECK(w.dingtalk.callsByPath["/topapi/v2/department/listsub"] == 1);
}

TEST_CASE(
    "dingtalk walk: a wrong secret says which keys to check, and never the secret or a token") {
  Walk w;
  w.credentials.appSecret = Secret("wrong-secret");
  w.scrubber.add(w.credentials.appSecret);
  PlatformCalls calls = w.calls();
  try {
    dingtalk::walk(calls, w.credentials);
    FAIL("the walk went on");
  } catch (const PlatformConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("app_secret_file"));
    CHECK_THAT(e.what(), !Catch::Contains("wrong-secret"));
  }
}

TEST_CASE("platform base_url: HTTPS, or plain HTTP only to loopback") {
  CHECK_FALSE(baseUrlProblem("https://oapi.dingtalk.com"));
  CHECK_FALSE(baseUrlProblem("http://127.0.0.1:8080"));
  CHECK_FALSE(baseUrlProblem("http://localhost:1/x"));
  CHECK_FALSE(baseUrlProblem("http://[::1]:9"));
  CHECK(baseUrlProblem("http://oapi.dingtalk.com"));
  CHECK(baseUrlProblem("http://127.0.0.1.evil.example"));
  CHECK(baseUrlProblem("ftp://x"));
}

TEST_CASE(
    "platform budget: a walk the month cannot pay for at the last walk's cost does not start") {
  CHECK_FALSE(budgetRefusal(0, 99999, 500, "2026-11"));  // no budget
  CHECK_FALSE(budgetRefusal(10000, 9500, 500, "2026-11"));
  const auto refusal = budgetRefusal(10000, 9501, 500, "2026-11");
  REQUIRE(refusal);
  CHECK_THAT(*refusal, Catch::Contains("max_calls_month = 10000") && Catch::Contains("2026-11"));
  CHECK(callMonth(Clock::WallPoint{std::chrono::seconds(1767225599)}) ==
        "2025-12");  // 23:59:59 UTC
  CHECK(callMonth(Clock::WallPoint{std::chrono::seconds(1767225600)}) == "2026-01");
}
