#include "jobs/directory/platform/dingtalk_walk.h"

#include <deque>
#include <set>

#include "jobs/center/url.h"
#include "jobs/directory/platform/dingtalk_pages.h"
#include "jobs/directory/platform/paged_list.h"

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
  const std::string what = "topapi/v2/user/list of department " + dept;
  std::vector<User> users;
  everyPage<User>(
      "DingTalk", what, "next_cursor", "0",
      [&](const std::string& cursor) {
        const std::string body = "{\"dept_id\":" + dept + ",\"cursor\":" + number(cursor) +
                                 ",\"size\":" + std::to_string(kUserPageSize) + "}";
        return calls.call<Page<User>>(
            what, [&](const std::string& t) { return post(c, "topapi/v2/user/list", t, body); },
            decodeUsers);
      },
      [&](User& u) { users.push_back(std::move(u)); });
  return users;
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
