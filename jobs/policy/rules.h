#pragma once

#include <optional>
#include <string>

#include "jobs/directory/person.h"
#include "jobs/policy/policy.h"

namespace membersync::policy {

// The value of an HR field (employee_id, account, name, department, remark, mobile, status) or,
// for any other name, of the attribute (unmapped column) of that name. An optional field the
// export does not have, or an attribute it does not have, is nullopt.
std::optional<std::string> fieldValue(const directory::Person& person, const std::string& name);

// True when the person meets `when`: for every key, the value (fieldValue; a missing one counts
// as empty) matches one of the key's patterns by globMatchValue. An empty `when` matches
// everyone. Pure.
bool matches(const When& when, const directory::Person& person);

}  // namespace membersync::policy
