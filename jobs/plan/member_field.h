#pragma once

#include <string>

#include "jobs/center/members.h"

namespace membersync::plan {

// The fields an edit manages, by their names in FieldChange: "name", "departmentId", "remark",
// "passwordMobile". The member's value ("" when the center has none). Also what settling reads
// an edit in doubt back with, so both compare alike.
std::string memberField(const center::MemberListItem& member, const std::string& field);

}  // namespace membersync::plan
