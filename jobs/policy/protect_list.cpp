#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>

#include "jobs/policy/policy_json.h"

namespace membersync::policy::detail {

namespace {

bool isPatternChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '*';
}

}  // namespace

std::vector<std::string> readProtect(const Poco::Dynamic::Var& value, const std::string& file) {
  if (!isArray(value))
    fail(
        file, "protect",
        i18n::msg("must be an array of account patterns, not {value}").with("value", shown(value)));
  const auto& array = *value.extract<Poco::JSON::Array::Ptr>();
  std::vector<std::string> out;
  for (std::size_t i = 0; i < array.size(); ++i) {
    const std::string path = "protect[" + std::to_string(i) + "]";
    const Poco::Dynamic::Var element = array.get(static_cast<unsigned>(i));
    if (!element.isString() || element.extract<std::string>().empty())
      fail(file, path,
           i18n::msg("must be a non-empty string, not {value}").with("value", shown(element)));
    const std::string pattern = element.extract<std::string>();
    for (char c : pattern)
      if (!isPatternChar(c))
        fail(file, path,
             i18n::msg("{value} can never match an account: accounts hold only ASCII letters and "
                       "digits (write the account without the suffix; use * for any run of "
                       "characters)")
                 .with("value", shown(element)));
    out.push_back(pattern);
  }
  return out;
}

}  // namespace membersync::policy::detail
