#include "jobs/core/json_syntax.h"

#include <sstream>

// property_tree includes boost/bind.hpp, which warns about its global placeholders otherwise.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>

namespace membersync {

std::optional<JsonSyntaxError> findJsonSyntaxError(const std::string& text) {
  std::istringstream in(text);
  boost::property_tree::ptree ignored;
  try {
    boost::property_tree::read_json(in, ignored);
  } catch (const boost::property_tree::json_parser_error& e) {
    return JsonSyntaxError{static_cast<int>(e.line()), e.message()};
  }
  return std::nullopt;
}

}  // namespace membersync
