#pragma once

#include <string>

#include "jobs/policy/policy.h"

namespace membersync::policy {

// Reads the policy file at `path` ([policy] path). An empty path means no policy: an empty
// Policy with an empty contentHash. Otherwise contentHash is the SHA-256 of the file's bytes,
// and the file must be a JSON object whose keys are among departments, protect, assets, locks
// and activities (the last three are read by the rules, elsewhere; here they are only allowed):
// - "departments": an object, HR department value -> departmentId, a positive whole number or
//   a string of digits (kept as decimal digits without leading zeros);
// - "protect": an array of account patterns, non-empty strings of ASCII letters, digits and `*`
//   (anything else could never match an account, and a protection that silently matches
//   nobody is worse than an error).
// Throws PolicyError naming the file and the JSON path of the mistake
// ("policy.json: departments.ENG: must be a positive whole number, not \"x\""), or the line
// of malformed JSON.
Policy loadPolicy(const std::string& path);

}  // namespace membersync::policy
