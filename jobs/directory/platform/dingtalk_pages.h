#pragma once

#include <string>
#include <vector>

#include "jobs/directory/platform/platform_api.h"

// DingTalk's answers (oapi.dingtalk.com, the "old" server API every self-built app can call),
// one answer's HTTP status and bytes each, as platform_api.h's typed answers. Pure: no HTTP.
//
// - GET  /gettoken?appkey=&appsecret= {"errcode":0,"access_token":"..","expires_in":7200}
// - POST /topapi/v2/department/get {"dept_id":1}  {"errcode":0,"result":{"dept_id":1,"name":..}}
// - POST /topapi/v2/department/listsub {"dept_id":N}
//                                     {"errcode":0,"result":[{"dept_id":..,"name":..,"parent_id":..}]}
// - POST /topapi/v2/user/list {"dept_id":N,"cursor":C,"size":100}
//        {"errcode":0,"result":{"has_more":true,"next_cursor":100,"list":[{"userid":..,...}]}}
//
// errcode 0 is Ok; 40001 (a token no longer valid), 40014 and 42001 (expired) TokenExpired on a
// call that carried a token; -1 (busy), 90002 and 90018 (too many calls) RateLimited, as is an
// HTML page where JSON was expected (what DingTalk's gateway sends an address it blocks);
// 90020 (the month's calls spent) Quota; 88 with a sub_code, 60011, 60020, 60121 and the other
// documented permission codes Permission, with what to grant; anything else Failed.
namespace membersync::directory::platform::dingtalk {

inline constexpr const char* kRootDepartmentId = "1";
inline constexpr int kUserPageSize = 100;  // the most topapi/v2/user/list gives a page

// The fields read of each user, in this order, every one present ("" when DingTalk left it
// out); dept_id_list as ids joined by ",", active as "true"/"false".
const std::vector<std::string>& userFields();

Answer<Token> decodeToken(int status, const std::string& body);
Answer<Department> decodeDepartment(int status, const std::string& body);  // department/get
Answer<std::vector<Department>> decodeSubDepartments(int status, const std::string& body);
Answer<Page<User>> decodeUsers(int status, const std::string& body);

}  // namespace membersync::directory::platform::dingtalk
