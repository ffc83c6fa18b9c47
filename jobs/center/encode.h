#pragma once

#include <string>
#include <vector>

#include "jobs/center/activity.h"
#include "jobs/center/members.h"
#include "jobs/center/result.h"

namespace membersync::center {

// Request bodies as JSON text. A field the caller left absent is never sent. A departmentId that
// is not a decimal integer is a BadInput error (nothing is sent).
Result<std::string> encodeAddMembers(const std::vector<NewMember>& members);
Result<std::string> encodeMemberEdit(const MemberEdit& edit);
std::string encodeResetPassword(const Secret& password);
std::string encodeConfigureAssets(const std::vector<std::string>& deleteAssets,
                                  const std::vector<std::string>& addAssets);
std::string encodeLendAssets(const std::string& lockNumber, const std::vector<std::string>& assetIds);
std::string encodeEnrol(const EnrolRequest& request);

}  // namespace membersync::center
