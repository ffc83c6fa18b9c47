#pragma once

#include <string>

#include "jobs/core/secret.h"
#include "jobs/directory/platform/platform_client.h"
#include "jobs/directory/platform/platform_walk.h"

// A whole walk of Feishu's (飞书) or Lark's contacts through PlatformCalls: a tenant token
// (auth/v3/tenant_access_token/internal), every department below the root in one paged list
// (contact/v3/departments/0/children with fetch_child=true, 50 a page) and each department's
// direct members, the root's too (contact/v3/users/find_by_department, 50 a page), with
// user_id_type=user_id: the user_id is the tenant's, where an open_id differs per app. A walk
// costs 1 + ceil(D / 50) + the sum over D + 1 departments of max(1, ceil(members / 50)) calls,
// the fewest Feishu allows. Feishu gives the root (department 0) no name, so department paths
// start below it: 工程部/隧道组.
namespace membersync::directory::platform::feishu {

struct Credentials {
  std::string baseUrl;  // https://open.feishu.cn, or https://open.larksuite.com for Lark
  std::string appId;
  Secret appSecret;
};

inline constexpr const char* kRootDepartmentId = "0";
inline constexpr int kPageSize = 50;  // the most either list gives a page

// What a walk of `departments` (below the root) whose member lists fill `memberPages` pages
// (each department's and the root's, at least one each) costs at the least.
long fewestCalls(long departments, long memberPages);

// The token request (its body carries the secret: never shown).
center::HttpRequest tokenRequest(const Credentials& c);

// Everything, or an exception (ExportError, PlatformConfigError): nothing from a partial walk.
// WalkResult::withheld names mobile and email when Feishu left them out (a scope missing).
WalkResult walk(PlatformCalls& calls, const Credentials& c);

}  // namespace membersync::directory::platform::feishu
