// A Feishu/Lark walk through PlatformCalls (feishu_walk.h) and the platform reader against a
// fake Feishu in memory: the tenant token in a POST body and a Bearer header, every page of the
// departments below the root, each department's members (the root's too), each person once,
// the calls counted against the fewest, and the scope problems stopping as configuration ones.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "jobs/core/manual_clock.h"
#include "jobs/directory/platform/feishu_pages.h"
#include "jobs/directory/platform/feishu_walk.h"
#include "jobs/directory/platform/platform_reader.h"

using namespace membersync;
using namespace membersync::directory;
using namespace membersync::directory::platform;

namespace {

std::string pathOf(const std::string& url) {
  const auto start = url.find('/', url.find("://") + 3);
  return url.substr(start, url.find('?') - start);
}

std::string queryValue(const std::string& url, const std::string& key) {
  const auto at = url.find("&" + key + "=") != std::string::npos ? url.find("&" + key + "=")
                                                                 : url.find("?" + key + "=");
  if (at == std::string::npos) return "";
  const auto start = at + key.size() + 2;
  return url.substr(start, url.find('&', start) - start);
}

std::string header(const center::HttpRequest& r, const std::string& name) {
  for (const auto& [key, value] : r.headers)
    if (key == name) return value;
  return "";
}

std::string page(const std::string& items, bool more, const std::string& next) {
  return R"({"code":0,"msg":"success","data":{"has_more":)" + std::string(more ? "true" : "false") +
         R"(,"page_token":")" + next + R"(","items":[)" + items + "]}}";
}

// Below the root (0): 工程部 (d1) -> 隧道组 (d2); 财务部 (d3), one department a page. The root
// holds boss; d1 holds u1 and u2, d2 holds u1 again; d3 nobody.
class FakeFeishu : public center::Transport {
 public:
  bool withholdContact = false;
  std::map<std::pair<std::string, int>, center::TransportResult> faults;
  std::map<std::string, int> callsByPath;

  center::TransportResult send(const center::HttpRequest& r) override {
    const std::string path = pathOf(r.url);
    const int n = ++callsByPath[path];
    const auto fault = faults.find({path, n});
    if (fault != faults.end()) return fault->second;
    if (path == "/open-apis/auth/v3/tenant_access_token/internal")
      return ok(r.method == "POST" &&
                        r.body.find("\"app_secret\":\"feishu-secret\"") != std::string::npos
                    ? R"({"code":0,"msg":"ok","tenant_access_token":"ftok","expire":7200})"
                    : R"({"code":10014,"msg":"app secret invalid"})");
    if (header(r, "Authorization") != "Bearer ftok")
      return ok(R"({"code":99991663,"msg":"Invalid access token"})");
    if (path == "/open-apis/contact/v3/departments/0/children") return ok(departments(r.url));
    if (path == "/open-apis/contact/v3/users/find_by_department")
      return ok(users(queryValue(r.url, "department_id")));
    return center::TransportResult::answered(404, "{}");
  }

 private:
  static center::TransportResult ok(const std::string& body) {
    return center::TransportResult::answered(200, body);
  }

  static std::string departments(const std::string& url) {
    const std::vector<std::string> all{
        R"({"department_id":"d1","parent_department_id":"0","name":"工程部"})",
        R"({"department_id":"d2","parent_department_id":"d1","name":"隧道组"})",
        R"({"department_id":"d3","parent_department_id":"0","name":"财务部"})"};
    const std::string token = queryValue(url, "page_token");
    const std::size_t at = token.empty() ? 0 : std::stoul(token.substr(1));
    const bool more = at + 1 < all.size();
    return page(all[at], more, more ? "p" + std::to_string(at + 1) : "");
  }

  std::string user(const std::string& id, const std::string& name,
                   const std::string& departments) const {
    return R"({"user_id":")" + id + R"(","open_id":"ou_)" + id + R"(","name":")" + name + "\"" +
           (withholdContact ? "" : R"(,"mobile":"+8613800138000","email":"")") +
           R"(,"department_ids":)" + departments + R"(,"status":{"is_activated":true}})";
  }

  std::string users(const std::string& department) const {
    if (department == "0") return page(user("boss", "老板", R"(["0"])"), false, "");
    if (department == "d1")
      return page(user("u1", "张三", R"(["d1","d2"])") + "," + user("u2", "李四", R"(["d1"])"),
                  false, "");
    if (department == "d2") return page(user("u1", "张三", R"(["d1","d2"])"), false, "");
    return page("", false, "");
  }
};

