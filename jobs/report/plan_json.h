#pragma once

#include <stdexcept>
#include <string>

#include "jobs/plan/plan.h"

namespace membersync::report {

// The plan for machines and for `plan --out PLANFILE`: every field of every item, the guard, the
// state changes and the hashes a stale plan is detected by, as UTF-8 JSON indented by two
// spaces, without a trailing newline. A plan holds no password, so neither does this.
std::string planToJson(const plan::Plan& plan);

// A saved plan that cannot be used. what() names the source and, where there is one, the JSON
// path: "plan.json: items[3].kind: expected one of add, edit, ..., not \"frob\"".
class PlanFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads back what planToJson() wrote, for `apply PLANFILE`; `source` names the file in errors.
// Reads version 2 (this membersync's) and version 1 (before asset, lock and activity steps: their
// fields read as empty). Throws PlanFileError when the text is not JSON, is another format or
// version, lacks a field or has one of the wrong type, or its counts do not match its items. Keys
// it does not know are ignored.
plan::Plan planFromJson(const std::string& text, const std::string& source);

}  // namespace membersync::report
