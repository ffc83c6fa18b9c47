#pragma once

// Feishu (飞书) and Lark answers -> platform answers (platform_api.h). Pure: the HTTP status and
// the body in, a typed answer out; Poco::JSON stays inside feishu_pages.cpp. Feishu
// (open.feishu.cn) and Lark (open.larksuite.com) answer alike.
//
// The calls a walk makes (open.feishu.cn/document/server-docs/contact-v3):
//   POST auth/v3/tenant_access_token/internal {app_id, app_secret}   -> decodeToken
//   GET contact/v3/departments/0/children?fetch_child=true&department_id_type=department_id
//       &page_size=50&page_token=                                    -> decodeDepartments
//   GET contact/v3/users/find_by_department?department_id=D&user_id_type=user_id
//       &department_id_type=department_id&page_size=50&page_token=   -> decodeUsers
// A walk costs 1 + ceil(departments / 50) + the pages of each department (>= 1 each): a person
// in several departments is listed by each of them.

#include <string>

#include "jobs/directory/platform/platform_api.h"

namespace membersync::directory::platform::feishu {

// A page of people, and whether Feishu withheld mobile and email from any of them: without the
// scopes contact:user.phone:readonly and contact:user.email:readonly the keys are absent (and
// every Feishu account has a mobile or an email), so check and validate can say which scope
// to add rather than plan with empty values.
struct UserPage {
  Page<User> page;
  bool contactWithheld = false;
};

Answer<Token> decodeToken(int httpStatus, const std::string& body);
Answer<Page<Department>> decodeDepartments(int httpStatus, const std::string& body);
Answer<UserPage> decodeUsers(int httpStatus, const std::string& body);

}  // namespace membersync::directory::platform::feishu