struct Walk {
  FakeFeishu feishu;
  ManualClock clock;
  Scrubber scrubber;
  feishu::Credentials credentials{"https://open.feishu.cn", "cli_a1", Secret("feishu-secret")};

  PlatformCalls calls() {
    return PlatformCalls(
        "Feishu https://open.feishu.cn", feishu, clock, scrubber,
        [this] { return feishu::tokenRequest(credentials); }, feishu::decodeToken);
  }

  Export read() {
    DirectorySettings cfg;
    cfg.format = ExportFormat::Feishu;
    cfg.platform.baseUrl = credentials.baseUrl;
    cfg.platform.appKey = credentials.appId;
    cfg.platform.appSecret = credentials.appSecret;
    cfg.columns = {{"employee_id", "user_id"}, {"account", "{user_id|lower}"}};
    return readPlatform(cfg, "@acme", {}, {}, feishu, clock, scrubber);
  }
};

}  // namespace

TEST_CASE("feishu walk: every department page below the root, every member once, paths below it") {
  Walk w;
  PlatformCalls calls = w.calls();
  const WalkResult result = feishu::walk(calls, w.credentials);
  CHECK(result.departments.size() == 1 + 3);  // the root, which Feishu does not list, and three
  const SourceTable table = walkTable("feishu", result, {});
  REQUIRE(table.rows.size() == 3);  // boss, u1 (in two), u2
  CHECK(table.rows[0].cells.at("user_id") == "boss");
  CHECK(table.rows[0].cells.at("department").empty());      // the root has no name
  CHECK(table.rows[1].cells.at("department") == "工程部");  // d1 < d2
  CHECK(table.rows[1].cells.at("department_ids") == "d1,d2");
  CHECK(w.feishu.callsByPath["/open-apis/contact/v3/departments/0/children"] == 3);
  // 1 token + 3 department pages (one a page here) + 4 member lists, root included.
  CHECK(calls.calls() == 1 + 3 + 4);
  CHECK(feishu::fewestCalls(3, 4) == 1 + 1 + 4);  // Feishu's 50 a page: one page of departments
}

TEST_CASE("feishu walk: HTTP 429 is waited out and the walk goes on") {
  Walk w;
  w.feishu.faults[{"/open-apis/contact/v3/users/find_by_department", 2}] =
      center::TransportResult::answered(429, R"({"code":99991400,"msg":"frequency limit"})");
  PlatformCalls calls = w.calls();
  CHECK(walkTable("feishu", feishu::walk(calls, w.credentials), {}).rows.size() == 3);
  CHECK(w.clock.totalSlept() > Clock::Duration::zero());
}

TEST_CASE("feishu walk: a page that promises more without a page_token fails the read") {
  Walk w;
  w.feishu.faults[{"/open-apis/contact/v3/users/find_by_department", 1}] =
      center::TransportResult::answered(200, page("", true, ""));
  PlatformCalls calls = w.calls();
  CHECK_THROWS_WITH(feishu::walk(calls, w.credentials), Catch::Contains("page_token"));
}

TEST_CASE("feishu read: department 0 outside the contact scope stops naming the all-staff scope") {
  Walk w;
  w.feishu.faults[{"/open-apis/contact/v3/departments/0/children", 1}] =
      center::TransportResult::answered(400, R"({"code":40004,"msg":"no dept authority error"})");
  try {
    w.read();
    FAIL("the read went on");
  } catch (const PlatformConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("40004"));
    CHECK(e.platformCalls == 2);
  }
}

TEST_CASE("feishu read: a withheld mobile the configuration reads stops the read naming scopes") {
  Walk w;
  w.feishu.withholdContact = true;
  CHECK_THROWS_WITH(w.read(), Catch::Contains("contact:user.phone:readonly"));
}

TEST_CASE("feishu read: the app secret travels only in the token request's body") {
  Walk w;
  const center::HttpRequest r = feishu::tokenRequest(w.credentials);
  CHECK(r.method == "POST");
  CHECK(r.url == "https://open.feishu.cn/open-apis/auth/v3/tenant_access_token/internal");
  CHECK_THAT(r.body, Catch::Contains("feishu-secret"));
  CHECK(w.read().people.size() == 3);
}
