#pragma once

// What the loader's tests share: a [center] section it accepts, and the error a configuration
// file gets.

#include <string>

#include "config/loader.h"

namespace membersync::config::testing {

// A whole [center] section; its secrets are read from the files client-secret and
// admin-password beside the configuration, which each test writes.
inline constexpr const char* kCenterSection =
    "[center]\n"
    "base_url = https://center.example.com/\n"
    "enterprise_global_id = ENT-1\n"
    "enterprise_code = acme\n"
    "token_url = https://uc.example.com/oauth/token\n"
    "client_id = app\n"
    "client_secret_file = client-secret\n"
    "admin_user = admin@acme\n"
    "admin_password_file = admin-password\n";

// The ConfigError's text, or "" when the configuration at `path` loads.
inline std::string errorOf(const std::string& path, const LoadEnvironment& env = {}) {
  try {
    loadConfig(path, env);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace membersync::config::testing
