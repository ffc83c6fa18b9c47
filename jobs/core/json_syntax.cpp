#include "jobs/core/json_syntax.h"

#include <cstddef>
#include <sstream>

// property_tree includes boost/bind.hpp, which warns about its global placeholders otherwise.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>

namespace membersync {
namespace {

// Poco's parser refuses JSON nested deeper than this (Poco::JSON::Parser's default depth).
// Boost's reader recurses once per level with no limit of its own: a file of a million '['
// would overflow the stack, so it is only ever given text nested no deeper.
constexpr int kDeepestNesting = 128;

struct TooDeep {
  std::size_t offset = 0;  // the bracket that opens level kDeepestNesting + 1
  int line = 0;
};

// Where `text` first nests deeper than kDeepestNesting (brackets inside strings do not count).
std::optional<TooDeep> firstTooDeep(const std::string& text) {
  int depth = 0;
  int line = 1;
  bool inString = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kDeepestNesting) return TooDeep{i, line};
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

std::optional<JsonSyntaxError> boostError(const std::string& text) {
  std::istringstream in(text);
  boost::property_tree::ptree ignored;
  try {
    boost::property_tree::read_json(in, ignored);
  } catch (const boost::property_tree::json_parser_error& e) {
    return JsonSyntaxError{static_cast<int>(e.line()), e.message()};
  }
  return std::nullopt;
}

}  // namespace

std::optional<JsonSyntaxError> findJsonSyntaxError(const std::string& text) {
  const auto deep = firstTooDeep(text);
  if (!deep) return boostError(text);
  // A mistake on an earlier line is what Poco met first; otherwise the nesting is the problem.
  auto before = boostError(text.substr(0, deep->offset));
  if (before && before->line < deep->line) return before;
  return JsonSyntaxError{deep->line, "nested deeper than " + std::to_string(kDeepestNesting) +
                                         " levels"};
}

}  // namespace membersync
