#pragma once

#include <string_view>

namespace membersync::policy {

// Case-insensitive (ASCII) glob match of the whole `text`: `*` matches any run of characters,
// including none; every other character matches itself. Used for `protect` patterns ("svc*"
// matches "SVCbackup", "admin" matches "Admin" but not "admin2"). Iterative, no regex: when a
// literal fails, it retries from the last `*` one character further on, so the work is
// proportional to the lengths' product at worst and linear in the common cases.
bool globMatch(std::string_view pattern, std::string_view text);

// As globMatch, for the values that rules' `when` clauses test: an empty value is matched only
// by an empty pattern, so "*" means "has some value" and never matches an empty cell.
bool globMatchValue(std::string_view pattern, std::string_view text);

}  // namespace membersync::policy
