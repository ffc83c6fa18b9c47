#include "jobs/policy/glob.h"
#include "jobs/policy/policy.h"

namespace membersync::policy {

bool isProtected(const Policy& policy, const std::string& account) {
  for (const std::string& pattern : policy.protect)
    if (globMatch(pattern, account)) return true;
  return false;
}

}  // namespace membersync::policy
