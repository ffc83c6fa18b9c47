#include "jobs/policy/rules.h"

#include "jobs/policy/glob.h"

namespace membersync::policy {

std::optional<std::string> fieldValue(const directory::Person& person, const std::string& name) {
  if (name == "employee_id") return person.employeeId;
  if (name == "account") return person.account;
  if (name == "name") return person.name;
  if (name == "department") return person.department;
  if (name == "remark") return person.remark;
  if (name == "mobile") return person.mobile;
  if (name == "status") return person.status;
  auto it = person.attributes.find(name);
  if (it == person.attributes.end()) return std::nullopt;
  return it->second;
}

bool matches(const When& when, const directory::Person& person) {
  for (const auto& [name, patterns] : when) {
    const std::string value = fieldValue(person, name).value_or("");
    bool any = false;
    for (const std::string& pattern : patterns) {
      if (globMatchValue(pattern, value)) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

}  // namespace membersync::policy
