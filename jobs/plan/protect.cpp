#include "jobs/plan/protect.h"

#include "jobs/plan/text_util.h"

namespace membersync::plan::detail {

bool isProtectedAccount(const policy::Policy& policy, std::string_view account) {
  for (const std::string& pattern : policy.protect)
    if (globMatch(pattern, account)) return true;
  return false;
}

}  // namespace membersync::plan::detail
