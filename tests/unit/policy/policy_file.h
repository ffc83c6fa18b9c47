#pragma once

#include <string>

#include "jobs/policy/loader.h"
#include "tests/support/temp_dir.h"

namespace membersync::policy::testing {

// A policy file in a fresh folder: load() writes and reads it; error() gives the PolicyError's
// text with the file's path shown as "policy.json", or "" when the file is accepted.
struct PolicyFile {
  membersync::testing::TempDir dir;
  std::string path;

  Policy load(const std::string& json) {
    path = dir.write("policy.json", json).string();
    return loadPolicy(path);
  }

  std::string error(const std::string& json) {
    try {
      load(json);
    } catch (const PolicyError& e) {
      std::string what = e.what();
      if (what.find(path) == 0) what.replace(0, path.size(), "policy.json");
      return what;
    }
    return "";
  }
};

}  // namespace membersync::policy::testing
