#pragma once

// Internal to jobs/policy's loader: include from .cpp files only (it includes Poco).

#include <Poco/Dynamic/Var.h>

#include <string>

#include "jobs/policy/policy.h"

namespace membersync::policy::detail {

// The rule sections of the policy file, read into `policy` (whose departments are already read:
// a `when.department` value must name one of them when there are any). `value` is the section's
// value, or empty when the file has no such section. Throws PolicyError with the JSON path of
// the first mistake.
struct RuleSections {
  Poco::Dynamic::Var assets, locks, activities;
  bool hasAssets = false, hasLocks = false, hasActivities = false;
};
void readRules(const RuleSections& sections, const std::string& file, Policy& policy);

}  // namespace membersync::policy::detail
