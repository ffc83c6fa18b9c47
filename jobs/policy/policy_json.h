#pragma once

// Internal to jobs/policy's loader: include from .cpp files only (it includes Poco).

#include <Poco/Dynamic/Var.h>

#include <map>
#include <string>
#include <vector>

#include "jobs/i18n/message.h"

namespace membersync::policy::detail {

// Throws PolicyError "<file>: <path>: <what>".
[[noreturn]] void fail(const std::string& file, const std::string& path, i18n::Message what);

// "departments" + "ENG" -> "departments.ENG"; keys that are not plain words are quoted:
// departments["R&D team"].
std::string keyPath(const std::string& parent, const std::string& key);

// A value as a message shows it: "x" quoted, numbers and true/false/null as written, "an object",
// "an array".
i18n::Message shown(const Poco::Dynamic::Var& value);

bool isObject(const Poco::Dynamic::Var& value);
bool isArray(const Poco::Dynamic::Var& value);

// The sections of the policy file; `value` is the key's value, `file` names the file.
std::map<std::string, std::string> readDepartments(const Poco::Dynamic::Var& value,
                                                   const std::string& file);
std::vector<std::string> readProtect(const Poco::Dynamic::Var& value, const std::string& file);

}  // namespace membersync::policy::detail
