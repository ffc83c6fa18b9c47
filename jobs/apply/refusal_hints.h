#pragma once

// Internal to jobs/apply: the text people read about an A9 / A10 refusal, and the setting to
// fix when the service refuses membersync's configuration.

#include <string>

#include "jobs/center/result.h"

namespace membersync::apply {

// "<what>: <the error, described>" and, for the A9 / A10 refusals (spec 7.1), what to do about it.
std::string withHint(const std::string& what, const center::Error& e);

// What to change when the service refuses membersync's settings (50003, 40006, 60017, 40009):
// the setting to fix, or "" for any other code.
std::string configurationHint(const std::string& code);

// The setting a refusal's text most likely points at, for a refusal without a code (60027's
// entries need not carry one): the password length, the department mapping or the account
// suffix, by the words it uses (English or Chinese); else the settings that shape an add.
std::string settingNamedBy(const std::string& message);

}  // namespace membersync::apply
