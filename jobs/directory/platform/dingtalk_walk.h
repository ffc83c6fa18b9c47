#pragma once

#include <string>

#include "jobs/core/secret.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_walk.h"

// A whole walk of DingTalk's organisation chart through PlatformCalls: the root (department/get
// 1), every department below it (topapi/v2/department/listsub, recursively) and each
// department's users (topapi/v2/user/list, 100 a page, following next_cursor while has_more).
// A walk costs 1 (gettoken) + 1 (the root) + D (listsub, one per department, the leaves too)
// + the sum over departments of max(1, ceil(users / 100)) calls: the fewest DingTalk allows.
namespace membersync::directory::platform::dingtalk {

struct Credentials {
  std::string baseUrl;  // https://oapi.dingtalk.com
  std::string appKey;
  Secret appSecret;
};

// What a walk of `departments` whose user lists fill `userPages` pages costs at the least.
int fewestCalls(int departments, int userPages);

// The gettoken request (its query carries the secret: never shown, urlForPeople strips it).
center::HttpRequest tokenRequest(const Credentials& c);

// Everything, or an exception (ExportError, PlatformConfigError): nothing from a partial walk.
WalkResult walk(PlatformCalls& calls, const Credentials& c);

}  // namespace membersync::directory::platform::dingtalk
