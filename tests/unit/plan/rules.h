#pragma once

// Policy rules for the [plan] entitlement tests, built in code (the loader has its own tests).

#include <string>
#include <vector>

#include "jobs/policy/policy.h"

namespace membersync::plan::testing {

inline policy::AssetRule poolRule(const std::string& name, policy::When when,
                                  std::vector<std::string> pool, bool exclusive = false) {
  policy::AssetRule r;
  r.rule = name;
  r.when = std::move(when);
  r.pool = std::move(pool);
  r.exclusive = exclusive;
  r.hash = "hash-" + name;
  return r;
}

inline policy::AssetRule productRule(const std::string& name, policy::When when,
                                     const std::string& product) {
  policy::AssetRule r;
  r.rule = name;
  r.when = std::move(when);
  r.product = product;
  r.hash = "hash-" + name;
  return r;
}

inline policy::LockRule lockRule(const std::string& name, policy::When when,
                                 const std::string& lockFrom) {
  policy::LockRule r;
  r.rule = name;
  r.when = std::move(when);
  r.lockFrom = lockFrom;
  r.hash = "hash-" + name;
  return r;
}

inline policy::ActivityRule activityRule(const std::string& name, policy::When when,
                                         const std::string& label,
                                         const std::string& identityFrom = "") {
  policy::ActivityRule r;
  r.rule = name;
  r.when = std::move(when);
  r.label = label;
  r.source = "membersync";
  r.branch = "HQ";
  r.identityFrom = identityFrom;
  r.hash = "hash-" + name;
  return r;
}

inline policy::When dept(const std::string& department) {
  return {{"department", {department}}};
}

}  // namespace membersync::plan::testing
