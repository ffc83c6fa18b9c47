#pragma once

// Internal to jobs/apply: the text people read about an A9 / A10 refusal.

#include <string>

#include "jobs/center/result.h"

namespace membersync::apply {

// "<what>: <the error, described>" and, for the A9 / A10 refusals (spec 7.1), what to do about it.
std::string withHint(const std::string& what, const center::Error& e);

// What to change when the service refuses membersync's settings (50003, 40006, 60017, 40009):
// the setting to fix, or "" for any other code.
std::string configurationHint(const std::string& code);

}  // namespace membersync::apply
