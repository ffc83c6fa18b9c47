#pragma once

#include <string>

#include "jobs/core/secret.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_walk.h"

// A whole walk of WeCom's (企业微信) contacts through PlatformCalls: every department's id and
// parent (department/simplelist), each department's name (department/get), every userid
// (user/list_id, 10,000 a page, following next_cursor) and each person (user/get). WeCom refuses
// department/list and user/list, which would give names and people in fewer calls, to an IP
// added to the contacts app after 2022-08-15, so a walk costs
//   1 (gettoken) + 1 (simplelist) + D + ceil(P / 10000) + P   calls: the fewest WeCom allows.
namespace membersync::directory::platform::wecom {

struct Credentials {
  std::string baseUrl;  // https://qyapi.weixin.qq.com
  std::string corpId;
  Secret corpSecret;  // the contacts app's (通讯录同步) secret
};

// What a walk of `departments` and `people` costs at the least.
long fewestCalls(long departments, long people);

// The gettoken request (its query carries the secret: never shown, urlForPeople strips it).
center::HttpRequest tokenRequest(const Credentials& c);

// Everything, or an exception (ExportError, PlatformConfigError): nothing from a partial walk.
// A person is listed under their main department; WalkResult::withheld names mobile, email and
// biz_mail when WeCom left them out (an app other than the contacts app).
WalkResult walk(PlatformCalls& calls, const Credentials& c);

}  // namespace membersync::directory::platform::wecom
