#include "jobs/plan/member_field.h"

namespace membersync::plan {

std::string memberField(const center::MemberListItem& member, const std::string& field) {
  if (field == "name") return member.name;
  if (field == "departmentId") return member.departmentId.value_or("");
  if (field == "remark") return member.remark.value_or("");
  if (field == "passwordMobile") return member.passwordMobile.value_or("");
  return {};
}

}  // namespace membersync::plan
