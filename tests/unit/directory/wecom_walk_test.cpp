// A WeCom walk through PlatformCalls (wecom_walk.h) and the platform reader against a fake WeCom
// in memory: every department named, every userid page, each person once in their main
// department, the calls counted against the fewest, a withheld mobile refused by name, an
// untrusted address a configuration problem, and a failed walk's calls kept for the budget.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "jobs/core/manual_clock.h"
#include "jobs/directory/platform/platform_reader.h"
#include "jobs/directory/platform/wecom_pages.h"
#include "jobs/directory/platform/wecom_walk.h"

using namespace membersync;
using namespace membersync::directory;
using namespace membersync::directory::platform;

namespace {

std::string pathOf(const std::string& url) {
  const auto start = url.find('/', url.find("://") + 3);
  return url.substr(start, url.find('?') - start);
}

std::string queryValue(const std::string& url, const std::string& key) {
  const auto at = url.find(key + "=");
  if (at == std::string::npos) return "";
  const auto start = at + key.size() + 1;
  return url.substr(start, url.find('&', start) - start);
}

// 总部 (1) -> 工程部 (2) -> 隧道组 (3). `people` users u0.. in 工程部; u0 also in 隧道组, whose
// main department it is. user/list_id gives `idsPerPage` entries a page (WeCom up to 10,000).
class FakeWeCom : public center::Transport {
 public:
  int people = 3;
  std::size_t idsPerPage = 10000;
  bool withholdContact = false;
  std::map<std::pair<std::string, int>, std::string> faults;  // (path, n-th call) -> answer
  std::map<std::string, int> callsByPath;

  center::TransportResult send(const center::HttpRequest& r) override {
    const std::string path = pathOf(r.url);
    const int n = ++callsByPath[path];
    const auto fault = faults.find({path, n});
    if (fault != faults.end()) return ok(fault->second);
    if (path == "/cgi-bin/gettoken")
      return ok(queryValue(r.url, "corpsecret") == "contacts-secret"
                    ? R"({"errcode":0,"access_token":"wtok","expires_in":7200})"
                    : R"({"errcode":40001,"errmsg":"invalid credential"})");
    if (queryValue(r.url, "access_token") != "wtok") return ok(R"({"errcode":40014})");
    if (path == "/cgi-bin/department/simplelist")
      return ok(R"({"errcode":0,"department_id":[{"id":1,"parentid":0},{"id":2,"parentid":1},)"
                R"({"id":3,"parentid":2}]})");
    if (path == "/cgi-bin/department/get") {
      const std::string id = queryValue(r.url, "id");
      const std::string name = id == "1" ? "总部" : id == "2" ? "工程部" : "隧道组";
      return ok(R"({"errcode":0,"department":{"id":)" + id + R"(,"name":")" + name + "\"}}");
    }
    if (path == "/cgi-bin/user/list_id") return ok(userIds(r.body));
    if (path == "/cgi-bin/user/get") return ok(user(queryValue(r.url, "userid")));
    return center::TransportResult::answered(404, "{}");
  }

 private:
  static center::TransportResult ok(const std::string& body) {
    return center::TransportResult::answered(200, body);
  }

  std::string userIds(const std::string& body) const {
    const auto at = body.find("\"cursor\":\"");
    const std::string cursor = body.substr(at + 10, body.find('"', at + 10) - at - 10);
    const std::size_t start = cursor.empty() ? 0 : std::stoul(cursor);
    std::string list;
    std::size_t i = start;
    for (; i < static_cast<std::size_t>(people) && i < start + idsPerPage; ++i)
      list += std::string(list.empty() ? "" : ",") + R"({"userid":"u)" + std::to_string(i) +
              R"(","department":2})";
    const bool more = i < static_cast<std::size_t>(people);
    return R"({"errcode":0,"next_cursor":")" + (more ? std::to_string(i) : std::string()) +
           R"(","dept_user":[)" + list + "]}";
  }

  std::string user(const std::string& id) const {
    const bool first = id == "u0";
    return R"({"errcode":0,"userid":")" + id + R"(","name":"员工)" + id.substr(1) +
           R"(","telephone":"13900139000")" +
           (withholdContact ? "" : R"(,"mobile":"13800138000","email":"","biz_mail":"")") +
           R"(,"department":)" + (first ? "[2,3]" : "[2]") + R"(,"main_department":)" +
           (first ? "3" : "2") + "}";
  }
};

struct Walk {
  FakeWeCom wecom;
  ManualClock clock;
  Scrubber scrubber;
  wecom::Credentials credentials{"https://qyapi.weixin.qq.com", "ww01", Secret("contacts-secret")};

