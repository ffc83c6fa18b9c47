#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "jobs/directory/person.h"
#include "jobs/policy/policy.h"

namespace membersync::policy {

// The value of an HR field (employee_id, account, name, department, remark, mobile, status) or,
// for any other name, of the attribute (unmapped column) of that name. An optional field the
// export does not have, or an attribute it does not have, is nullopt.
std::optional<std::string> fieldValue(const directory::Person& person, const std::string& name);

// True when the person meets `when`: for every key, the value (fieldValue; a missing one counts
// as empty) matches one of the key's patterns by globMatchValue; for an LDAP attribute with
// several values (memberOf), any of its values. An empty `when` matches everyone. Pure.
bool matches(const When& when, const directory::Person& person);

// Every HR field or attribute the policy reads: its rules' `when` keys, `lock_from` and
// `identity_from`. An LDAP read requests these besides the configured columns.
std::vector<std::string> attributesNamed(const Policy& policy);

// What `validate` says about one rule against an HR export.
struct RuleReport {
  std::string section;  // "assets", "locks" or "activities"
  std::string rule;
  // Active people the rule matches; for a lock rule, those with a lock number in lock_from too.
  std::size_t people = 0;
  // Names the rule reads (when keys, lock_from, identity_from) that are neither HR fields nor a
  // column of the export: they are empty for everyone.
  std::vector<std::string> unknownColumns;
};

// One report per rule, in file order. Pure.
std::vector<RuleReport> reportRules(const Policy& policy,
                                    const std::vector<directory::Person>& people);

}  // namespace membersync::policy
