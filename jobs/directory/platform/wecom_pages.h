#pragma once

// WeCom (企业微信) answers -> platform answers (platform_api.h). Pure: the HTTP status and the
// body in, a typed answer out; Poco::JSON stays inside wecom_pages.cpp.
//
// The calls a walk makes (qyapi.weixin.qq.com/cgi-bin/..., developer.work.weixin.qq.com):
//   gettoken?corpid=&corpsecret=           -> decodeToken
//   department/simplelist[?id=]            -> decodeSimpleList: ids and parents, no names
//   department/get?id=                     -> decodeDepartment: one department with its name
//   POST user/list_id {cursor, limit}      -> decodeUserIds: every userid, next_cursor
//   user/get?userid=                       -> decodeUser: one person's fields
// Why not department/list and user/list, which carry names and people in one call: WeCom refuses
// both to an IP added to 通讯录同步 after 2022-08-15, so a walk costs
//   1 + 1 + departments + ceil(people / 10000) + people   calls.

#include <string>

#include "jobs/directory/platform/platform_api.h"

namespace membersync::directory::platform::wecom {

// One person from user/get, and whether WeCom withheld their mobile and email: since
// 2022-06-20 a self-built app other than 通讯录同步 gets no mobile, email or biz_mail at all (the
// keys are absent, not empty). check and validate say so instead of planning with empty values.
struct UserDetail {
  User user;
  bool contactWithheld = false;
};

Answer<Token> decodeToken(int httpStatus, const std::string& body);
Answer<std::vector<Department>> decodeSimpleList(int httpStatus, const std::string& body);
Answer<Department> decodeDepartment(int httpStatus, const std::string& body);
Answer<Page<std::string>> decodeUserIds(int httpStatus, const std::string& body);
Answer<UserDetail> decodeUser(int httpStatus, const std::string& body);

}  // namespace membersync::directory::platform::wecom