  PlatformCalls calls() {
    return PlatformCalls(
        "WeCom https://qyapi.weixin.qq.com", wecom, clock, scrubber,
        [this] { return wecom::tokenRequest(credentials); }, wecom::decodeToken);
  }

  DirectorySettings settings() const {
    DirectorySettings cfg;
    cfg.format = ExportFormat::WeCom;
    cfg.platform.baseUrl = credentials.baseUrl;
    cfg.platform.appKey = credentials.corpId;
    cfg.platform.appSecret = credentials.corpSecret;
    cfg.columns = {{"employee_id", "userid"}, {"account", "{userid|lower}"}};
    return cfg;
  }

  Export read(const DirectorySettings& cfg) {
    return readPlatform(cfg, "@acme", {}, {}, wecom, clock, scrubber);
  }
};

}  // namespace

TEST_CASE("wecom walk: every department named, each person once in their main department") {
  Walk w;
  PlatformCalls calls = w.calls();
  const WalkResult result = wecom::walk(calls, w.credentials);
  REQUIRE(result.departments.size() == 3);
  CHECK(result.departments[2].name == "隧道组");
  CHECK(result.departments[2].parentId == "2");
  const SourceTable table = walkTable("wecom", result, {});
  REQUIRE(table.rows.size() == 3);
  CHECK(table.rows[0].cells.at("department") == "总部/工程部/隧道组");  // u0: main_department 3
  CHECK(table.rows[1].cells.at("department") == "总部/工程部");
  CHECK(result.withheld.empty());
  CHECK(calls.calls() == wecom::fewestCalls(3, 3));
  CHECK(calls.calls() == 1 + 1 + 3 + 1 + 3);
}

TEST_CASE("wecom walk: user/list_id is followed page by page to its last cursor") {
  Walk w;
  w.wecom.people = 7;
  w.wecom.idsPerPage = 2;
  PlatformCalls calls = w.calls();
  CHECK(walkTable("wecom", wecom::walk(calls, w.credentials), {}).rows.size() == 7);
  CHECK(w.wecom.callsByPath["/cgi-bin/user/list_id"] == 4);
}

TEST_CASE("wecom walk: a cursor sent twice fails the read instead of looping") {
  Walk w;
  w.wecom.faults[{"/cgi-bin/user/list_id", 1}] =
      R"({"errcode":0,"next_cursor":"c1","dept_user":[{"userid":"u0","department":2}]})";
  w.wecom.faults[{"/cgi-bin/user/list_id", 2}] =
      R"({"errcode":0,"next_cursor":"c1","dept_user":[{"userid":"u1","department":2}]})";
  PlatformCalls calls = w.calls();
  CHECK_THROWS_WITH(wecom::walk(calls, w.credentials), Catch::Contains("twice"));
}

TEST_CASE("wecom read: an untrusted address stops as a configuration problem naming the IP list") {
  Walk w;
  w.wecom.faults[{"/cgi-bin/department/simplelist", 1}] =
      R"({"errcode":60020,"errmsg":"not allow to access from your ip, from ip: 203.0.113.9"})";
  CHECK_THROWS_AS(w.read(w.settings()), PlatformConfigError);
  CHECK(w.clock.totalSlept() == Clock::Duration::zero());
}

TEST_CASE("wecom read: a withheld mobile the configuration reads stops the read naming the app") {
  Walk w;
  w.wecom.withholdContact = true;
  try {
    w.read(w.settings());  // column.mobile is "mobile" by default
    FAIL("the read went on with everyone's mobile empty");
  } catch (const PlatformConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("withheld mobile") && Catch::Contains("通讯录同步"));
  }
}

TEST_CASE("wecom read: a withheld mobile nothing reads is a notice, and the people are read") {
  Walk w;
  w.wecom.withholdContact = true;
  DirectorySettings cfg = w.settings();
  cfg.columns["mobile"] = "telephone";
  const Export hr = w.read(cfg);
  CHECK(hr.people.size() == 3);
  REQUIRE(hr.notices.size() == 1);
  CHECK_THAT(hr.notices[0], Catch::Contains("withheld mobile, email, biz_mail"));
}

TEST_CASE("wecom read: a walk that fails part-way says how many calls it spent") {
  Walk w;
  w.wecom.faults[{"/cgi-bin/user/get", 2}] = R"({"errcode":60111,"errmsg":"userid not found"})";
  try {
    w.read(w.settings());
    FAIL("the read went on");
  } catch (const ExportError& e) {
    CHECK(e.platformCalls == 1 + 1 + 3 + 1 + 2);
  }
}
