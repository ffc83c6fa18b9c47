#include "jobs/directory/platform/wecom_walk.h"

#include <map>

#include "jobs/center/json_write.h"
#include "jobs/center/url.h"
#include "jobs/directory/platform/paged_list.h"
#include "jobs/directory/platform/wecom_pages.h"

namespace membersync::directory::platform::wecom {

namespace {

constexpr int kIdPageSize = 10000;  // the most user/list_id gives a page

center::HttpRequest get(const Credentials& c, const std::string& path, const std::string& token,
                        const std::string& query = "") {
  center::HttpRequest r;
  r.method = "GET";
  r.url = center::joinUrl(c.baseUrl, "cgi-bin/" + path) +
          "?access_token=" + center::percentEncode(token) + query;
  return r;
}

std::vector<std::string> userIds(PlatformCalls& calls, const Credentials& c) {
  std::vector<std::string> ids;
  everyPage<std::string>(
      "WeCom", "user/list_id", "next_cursor", "",
      [&](const std::string& cursor) {
        return calls.call<Page<std::string>>(
            "user/list_id",
            [&](const std::string& t) {
              center::HttpRequest r = get(c, "user/list_id", t);
              r.method = "POST";
              r.headers = {{"Content-Type", "application/json"}};
              center::json::ObjectWriter body(r.body);
              body.text("cursor", cursor);
              body.integer("limit", kIdPageSize);
              body.close();
              return r;
            },
            decodeUserIds);
      },
      [&](std::string& id) { ids.push_back(std::move(id)); });
  return ids;
}

}  // namespace

long fewestCalls(long departments, long people) {
  return 2 + departments + (people + kIdPageSize - 1) / kIdPageSize + people;
}

center::HttpRequest tokenRequest(const Credentials& c) {
  center::HttpRequest r;
  r.method = "GET";
  r.url = center::joinUrl(c.baseUrl, "cgi-bin/gettoken") +
          "?corpid=" + center::percentEncode(c.corpId) +
          "&corpsecret=" + center::percentEncode(c.corpSecret.reveal());
  return r;
}

WalkResult walk(PlatformCalls& calls, const Credentials& c) {
  WalkResult out;
  const auto listed = calls.call<std::vector<Department>>(
      "department/simplelist",
      [&](const std::string& t) { return get(c, "department/simplelist", t); }, decodeSimpleList);
  for (const Department& d : listed) {
    Department named = calls.call<Department>(
        "department/get of department " + d.id,
        [&](const std::string& t) {
          return get(c, "department/get", t, "&id=" + center::percentEncode(d.id));
        },
        decodeDepartment);
    named.parentId = d.parentId;  // as the list gave it, which the tree was read from
    out.departments.push_back(std::move(named));
  }
  std::map<std::string, std::vector<User>> byDepartment;
  bool withheld = false;
  for (const std::string& id : userIds(calls, c)) {
    UserDetail d = calls.call<UserDetail>(
        "user/get of " + id,
        [&](const std::string& t) {
          return get(c, "user/get", t, "&userid=" + center::percentEncode(id));
        },
        decodeUser);
    withheld = withheld || d.contactWithheld;
    const std::string listedIn = !d.user.mainDepartmentId.empty() ? d.user.mainDepartmentId
                                 : d.user.departmentIds.empty()   ? std::string()
                                                                  : d.user.departmentIds.front();
    if (listedIn.empty())
      throw ExportError("WeCom: user/get of " + id +
                        " gave no department; nothing is planned from a partial list");
    byDepartment[listedIn].push_back(std::move(d.user));
  }
  for (auto& [department, users] : byDepartment)
    out.usersByDepartment.emplace_back(department, std::move(users));
  if (withheld) {
    out.withheld = {"mobile", "email", "biz_mail"};
    out.withheldTodo =
        "WeCom gives an app other than the contacts app (通讯录同步) no mobile or email since "
        "2022-06-20: set corp_secret_file to the contacts app's secret (管理后台 > 管理工具 > "
        "通讯录同步 > Secret)";
  }
  return out;
}

}  // namespace membersync::directory::platform::wecom
