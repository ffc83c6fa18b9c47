#include "jobs/directory/platform/dingtalk_walk.h"

#include <deque>
#include <set>

#include "jobs/center/url.h"
#include "jobs/directory/platform/dingtalk_pages.h"

namespace membersync::directory::platform::dingtalk {

namespace {

center::HttpRequest post(const Credentials& c, const std::string& path, const std::string& token,
                         const std::string& body) {
  center::HttpRequest r;
  r.method = "POST";
  r.url = center::joinUrl(c.baseUrl, path) + "?access_token=" + center::percentEncode(token);
  r.headers = {{"Content-Type", "application/json"}};
  r.body = body;
  return r;
}

// DingTalk's ids are whole numbers; a decoded id that is not one is not sent back in JSON.
std::string number(const std::string& id) {
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    throw ExportError("DingTalk sent the department id \"" + id + "\", which is not a number");
  return id;
}

std::vector<User> usersOf(PlatformCalls& calls, const Credentials& c, const std::string& dept) {
  std::vector<User> users;
  std::string cursor = "0";
  std::set<std::string> cursors;
  while (true) {
    if (!cursors.insert(cursor).second)
      throw ExportError("DingTalk: topapi/v2/user/list of department " + dept +
                        " sent the cursor " + cursor +
                        " twice; the list would never end. Nothing is planned from a partial list");
    const std::string body = "{\"dept_id\":" + dept + ",\"cursor\":" + number(cursor) +
                             ",\"size\":" + std::to_string(kUserPageSize) + "}";
    Page<User> page = calls.call<Page<User>>(
        "topapi/v2/user/list of department " + dept,
        [&](const std::string& t) { return post(c, "topapi/v2/user/list", t, body); }, decodeUsers);
    for (User& u : page.items) users.push_back(std::move(u));
    if (!page.more) return users;
    cursor = page.next;
  }
}

}  // namespace

int fewestCalls(int departments, int userPages) {
  return 2 + departments + userPages;
}

center::HttpRequest tokenRequest(const Credentials& c) {
  center::HttpRequest r;
  r.method = "GET";
  r.url = center::joinUrl(c.baseUrl, "gettoken") + "?appkey=" + center::percentEncode(c.appKey) +
          "&appsecret=" + center::percentEncode(c.appSecret.reveal());
  return r;
}

WalkResult walk(PlatformCalls& calls, const Credentials& c) {
  WalkResult out;
  const std::string rootBody = std::string("{\"dept_id\":") + kRootDepartmentId + "}";
  out.departments.push_back(calls.call<Department>(
      "topapi/v2/department/get of the root",
      [&](const std::string& t) { return post(c, "topapi/v2/department/get", t, rootBody); },
      decodeDepartment));
  std::deque<std::string> todo{kRootDepartmentId};
  std::set<std::string> seen{kRootDepartmentId};
  while (!todo.empty()) {
    const std::string dept = todo.front();
    todo.pop_front();
    const std::string body = "{\"dept_id\":" + number(dept) + "}";
    const auto children = calls.call<std::vector<Department>>(
        "topapi/v2/department/listsub of department " + dept,
        [&](const std::string& t) { return post(c, "topapi/v2/department/listsub", t, body); },
        decodeSubDepartments);
    for (const Department& d : children) {
      out.departments.push_back(d);  // a repeated id fails in walkTable, naming it
      if (seen.insert(d.id).second) todo.push_back(d.id);
    }
    out.usersByDepartment.emplace_back(dept, usersOf(calls, c, dept));
  }
  return out;
}

}  // namespace membersync::directory::platform::dingtalk
