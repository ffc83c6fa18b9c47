#pragma once

#include <optional>
#include <string>

// Poco 1.11's JSON parser says what is wrong with malformed JSON but not where. This finds the
// line, by running Boost.PropertyTree's JSON reader (which reports it) over the same text once
// Poco has refused it. Shared by the HR export reader and the policy loader.
namespace membersync {

struct JsonSyntaxError {
  int line = 0;         // 1-based
  std::string message;  // e.g. "expected value"
};

// The first syntax error in `text`, or nullopt when Boost's reader accepts it (it is less strict
// than Poco about a few things, such as numbers too large for 64 bits: callers then report
// Poco's message without a line).
std::optional<JsonSyntaxError> findJsonSyntaxError(const std::string& text);

}  // namespace membersync
