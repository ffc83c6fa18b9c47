#include "jobs/directory/platform/feishu_walk.h"

#include <algorithm>
#include <functional>

#include "jobs/center/json_write.h"
#include "jobs/center/url.h"
#include "jobs/directory/platform/feishu_pages.h"
#include "jobs/directory/platform/paged_list.h"

namespace membersync::directory::platform::feishu {

namespace {

center::HttpRequest get(const Credentials& c, const std::string& pathAndQuery,
                        const std::string& token) {
  center::HttpRequest r;
  r.method = "GET";
  r.url = center::joinUrl(c.baseUrl, "open-apis/contact/v3/" + pathAndQuery);
  r.headers = {{"Authorization", "Bearer " + token}};
  return r;
}

std::string pageQuery(const std::string& pageToken) {
  return "&page_size=" + std::to_string(kPageSize) +
         (pageToken.empty() ? "" : "&page_token=" + center::percentEncode(pageToken));
}

}  // namespace

long fewestCalls(long departments, long memberPages) {
  return 1 + std::max(1L, (departments + kPageSize - 1) / kPageSize) + memberPages;
}

center::HttpRequest tokenRequest(const Credentials& c) {
  center::HttpRequest r;
  r.method = "POST";
  r.url = center::joinUrl(c.baseUrl, "open-apis/auth/v3/tenant_access_token/internal");
  r.headers = {{"Content-Type", "application/json; charset=utf-8"}};
  center::json::ObjectWriter body(r.body);
  body.text("app_id", c.appId);
  body.text("app_secret", c.appSecret.reveal());
  body.close();
  return r;
}

WalkResult walk(PlatformCalls& calls, const Credentials& c) {
  WalkResult out;
  out.departments.push_back(Department{kRootDepartmentId, "", ""});
  const std::string listing = "departments/0/children";
  everyPage<Department>(
      "Feishu", listing, "page_token", "",
      [&](const std::string& pageToken) {
        return calls.call<Page<Department>>(
            listing,
            [&](const std::string& t) {
              return get(c,
                         "departments/0/children?department_id_type=department_id"
                         "&fetch_child=true" +
                             pageQuery(pageToken),
                         t);
            },
            decodeDepartments);
      },
      [&](Department& d) {
        if (d.parentId.empty()) d.parentId = kRootDepartmentId;
        out.departments.push_back(std::move(d));
      });
  bool withheld = false;
  for (const Department& d : out.departments) {
    const std::string what = "users/find_by_department of department " + d.id;
    std::vector<User> users;
    everyPage<User>(
        "Feishu", what, "page_token", "",
        [&](const std::string& pageToken) {
          UserPage page = calls.call<UserPage>(
              what,
              [&](const std::string& t) {
                return get(c,
                           "users/find_by_department?department_id=" + center::percentEncode(d.id) +
                               "&user_id_type=user_id&department_id_type=department_id" +
                               pageQuery(pageToken),
                           t);
              },
              decodeUsers);
          withheld = withheld || page.contactWithheld;
          return std::move(page.page);
        },
        [&](User& u) { users.push_back(std::move(u)); });
    out.usersByDepartment.emplace_back(d.id, std::move(users));
  }
  if (withheld) {
    out.withheld = {"mobile", "email"};
    out.withheldTodo =
        "Feishu sends no mobile or email without the scopes contact:user.phone:readonly and "
        "contact:user.email:readonly: add them to the app (开发者后台 > 权限管理) and publish a "
        "new version";
  }
  return out;
}

}  // namespace membersync::directory::platform::feishu
