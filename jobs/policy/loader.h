#pragma once

#include <string>

#include "jobs/policy/policy.h"

namespace membersync::policy {

// Reads the policy file at `path` ([policy] path). An empty path means no policy: an empty
// Policy with an empty contentHash. Otherwise contentHash is the SHA-256 of the file's bytes,
// and the file must be a JSON object whose keys are among departments, protect, assets, locks
// and activities (any other key is an error):
// - "departments": an object, HR department value -> departmentId, a positive whole number or
//   a string of digits (kept as decimal digits without leading zeros);
// - "protect": an array of account patterns, non-empty strings of ASCII letters, digits and `*`
//   (anything else could never match an account, and a protection that silently matches
//   nobody is worse than an error);
// - "assets", "locks", "activities": arrays of rules (policy.h), each with a unique "rule" name
//   (ASCII letters, digits, '-', '_', '.') and an optional "when" object whose values are a
//   pattern string or a non-empty array of them. Asset rules hold "pool" (a non-empty array of
//   asset numbers, each in one pool of the file only) or "product" (a productUri), never both,
//   and "exclusive" (pools only); lock rules "lock_from"; activity rules "label" and "source"
//   (required), "branch" and "identity_from". With departments mapped, each `when.department`
//   pattern must match one of them. A `when` on any other name is accepted here (the export is
//   not read at load time); `validate` reports rules that match nobody.
// Throws PolicyError naming the file and the JSON path of the mistake
// ("policy.json: departments.ENG: must be a positive whole number, not \"x\""), or the line
// of malformed JSON.
Policy loadPolicy(const std::string& path);

// The same checks over a policy file's bytes already read (what loadPolicy does after reading
// `path`): `path` names the file in messages and becomes Policy::path; contentHash is the
// SHA-256 of `bytes`. Reads no file. Throws PolicyError as loadPolicy does.
Policy parsePolicy(const std::string& bytes, const std::string& path);

}  // namespace membersync::policy
